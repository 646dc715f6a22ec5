// Package tstest holds the checks every tree-sitter language passes: the
// byte-exact round trip, random removal sets that never add parse errors,
// and replacements that re-parse.
package tstest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// Files returns the files of dir that end in one of l's extensions.
func Files(t testing.TB, l *ts.Language, dir string) []string {
	t.Helper()
	return grammartest.Inputs(t, dir, l.Exts...)
}

// RoundTrip checks that each file parses, renders back byte for byte and
// passes its own Check, and that tree-sitter read it without error unless
// its name says it has some ("*error*").
func RoundTrip(t *testing.T, l *ts.Language, files []string) {
	for _, file := range files {
		t.Run(name(file), func(t *testing.T) {
			src := read(t, file)
			doc := grammartest.RoundTrip(t, l.Format(), src)
			if err := doc.Policy.Check(src); err != nil {
				t.Errorf("Check(input) = %v, want nil", err)
			}
			if len(doc.Warnings) > 0 && !strings.Contains(filepath.Base(file), "error") {
				t.Errorf("warnings %q, want none", doc.Warnings)
			}
		})
	}
}

// Property renders n random candidates of each file (n/3 for large files,
// a tenth with -short). Every candidate that Check accepts must have no
// more syntax errors than the input by a fresh parse: random removal sets
// never add parse errors that reach a test. The share that Check rejects
// says how well the table makes candidates valid by construction; it must
// not exceed maxShare.
func Property(t *testing.T, l *ts.Language, files []string, n int, maxShare float64) {
	for _, file := range files {
		t.Run(name(file), func(t *testing.T) {
			src := read(t, file)
			n := n
			if len(src) > 50000 {
				n /= 3
			}
			if testing.Short() {
				n /= 10
			}
			limit, err := l.Errors(src)
			if err != nil {
				t.Fatal(err)
			}
			f := l.Format()
			if l.Declares != "" {
				// The share refused measures the table, which is about
				// the syntax: undeclared names are left to a fresh parse.
				f.Parse = func(ctx context.Context, src []byte) (*grammars.Doc, error) {
					doc, err := l.Parse(ctx, src)
					if err == nil {
						SyntaxOnly(t, l, doc, src)
					}
					return doc, err
				}
			}
			st := grammartest.Property(t, f, src, n, 1, func(cand []byte) error {
				got, err := l.Errors(cand)
				if err != nil {
					return err
				}
				if got > limit {
					return fmt.Errorf("%d syntax errors, want at most %d", got, limit)
				}
				return nil
			})
			removals := st.Candidates - st.Transformed
			share := float64(st.Rejected-st.TransformRejected) / float64(max(removals, 1))
			t.Logf("candidates %d, rejected %d, bad %d; of the %d removals only, rejected %.1f%%",
				st.Candidates, st.Rejected, st.Bad, removals, 100*share)
			if share > maxShare {
				t.Errorf("Check rejected %.1f%% of the removal candidates, want at most %.0f%%", 100*share, 100*maxShare)
			}
		})
	}
}

// SyntaxOnly makes doc's Check, if l's Check also refuses undeclared
// names (l.Declares is set), judge the syntax alone, by a fresh parse:
// what a table or a transform is responsible for. src is doc's input.
func SyntaxOnly(t testing.TB, l *ts.Language, doc *grammars.Doc, src []byte) {
	t.Helper()
	if l.Declares == "" {
		return
	}
	limit, err := l.Errors(src)
	if err != nil {
		t.Fatal(err)
	}
	doc.Policy.Check = func(cand []byte) error {
		if n, err := l.Errors(cand); err != nil || n > limit {
			return fmt.Errorf("%d syntax errors, the input had %d (%v)", n, limit, err)
		}
		return nil
	}
}

// full makes SingleEdits check every node of a large input, not a sample.
var full = flag.Bool("full", false, "check every node of the large inputs, not a sample")

// SingleEdits renders, for every shrinkable node of each file (in a large
// one, a sample of about 2000, a tenth of that with -short, and every
// opaque node), the candidate with only that node removed, and checks it
// with Check (with a fresh parse's error count where the language's Check
// also refuses undeclared names). Every replacement must pass: a replacement
// that breaks the syntax is a bug in the table. Removals may fail where
// the table cannot see the constraint (the last item of a list that must
// not be empty, say); they must pass at least minRemovals of the time.
func SingleEdits(t *testing.T, l *ts.Language, files []string, minRemovals float64) {
	for _, file := range files {
		t.Run(name(file), func(t *testing.T) {
			src := read(t, file)
			doc, err := l.Parse(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			// The table's part is the syntax: where the language also
			// refuses undeclared names, a fresh parse judges instead.
			SyntaxOnly(t, l, doc, src)
			check := doc.Policy.Check
			tr := doc.Tree
			step := 1
			if !*full && len(tr.Nodes) > 5000 {
				step = len(tr.Nodes) / 2000
				if testing.Short() {
					step *= 10
				}
			}
			var rem, remOK, rep, repOK int
			failed := map[string]int{} // removal failures by parent and kind
			var buf []byte
			for id := range tr.Nodes {
				id := tree.NodeID(id)
				if !tr.CanShrink(id) || int(id)%step != 0 && !tr.Nodes[id].Is(tree.Opaque) {
					continue
				}
				n := &tr.Nodes[id]
				buf = unparse.Append(buf[:0], tr, doc.Policy, tree.Candidate{}.Remove(id))
				err := check(buf)
				if n.Is(tree.Removable) {
					rem++
					if err == nil {
						remOK++
					} else {
						failed[tr.Nodes[n.Parent].Kind+" > "+n.Kind]++
					}
					continue
				}
				rep++
				if err == nil {
					repOK++
				} else if rep-repOK <= 5 {
					t.Errorf("replacing %s %q (in %s) by %q: %v\n%s", n.Kind, clip(tr.Text(id)),
						tr.Nodes[n.Parent].Kind, n.Replace, err, around(buf, int(n.Start)))
				}
			}
			t.Logf("replacements: %d/%d pass; removals: %d/%d pass (%.1f%%)", repOK, rep, remOK, rem, pct(remOK, rem))
			if len(failed) > 0 {
				t.Logf("failed removals: %s", summary(failed))
			}
			if pct(remOK, rem) < 100*minRemovals {
				t.Errorf("removals pass %.1f%%, want at least %.0f%%", pct(remOK, rem), 100*minRemovals)
			}
		})
	}
}

// name returns the name of a file's subtest: its directory's name and its
// own, which tells the inputs of the benchmark corpus apart.
func name(file string) string {
	return filepath.Base(filepath.Dir(file)) + "/" + filepath.Base(file)
}

func read(t *testing.T, file string) []byte {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// summary lists the counts of m, largest first.
func summary(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] || m[keys[i]] == m[keys[j]] && keys[i] < keys[j] })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func clip(b []byte) string {
	s := string(b)
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}

// around returns the text of b around offset off.
func around(b []byte, off int) string {
	return string(b[max(off-120, 0):min(off+120, len(b))])
}

// NeedTool returns the path of a program a test needs. Under CI (the CI
// variable set) the program must be there, as .ci/run installs it;
// elsewhere the test is skipped without it.
func NeedTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// Reduce reduces src, in l, with a test that finds a candidate interesting
// when interesting returns true for a file holding it, named name in a
// directory of its own (so that it may run concurrently, two at a time),
// and returns the result. It fails t if the reduction fails or if the
// result is not under maxShare of src's size.
func Reduce(t *testing.T, l *ts.Language, src []byte, name string, maxShare float64, interesting func(path string) bool) *hdd.Result {
	t.Helper()
	doc, err := l.Parse(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var runs atomic.Int64
	oracle := hdd.OracleFunc(func(cand []byte) bool {
		d := filepath.Join(dir, fmt.Sprint(runs.Add(1)))
		if err := os.Mkdir(d, 0o700); err != nil {
			panic(err)
		}
		defer os.RemoveAll(d)
		path := filepath.Join(d, name)
		if err := os.WriteFile(path, cand, 0o600); err != nil {
			panic(err)
		}
		return interesting(path)
	})
	r := &hdd.Reducer{Oracle: oracle, Jobs: 2}
	res, err := r.Reduce(context.Background(), doc.Tree, doc.Policy)
	if err != nil {
		t.Fatalf("Reduce: %v", err)
	}
	share := float64(len(res.Output)) / float64(len(src))
	t.Logf("%d bytes to %d (%.1f%%) in %d test runs:\n%s", len(src), len(res.Output), 100*share, res.Stats.Tests, res.Output)
	if share >= maxShare {
		t.Errorf("the result has %.1f%% of the input's bytes, want under %.0f%%", 100*share, 100*maxShare)
	}
	return res
}

// Passes runs the program with args and reports whether it exits with
// status 0 within ten seconds: a reduced program may loop forever.
func Passes(program string, args ...string) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return exec.CommandContext(ctx, program, args...).Run() == nil
}

// A CheckRow is a candidate of a Checks input, and whether the policy's
// Check accepts it.
type CheckRow struct {
	Name, Cand string
	OK         bool
}

// Checks parses input as l and checks, row by row, that its policy's
// Check accepts exactly the candidates of rows marked OK.
func Checks(t *testing.T, l *ts.Language, input string, rows []CheckRow) {
	t.Helper()
	doc, err := l.Parse(context.Background(), []byte(input))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Run(r.Name, func(t *testing.T) {
			if err := doc.Policy.Check([]byte(r.Cand)); (err == nil) != r.OK {
				t.Errorf("Check(%q) = %v, want ok %v", r.Cand, err, r.OK)
			}
		})
	}
}

// Transform parses src as l and checks that transform proposes, for it,
// the candidates whose texts are want, in order, each passing the
// policy's Check.
func Transform(t *testing.T, l *ts.Language, transform func(*tree.Tree, tree.Candidate) []tree.Candidate, src string, want []string) {
	t.Helper()
	doc, err := l.Parse(t.Context(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range transform(doc.Tree, tree.Candidate{}) {
		text := unparse.Text(doc.Tree, doc.Policy, c)
		if err := doc.Policy.Check(text); err != nil {
			t.Errorf("Check(%q): %v", text, err)
		}
		got = append(got, string(text))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// An UnusedRow is an input of Unused, the start of the texts of the nodes
// it keeps, and the groups of unused declarations the policy finds there:
// each group's texts, joined by " + ".
type UnusedRow struct {
	Name, Src, Keep string
	Want            []string
}

// Unused parses each row's input as l and checks the groups of unused
// declarations its policy finds, the nodes whose text starts with the
// row's Keep kept.
func Unused(t *testing.T, l *ts.Language, rows []UnusedRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.Name, func(t *testing.T) {
			doc, err := l.Parse(context.Background(), []byte(r.Src))
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			keep := func(id tree.NodeID) bool {
				return r.Keep != "" && strings.HasPrefix(string(tr.Text(id)), r.Keep)
			}
			var got []string
			for _, g := range doc.Policy.Unused(tr, tree.Candidate{}, keep) {
				var texts []string
				for _, id := range g {
					texts = append(texts, string(tr.Text(id)))
				}
				got = append(got, strings.Join(texts, " + "))
			}
			if !slices.Equal(got, r.Want) {
				t.Errorf("Unused:\n got %q\nwant %q", got, r.Want)
			}
		})
	}
}
