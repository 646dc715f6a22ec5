package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars"
)

// TestBadInputTable covers each row of the README's table of failures with
// the real binary: what hdd says, its exit status, and that the input is
// never lost or changed.
func TestBadInputTable(t *testing.T) {
	dir := t.TempDir()
	const payload = `{"a": [1, 2, 3], "b": "crash", "c": {"d": null}}`
	good := script(t, dir, "good.sh", `grep -q crash "$1"`)
	lockedOut := filepath.Join(dir, "locked.json")
	// Another hdd holds the output's lock: this process, with the kernel's lock.
	holdLock(t, lockPath(lockedOut))
	loop := filepath.Join(dir, "loop.json")
	os.Symlink(loop, loop)
	huge := filepath.Join(dir, "huge.json")
	if f, err := os.Create(huge); err == nil {
		f.Truncate(300 << 20) // sparse: no disk used
		f.Close()
	}
	pids := filepath.Join(dir, "pids")

	tests := []struct {
		name   string
		input  string // content of the input; "" with file set uses file
		file   string
		args   func(input string) []string
		env    []string
		code   int
		want   []string
		result bool // a reduced, interesting result must be written
	}{
		{name: "empty input", input: "\n", code: 1, want: []string{"the input is empty or blank: there is nothing to reduce"}},
		{name: "binary input", input: "\x7fELF\x00\x01\x02", code: 1, want: []string{"binary"}},
		{name: "unreadable input", file: loop, code: 1, want: []string{"cannot read the input"}},
		{name: "directory as input", file: dir, code: 1, want: []string{"is a directory"}},
		{name: "input of 300 MB", file: huge, code: 1, want: []string{"300 MB", "-max-size"}},
		{name: "output not writable", input: payload, code: 1, want: []string{"cannot write the output"},
			args: func(in string) []string { return []string{"-o", "/nonexistent/dir/out.json", good, in} }},
		{name: "two runs on one output", input: payload, code: 1, want: []string{"another hdd", "is writing"},
			args: func(in string) []string { return []string{"-o", lockedOut, good, in} }},
		{name: "temporary directory unusable", input: payload, code: 1, env: []string{"TMPDIR=/dev/null"},
			want: []string{"temporary directory"}},
		{name: "test writes into its directory and deletes the candidate", input: payload, result: true,
			args: func(in string) []string {
				return []string{script(t, dir, "messy.sh", `grep -q crash "$1" || exit 1; rm -f "$1"; echo junk > junk; mkdir -p sub; exit 0`), in}
			}},
		{name: "test prints megabytes", input: payload, result: true,
			args: func(in string) []string {
				return []string{script(t, dir, "loud.sh", `head -c 3000000 /dev/zero | tr '\0' x; grep -q crash "$1"`), in}
			}},
		{name: "unparsable input with a slow test", input: `a: [1, 2`, code: 1, want: []string{"not valid json", "1:1"},
			args: func(in string) []string {
				// The original is tested while the input is parsed: the parse
				// error wins, and the test started meanwhile is stopped.
				return []string{script(t, dir, "slow.sh", `sleep 60 & echo $! >> `+pids+`; wait`), in}
			}},
		{name: "test leaves background processes", input: payload, result: true,
			args: func(in string) []string {
				return []string{script(t, dir, "bg.sh", `sleep 60 & echo $! >> `+pids+`; grep -q crash "$1"`), in}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			input := tc.file
			if input == "" {
				input = filepath.Join(t.TempDir(), "in.json")
				os.WriteFile(input, []byte(tc.input), 0o644)
			}
			args := []string{good, input}
			if tc.args != nil {
				args = tc.args(input)
			}
			cmd := exec.Command(hddBin, args...)
			cmd.Env = append(os.Environ(), tc.env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s", code, tc.code, stderr.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
				}
			}
			if strings.Contains(stderr.String(), "goroutine ") {
				t.Errorf("a stack trace:\n%s", stderr.String())
			}
			if lines := strings.Count(strings.TrimSpace(stderr.String()), "\n") + 1; tc.code != 0 && lines > 3 {
				t.Errorf("the error takes %d lines, want a short message:\n%s", lines, stderr.String())
			}
			if tc.file == "" {
				if b, _ := os.ReadFile(input); string(b) != tc.input {
					t.Errorf("the input changed to %q", b)
				}
			}
			if tc.result {
				got, err := os.ReadFile(reducedPath(input))
				if err != nil || !bytes.Contains(got, []byte("crash")) || len(got) >= len(tc.input) {
					t.Errorf("no reduced result: %q, %v", got, err)
				}
			}
		})
	}
	b, _ := os.ReadFile(pids)
	for _, f := range strings.Fields(string(b)) {
		var pid int
		fmt.Sscan(f, &pid)
		if running(pid) {
			t.Errorf("a background process of the test (pid %d) survived", pid)
		}
	}
	if _, err := os.Stat(lockPath(lockedOut)); err != nil {
		t.Errorf("the other run's lock was removed: %v", err)
	}
}

func TestAlsoInteresting(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	// ddmin-blocks first tries without the first member: "other" but no "crash".
	os.WriteFile(input, []byte(`{"a": "crash", "b": "other", "c": [1, 2]}`), 0o644)
	// Exit 0 for the bug we reduce; exit 7 for a different bug (crash gone, other kept).
	test := script(t, dir, "t.sh", `grep -q crash "$1" && exit 0; grep -q other "$1" && exit 7; exit 1`)
	findings := filepath.Join(dir, "found")
	r := runHDD(t, "-j", "1", "-minimizer", "ddmin-blocks", "-also-interesting", "7", "-findings", findings, test, input)
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(findings, "*-in.json"))
	if len(files) == 0 {
		t.Fatalf("no findings saved:\n%s", r.stderr)
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if !bytes.Contains(b, []byte("other")) || bytes.Contains(b, []byte("crash")) || !json.Valid(b) {
			t.Errorf("%s = %q, want a valid candidate with the other bug only", f, b)
		}
	}
	if got, _ := os.ReadFile(reducedPath(input)); !bytes.Contains(got, []byte("crash")) {
		t.Errorf("the main result lost the bug: %q", got)
	}
}

func TestFlakyOriginalReported(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": "crash", "b": [1, 2]}`), 0o644)
	count := filepath.Join(dir, "count")
	// Interesting on every other run.
	test := script(t, dir, "flaky.sh", `echo x >> `+count+`; n=$(wc -l < `+count+`); [ $((n % 2)) -eq 1 ] && grep -q crash "$1"`)
	r := runHDD(t, "-j", "1", "-repeat", "3", "-max-tests", "20", test, input)
	if !strings.Contains(r.stderr, "flaky") || !strings.Contains(r.stderr, "of 3 runs") {
		t.Errorf("no flakiness figures:\n%s", r.stderr)
	}
	// A test that misses the bug at times wants retries of its own:
	// -repeat, which needs every run, would miss more.
	if !strings.Contains(r.stderr, "make the test try again itself") {
		t.Errorf("no advice to make the test retry:\n%s", r.stderr)
	}
}

// TestBudgetsAndResume stops a reduction with -max-tests three times, going
// on each time, and compares the result with an uninterrupted run.
func TestBudgetsAndResume(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("[\n")
	for i := range 60 {
		sep := ","
		if i == 59 {
			sep = ""
		}
		word := "filler"
		if i == 17 || i == 41 {
			word = "crash"
		}
		fmt.Fprintf(&b, "  {\"id\": %d, \"tags\": [\"x\", \"%s\"]}%s\n", i, word, sep)
	}
	b.WriteString("]\n")
	src := b.String()
	test := script(t, dir, "t.sh", `[ $(grep -c crash "$1") -ge 2 ]`)

	whole := filepath.Join(dir, "whole.json")
	os.WriteFile(whole, []byte(src), 0o644)
	r := runHDD(t, "-j", "1", test, whole)
	if r.code != 0 {
		t.Fatalf("uninterrupted: exit %d\n%s", r.code, r.stderr)
	}
	want, _ := os.ReadFile(reducedPath(whole))

	parts := filepath.Join(dir, "parts.json")
	os.WriteFile(parts, []byte(src), 0o644)
	for i := range 3 {
		r := runHDD(t, "-j", "1", "-max-tests", "12", test, parts)
		if r.code != 0 || !strings.Contains(r.stderr, "stopped by -max-tests") {
			t.Fatalf("stop %d: exit %d\n%s", i, r.code, r.stderr)
		}
		if i > 0 && !strings.Contains(r.stderr, "going on from the earlier result") {
			t.Errorf("stop %d did not go on from the earlier result:\n%s", i, r.stderr)
		}
		if got, _ := os.ReadFile(reducedPath(parts)); !json.Valid(got) || !accepts(t, test, reducedPath(parts)) {
			t.Fatalf("stop %d: the partial result is not a valid interesting input: %q", i, got)
		}
	}
	statsPath := filepath.Join(dir, "stats.json")
	r = runHDD(t, "-j", "1", "-stats-json", statsPath, test, parts)
	if r.code != 0 {
		t.Fatalf("last run: exit %d\n%s", r.code, r.stderr)
	}
	got, _ := os.ReadFile(reducedPath(parts))
	// The summary and the statistics say where the run started and what
	// the original was.
	var st Stats
	if b, err := os.ReadFile(statsPath); err != nil || json.Unmarshal(b, &st) != nil {
		t.Fatalf("the statistics: %v", err)
	}
	if st.OriginalBytes != len(src) || st.BytesBefore >= len(src) || st.BytesAfter != len(got) {
		t.Errorf("statistics: original %d, before %d, after %d; want %d, less, %d", st.OriginalBytes, st.BytesBefore, st.BytesAfter, len(src), len(got))
	}
	if w := fmt.Sprintf("%d -> %d bytes", len(src), len(got)); !strings.Contains(r.stderr, w) || !strings.Contains(r.stderr, fmt.Sprintf("this run went on from an earlier result of %d bytes", st.BytesBefore)) {
		t.Errorf("the summary does not say %q and where the run began:\n%s", w, r.stderr)
	}
	t.Logf("uninterrupted: %d bytes; stopped three times and resumed: %d bytes", len(want), len(got))
	if float64(len(got)) > 1.1*float64(len(want)) {
		t.Errorf("resumed result has %d bytes, more than 110%% of the uninterrupted %d:\n%s\n%s", len(got), len(want), got, want)
	}
}

func TestMaxTime(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	src := jsonArray(301, func(i int) string {
		if i == 300 {
			return `"crash"`
		}
		return fmt.Sprint(i)
	})
	os.WriteFile(input, []byte(src), 0o644)
	test := script(t, dir, "slow.sh", `sleep 0.2; grep -q crash "$1"`)
	start := time.Now()
	r := runHDD(t, "-j", "1", "-max-time", "2s", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "stopped by -max-time") {
		t.Errorf("exit %d:\n%s", r.code, r.stderr)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("took %v with -max-time 2s", el)
	}
	if !accepts(t, test, reducedPath(input)) {
		t.Errorf("the result is not interesting")
	}

	// A budget spent before the original's first run ends says so.
	out := filepath.Join(dir, "short.json")
	r = runHDD(t, "-j", "1", "-max-time", "50ms", "-o", out, test, input)
	if r.code != 1 || !strings.Contains(r.stderr, "-max-time 50ms was spent before the search began (while the test checked") {
		t.Errorf("-max-time 50ms: exit %d, want 1 and the budget named:\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-max-time 50ms wrote %s (%v)", out, err)
	}
}

// bugScript is the test of the issue: interesting while "bugA" or "bugB"
// is in the candidate.
const bugScript = `grep -q '"bugA"' "$1" && exit 0; grep -q '"bugB"' "$1" && exit 0; exit 1`

// TestResumeOnlyFromSameInput goes on from an earlier output only when it
// is a result of the same input and test, and keeps any other output aside.
func TestResumeOnlyFromSameInput(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, input, test, out string) // between the two runs
		resume bool
		why    string
	}{
		{name: "same input and test", resume: true},
		{name: "input replaced", why: "earlier version of the input",
			change: func(t *testing.T, input, _, _ string) {
				os.WriteFile(input, []byte(`{"data":[{"bugB":1}],"pad":[1,2,3,4,5,6,7,8,9]}`+"\n"), 0o644)
			}},
		{name: "test changed", why: "earlier version of the test",
			change: func(t *testing.T, _, test, _ string) {
				os.WriteFile(test, []byte("#!/bin/sh\n# changed\n"+bugScript+"\n"), 0o755)
			}},
		{name: "output edited", why: "changed after hdd wrote it",
			change: func(t *testing.T, _, _, out string) { os.WriteFile(out, []byte(`{"bugA":1}`), 0o644) }},
		{name: "output from an older hdd", why: "nothing says what it was made from",
			change: func(t *testing.T, _, _, out string) { os.Remove(recordPath(out)) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			test := script(t, dir, "t.sh", bugScript)
			input := filepath.Join(dir, "bug.json")
			os.WriteFile(input, []byte(`{"x":1,"payload":{"bugA":true},"pad":[1,2,3,4,5,6,7,8,9]}`+"\n"), 0o644)
			out := filepath.Join(dir, "order.min.json") // a reused -o, as in the README
			if r := runHDD(t, "-j", "1", "-max-tests", "6", "-o", out, test, input); r.code != 0 {
				t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
			}
			first, _ := os.ReadFile(out)
			if tc.change != nil {
				tc.change(t, input, test, out)
			}
			kept, _ := os.ReadFile(out)
			r := runHDD(t, "-j", "1", "-o", out, test, input)
			if r.code != 0 {
				t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
			}
			got, _ := os.ReadFile(out)
			src, _ := os.ReadFile(input)
			if !accepts(t, test, out) {
				t.Errorf("the result %q is not interesting", got)
			}
			for _, key := range []string{`"bugA"`, `"bugB"`} {
				if bytes.Contains(got, []byte(key)) && !bytes.Contains(src, []byte(key)) {
					t.Errorf("the result %q holds %s, which is not in the input %q", got, key, src)
				}
			}
			resumed := strings.Contains(r.stderr, "going on from the earlier result")
			if resumed != tc.resume {
				t.Errorf("went on from the earlier result: %v, want %v\n%s", resumed, tc.resume, r.stderr)
			}
			if tc.resume {
				if !strings.Contains(r.stderr, "made from this input by this test") {
					t.Errorf("does not say why it goes on:\n%s", r.stderr)
				}
				return
			}
			if !strings.Contains(r.stderr, tc.why) {
				t.Errorf("stderr does not say %q:\n%s", tc.why, r.stderr)
			}
			aside, err := os.ReadFile(out + ".~1~")
			if err != nil || !bytes.Equal(aside, kept) {
				t.Errorf("the earlier output was not kept aside: %q, %v (want %q; first result %q)", aside, err, kept, first)
			}
		})
	}
}

// TestWrongTestLeavesOutput runs hdd with a test that finds the original
// uninteresting (a typo, say) where an earlier result of another test
// stands: the output is left in place, nothing is kept aside, and the
// next run with the right test goes on from it.
func TestWrongTestLeavesOutput(t *testing.T) {
	dir := t.TempDir()
	test := script(t, dir, "t.sh", bugScript)
	wrong := script(t, dir, "wrong.sh", "exit 1")
	input := filepath.Join(dir, "bug.json")
	os.WriteFile(input, []byte(`{"x":1,"payload":{"bugA":true},"pad":[1,2,3,4,5,6,7,8,9]}`+"\n"), 0o644)
	out := filepath.Join(dir, "bug.reduced.json")
	if r := runHDD(t, "-j", "1", "-max-tests", "6", test, input); r.code != 0 {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	first, _ := os.ReadFile(out)
	if r := runHDD(t, "-j", "1", wrong, input); r.code == 0 || !strings.Contains(r.stderr, "not interesting") {
		t.Fatalf("the wrong test: exit %d, want it to say the original is not interesting\n%s", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, first) {
		t.Errorf("the output holds %q after the wrong test, want %q left in place", got, first)
	}
	if _, err := os.Lstat(out + ".~1~"); err == nil {
		t.Errorf("the output was kept aside as %s.~1~ by a run that wrote nothing", out)
	}
	r := runHDD(t, "-j", "1", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "going on from the earlier result") {
		t.Errorf("the right test again: exit %d, want it to go on from the earlier result\n%s", r.code, r.stderr)
	}
}

// TestResumeFromResultNotInteresting goes on from an earlier result
// whose test has changed its mind (it reads a file the record does not
// know of): hdd must say so and start again from the input, at one job,
// and at eight, where the first tests of the search run beside the
// checks of the earlier result.
func TestResumeFromResultNotInteresting(t *testing.T) {
	for _, jobs := range []string{"1", "8"} {
		t.Run("-j "+jobs, func(t *testing.T) {
			dir := t.TempDir()
			want := filepath.Join(dir, "want")
			test := script(t, dir, "t.sh", `grep -q "$(cat '`+want+`')" "$1"`)
			input := filepath.Join(dir, "bug.json")
			os.WriteFile(input, []byte(`{"x":1,"a":{"bugA":true},"b":{"bugB":true},"pad":[1,2,3,4,5,6,7,8,9]}`+"\n"), 0o644)
			os.WriteFile(want, []byte("bugA"), 0o644)
			if r := runHDD(t, "-j", jobs, test, input); r.code != 0 {
				t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
			}
			os.WriteFile(want, []byte("bugB"), 0o644)
			r := runHDD(t, "-j", jobs, test, input)
			if r.code != 0 {
				t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, "is not interesting any more") {
				t.Errorf("does not say that the earlier result is not interesting any more:\n%s", r.stderr)
			}
			got, _ := os.ReadFile(reducedPath(input))
			if !bytes.Contains(got, []byte("bugB")) || !accepts(t, test, reducedPath(input)) {
				t.Errorf("the result %q is not interesting\n%s", got, r.stderr)
			}
		})
	}
}

// TestInPlaceKeepsEveryOriginal runs -in-place on one file, then on another
// file put in its place: both originals must survive, with their modes.
func TestInPlaceKeepsEveryOriginal(t *testing.T) {
	dir := t.TempDir()
	test := script(t, dir, "t.sh", bugScript)
	input := filepath.Join(dir, "ip.json")
	caseA := `{"x":1,"payload":{"bugA":true}}` + "\n"
	caseB := `{"data":[{"bugB":1}],"more":[1,2]}` + "\n"
	os.WriteFile(input, []byte(caseA), 0o600)
	if r := runHDD(t, "-in-place", test, input); r.code != 0 {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	os.WriteFile(input, []byte(caseB), 0o600)
	r := runHDD(t, "-in-place", test, input)
	if r.code != 0 {
		t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "going on from") {
		t.Errorf("went on from case A's result:\n%s", r.stderr)
	}
	for name, want := range map[string]string{input + ".orig": caseB, input + ".orig.~1~": caseA} {
		b, err := os.ReadFile(name)
		if string(b) != want {
			t.Errorf("%s = %q, %v; want %q", filepath.Base(name), b, err, want)
		}
	}
	got, _ := os.ReadFile(input)
	if !bytes.Contains(got, []byte("bugB")) || len(got) >= len(caseB) {
		t.Errorf("ip.json = %q, want case B reduced", got)
	}
	for _, name := range []string{input, input + ".orig", input + ".orig.~1~"} {
		if info, err := os.Stat(name); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v; want mode -rw------- as the input's", filepath.Base(name), modeOf(info, err))
		}
	}
	// A third run goes on from case B's result.
	if r := runHDD(t, "-in-place", test, input); r.code != 0 || !strings.Contains(r.stderr, "going on from") {
		t.Errorf("third run: exit %d, want it to go on from the result:\n%s", r.code, r.stderr)
	}
}

// TestInPlaceBackupIsInput refuses -in-place where the input and its
// backup are one file through a symbolic link, either way round, for a
// file and a folder, or a hard link: the result would overwrite the only
// original.
func TestInPlaceBackupIsInput(t *testing.T) {
	src := `{"x":1,"payload":{"bugA":true}}` + "\n"
	for _, tt := range []struct {
		name         string
		folder, back bool // a folder; the backup is the link
	}{
		{"input links to its backup", false, false},
		{"backup links to the input", false, true},
		{"folder links to its backup", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			test := script(t, dir, "t.sh", bugScript)
			if tt.folder {
				test = script(t, dir, "t.sh", "#!/bin/sh\ngrep -rq bugA \"$1\"\n")
			}
			input := filepath.Join(dir, "case.json")
			real, link := input+".orig", input
			if tt.back {
				real, link = input, input+".orig"
			}
			file := real
			if tt.folder {
				os.Mkdir(real, 0o755)
				file = filepath.Join(real, "a.json")
			}
			os.WriteFile(file, []byte(src), 0o644)
			os.Symlink(filepath.Base(real), link)
			r := runHDD(t, "-in-place", test, input)
			if r.code != 1 || !strings.Contains(r.stderr, "are the same file") {
				t.Errorf("exit %d, want 1 and the same file named:\n%s", r.code, r.stderr)
			}
			if b, _ := os.ReadFile(file); string(b) != src {
				t.Errorf("the original = %q, want it as it was", b)
			}
		})
	}
	t.Run("a hard link", func(t *testing.T) {
		dir := t.TempDir()
		test := script(t, dir, "t.sh", bugScript)
		input := filepath.Join(dir, "case.json")
		os.WriteFile(input+".orig", []byte(src), 0o644)
		os.Link(input+".orig", input)
		r := runHDD(t, "-in-place", test, input)
		if r.code != 1 || !strings.Contains(r.stderr, "are the same file") {
			t.Errorf("exit %d, want 1 and the same file named:\n%s", r.code, r.stderr)
		}
		if b, _ := os.ReadFile(input + ".orig"); string(b) != src {
			t.Errorf("the original = %q, want it as it was", b)
		}
	})
}

// TestInPlaceSymlinkAndModes follows a symbolic link to its target and
// writes results with the input's mode, or the umask's for new files.
func TestInPlaceSymlinkAndModes(t *testing.T) {
	dir := t.TempDir()
	test := script(t, dir, "t.sh", bugScript)
	target := filepath.Join(dir, "data", "case.json")
	os.Mkdir(filepath.Dir(target), 0o755)
	src := `{"x":1,"payload":{"bugA":true}}` + "\n"
	os.WriteFile(target, []byte(src), 0o640)
	os.Chmod(target, 0o640|os.ModeSetgid) // kept too, in the backup and the result
	link := filepath.Join(dir, "link.json")
	os.Symlink(target, link)
	if r := runHDD(t, "-in-place", test, link); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.json is no longer a symbolic link: %v", modeOf(info, err))
	}
	got, _ := os.ReadFile(target)
	if len(got) >= len(src) || !bytes.Contains(got, []byte("bugA")) {
		t.Errorf("the link's target = %q, want the reduced input", got)
	}
	for _, p := range []string{target, link + ".orig"} {
		if info, err := os.Stat(p); err != nil || info.Mode() != 0o640|os.ModeSetgid {
			t.Errorf("%s: %v, want mode g-rw-r-----", p, modeOf(info, err))
		}
	}
	if b, _ := os.ReadFile(link + ".orig"); string(b) != src {
		t.Errorf("link.json.orig = %q, want the original", b)
	}

	// A new output follows the umask.
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(src), 0o644)
	cmd := exec.Command("sh", "-c", `umask 077 && exec "$0" "$@"`, hddBin, test, input)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if info, err := os.Stat(reducedPath(input)); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("in.reduced.json: %v; want mode -rw------- under umask 077", modeOf(info, err))
	}
}

// modeOf describes the mode of a file for a message.
func modeOf(info os.FileInfo, err error) string {
	if err != nil {
		return err.Error()
	}
	return "mode " + info.Mode().String()
}

// TestOutputsNeverOverwriteUserFiles refuses, before any test runs, every
// output path that is the input, the test, the input's backup or another
// output, through symbolic and hard links.
func TestOutputsNeverOverwriteUserFiles(t *testing.T) {
	dir := t.TempDir()
	ran := filepath.Join(dir, "ran")
	test := script(t, dir, "test.sh", `echo >> `+ran+`; grep -q crash "$1"`)
	input := filepath.Join(dir, "crash.json")
	src := `{"a": [1, 2, 3], "b": "crash"}`
	os.WriteFile(input, []byte(src), 0o644)
	orig := input + ".orig"
	os.WriteFile(orig, []byte("an earlier original"), 0o644)
	linkToInput := filepath.Join(dir, "link.json")
	os.Symlink(input, linkToInput)
	hardToTest := filepath.Join(dir, "hard.sh")
	os.Link(test, hardToTest)
	sub := filepath.Join(dir, "sub")
	os.Symlink(dir, sub) // a directory link: sub/crash.json is the input

	plain := filepath.Join(dir, "notes.txt")
	os.WriteFile(plain, []byte("a file\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"-o the test", []string{"-o", test}, "is the test"},
		{"-o the input", []string{"-o", input}, "-in-place"},
		{"-o the backup", []string{"-o", orig}, "is the input's backup"},
		{"-o a symlink to the input", []string{"-o", linkToInput}, "is the input"},
		{"-o through a directory link", []string{"-o", filepath.Join(sub, "crash.json")}, "is the input"},
		{"-o a hard link to the test", []string{"-o", hardToTest}, "is the test"},
		{"-stats-json the input", []string{"-stats-json", input}, "is the input"},
		{"-stats-json the test", []string{"-stats-json", test}, "is the test"},
		{"-cpuprofile the input", []string{"-cpuprofile", input}, "is the input"},
		{"-memprofile the backup", []string{"-memprofile", orig}, "is the input's backup"},
		{"-findings the input", []string{"-also-interesting", "7", "-findings", input}, "is the input"},
		{"-stats-json the output", []string{"-o", filepath.Join(dir, "out.json"), "-stats-json", filepath.Join(dir, "out.json")}, "is also the output"},
		{"-cpuprofile and -memprofile", []string{"-cpuprofile", filepath.Join(dir, "p"), "-memprofile", filepath.Join(dir, "p")}, "is also -cpuprofile"},
		{"-stats-json the lock", []string{"-stats-json", lockPath(reducedPath(input))}, "lock file"},
		{"-stats-json the input with -in-place", []string{"-in-place", "-stats-json", input}, "is the input"},
		{"-stats-json in no folder", []string{"-stats-json", filepath.Join(dir, "none", "s.json")}, "cannot write -stats-json in"},
		{"-stats-json a folder", []string{"-stats-json", sub}, "-stats-json " + sub + " is a directory"},
		{"-memprofile in no folder", []string{"-memprofile", filepath.Join(dir, "none", "m")}, "cannot write -memprofile in"},
		{"-findings a file", []string{"-also-interesting", "7", "-findings", plain}, "the findings folder " + plain + " is not a folder"},
		{"-findings inside a file", []string{"-also-interesting", "7", "-findings", filepath.Join(plain, "f")}, "cannot make the findings folder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runHDD(t, append(tc.args, test, input)...)
			if r.code == 0 || !strings.Contains(r.stderr, tc.want) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
				t.Errorf("exit %d, want a one-line error saying %q:\n%s", r.code, tc.want, r.stderr)
			}
			if _, err := os.Stat(ran); err == nil {
				t.Errorf("a test ran before the refusal")
				os.Remove(ran)
			}
		})
	}
	for name, want := range map[string]string{input: src, orig: "an earlier original"} {
		if b, _ := os.ReadFile(name); string(b) != want {
			t.Errorf("%s changed to %q", name, b)
		}
	}
	if b, _ := os.ReadFile(test); !bytes.HasPrefix(b, []byte("#!/bin/sh")) {
		t.Errorf("the test changed to %q", b)
	}
}

// A smallFS is a 64 KB tmpfs at dir, mounted in a mount namespace of its
// own for each command (this needs root, or user namespaces).
type smallFS struct {
	unshare string
	mount   []string // unshare's options
	dir     string
}

// newSmallFS makes the folder of a smallFS in dir, and skips t where no
// tmpfs can be mounted.
func newSmallFS(t *testing.T, dir string) smallFS {
	t.Helper()
	f := smallFS{unshare: needTool(t, "unshare"), mount: []string{"--mount"}, dir: filepath.Join(dir, "small")}
	os.Mkdir(f.dir, 0o755)
	mountCmd := `mount -t tmpfs -o size=64k tmpfs "$0"`
	if exec.Command(f.unshare, append(f.mount, "sh", "-c", mountCmd, f.dir)...).Run() != nil {
		f.mount = []string{"--mount", "--map-root-user"}
		if out, err := exec.Command(f.unshare, append(f.mount, "sh", "-c", mountCmd, f.dir)...).CombinedOutput(); err != nil {
			t.Skipf("cannot mount a small tmpfs here: %v: %s", err, out)
		}
	}
	return f
}

// runFull runs hdd with args where the smallFS is mounted, expects it to
// run out of space there and exit with status 1, and returns where hdd
// says it kept the result.
func (f smallFS) runFull(t *testing.T, args ...string) (kept string) {
	t.Helper()
	argv := append(slices.Clone(f.mount), "sh", "-c", `mount -t tmpfs -o size=64k tmpfs "$0" && exec "$@"`, f.dir, hddBin)
	cmd := exec.Command(f.unshare, append(argv, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("got %v, want exit status 1\n%s", err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if _, after, ok := strings.Cut(l, "; it is in "); ok {
			kept = after
		}
	}
	if kept == "" || !strings.Contains(stderr.String(), "no space left") {
		t.Fatalf("hdd does not say where the result is:\n%s", stderr.String())
	}
	return kept
}

// TestOutputDiskFull fills the output's file system in the middle of a
// reduction: the best result must be kept elsewhere, and hdd must say where.
func TestOutputDiskFull(t *testing.T) {
	dir := t.TempDir()
	small := newSmallFS(t, dir)
	mnt := small.dir
	input := filepath.Join(dir, "in.json")
	src := crashArray(400, 300)
	os.WriteFile(input, []byte(src), 0o644)
	count := filepath.Join(dir, "count")
	// The fifth run fills the disk the output is on.
	test := script(t, dir, "t.sh", `echo >> `+count+`
[ $(wc -l < `+count+`) -eq 5 ] && dd if=/dev/zero of=`+mnt+`/filler bs=4k count=1000 2>/dev/null
grep -q crash "$1"`)
	kept := small.runFull(t, "-j", "1", "-o", filepath.Join(mnt, "out.json"), test, input)
	got, err := os.ReadFile(kept)
	if err != nil || len(got) >= len(src) || !accepts(t, test, kept) {
		t.Errorf("%s holds %d bytes (%v), want the reduced, interesting result", kept, len(got), err)
	}
	if filepath.Dir(kept) != dir {
		t.Errorf("the result went to %s, want beside the input in %s", kept, dir)
	}
}

// TestHangupStopsCleanly closes hdd's terminal (SIGHUP) or quits it
// (SIGQUIT) in the middle: the tests stop, the best result is kept, and no
// lock, run directory or test process is left.
func TestHangupStopsCleanly(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			tmp := filepath.Join(dir, "tmp")
			os.Mkdir(tmp, 0o755)
			input := filepath.Join(dir, "in.json")
			src := crashArray(400, 300)
			os.WriteFile(input, []byte(src), 0o644)
			pids := filepath.Join(dir, "pids")
			test := script(t, dir, "slow.sh", `echo $$ >> `+pids+`; sleep 0.3; grep -q crash "$1"`)
			out := filepath.Join(dir, "out.json")
			cmd := exec.Command(hddBin, "-j", "2", "-o", out, test, input)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			var stderr bytes.Buffer
			err := stopOnceWritten(t, cmd, &stderr, out, 200*time.Millisecond, sig)
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Fatalf("got %v, want exit status 1\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "partial") || strings.Contains(stderr.String(), "goroutine") {
				t.Errorf("stderr does not say the result is partial, or has a stack trace:\n%s", stderr.String())
			}
			if !accepts(t, test, out) {
				t.Errorf("the partial result is not interesting")
			}
			b, _ := os.ReadFile(pids)
			for _, f := range strings.Fields(string(b)) {
				var pid int
				fmt.Sscan(f, &pid)
				if running(pid) {
					t.Errorf("test process %d is still running", pid)
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			if _, err := os.Stat(lockPath(out)); err == nil {
				t.Errorf("the lock file was left behind")
			}
			if left, _ := filepath.Glob(filepath.Join(tmp, "hdd-run-*")); len(left) > 0 {
				t.Errorf("run directories left behind: %v", left)
			}
		})
	}
}

// TestLeftoversRemoved removes the temporary files a run killed mid-write
// left beside the output and its record, and nothing else.
func TestLeftoversRemoved(t *testing.T) {
	dir := t.TempDir()
	test := script(t, dir, "t.sh", bugScript)
	input := filepath.Join(dir, "bug.json")
	os.WriteFile(input, []byte(`{"x":1,"payload":{"bugA":true}}`+"\n"), 0o644)
	left := []string{".bug.reduced.json.tmp123", "..bug.reduced.json.hdd.tmp456", ".bug.reduced.json.tmp789.old"}
	kept := []string{".bug.reduced.json.tmpX", ".bug.json.tmp1", "notes.tmp2"}
	for _, name := range append(slices.Clone(left), kept...) {
		os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644)
	}
	r := runHDD(t, "-j", "1", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "removed 3 temporary files that a run stopped by force left") {
		t.Errorf("exit %d, want it to say it removed 3 files:\n%s", r.code, r.stderr)
	}
	for _, name := range left {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was left", name)
		}
	}
	for _, name := range kept {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s, not hdd's, was removed: %v", name, err)
		}
	}
}

// TestEscapedDaemonsKilled runs a test that starts a daemon on every run:
// none may survive, and hdd says how many it killed.
func TestEscapedDaemonsKilled(t *testing.T) {
	needTool(t, "setsid")
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash", "c": {"d": null}}`), 0o644)
	pids := filepath.Join(dir, "pids")
	test := script(t, dir, "daemon.sh", `setsid sh -c 'echo $$ >> `+pids+`; exec sleep 300' >/dev/null 2>&1 &
grep -q crash "$1"`)
	r := runHDD(t, "-j", "2", test, input)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	b, _ := os.ReadFile(pids)
	started := strings.Fields(string(b))
	if len(started) == 0 {
		t.Fatal("the test started no daemon")
	}
	for _, f := range started {
		var pid int
		fmt.Sscan(f, &pid)
		if running(pid) {
			t.Errorf("daemon %d survived", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	// A run canceled as it started its daemon may leave no pid in the
	// file, but its daemon is killed and counted too.
	var killed, runs int
	for _, l := range strings.Split(r.stderr, "\n") {
		fmt.Sscanf(l, "hdd: warning: the test left %d processes running outside its process group", &killed)
		fmt.Sscanf(l, "hdd: %d test runs", &runs)
	}
	if strings.Count(r.stderr, "outside its process group") != 1 || killed < len(started) || killed > runs {
		t.Errorf("want one warning that %d to %d processes were killed:\n%s", len(started), runs, r.stderr)
	}
}

// TestLockRace starts four hdd at once on one output with a stale lock file
// (naming pid 1, which is alive): exactly one may reduce, every time.
func TestLockRace(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash"}`), 0o644)
	test := script(t, dir, "t.sh", `sleep 0.1; grep -q crash "$1"`)
	out := filepath.Join(dir, "out.json")
	for trial := range 20 {
		os.WriteFile(lockPath(out), []byte("1\n"), 0o644)
		os.Remove(out)
		os.Remove(recordPath(out))
		results := make(chan result, 4)
		for range 4 {
			go func() { results <- runHDD(t, "-j", "1", "-max-tests", "3", "-fresh", "-o", out, test, input) }()
		}
		reduced, refused := 0, 0
		for range 4 {
			r := <-results
			switch {
			case r.code == 0 && strings.Contains(r.stderr, "partially reduced"):
				reduced++
			case r.code == 1 && strings.Contains(r.stderr, "is writing"):
				refused++
			default:
				t.Errorf("trial %d: exit %d:\n%s", trial, r.code, r.stderr)
			}
		}
		if reduced != 1 || refused != 3 {
			t.Fatalf("trial %d: %d runs reduced and %d were refused, want 1 and 3", trial, reduced, refused)
		}
	}
}

// TestReproduceLine pastes the printed command into sh: it must reproduce
// the verdict, for a relative test and names that sh would expand, and
// through a launcher given by a relative path, whose verdict it is.
func TestReproduceLine(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a dir")
	os.Mkdir(sub, 0o755)
	script(t, sub, "t_false $x.sh", `echo "saw $(basename "$1")"; exit 3`)
	script(t, sub, "via.sh", `"$@"; echo "via: $?"; exit 4`)
	name := "in $HOME `id` 'q'.json"
	os.WriteFile(filepath.Join(sub, name), []byte(`{"a": 1}`), 0o644)
	for _, tc := range []struct {
		name  string
		flags []string
		want  string
	}{
		{"local", nil, "saw " + name + "\nexit status 3\n"},
		{"launcher", []string{"-launcher", "exec: ./via.sh"}, "saw " + name + "\nvia: 3\nexit status 4\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(hddBin, append(tc.flags, "./t_false $x.sh", name)...)
			cmd.Dir = sub
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			cmd.Run()
			_, line, ok := strings.Cut(stderr.String(), "to reproduce: ")
			if !ok || !strings.Contains(stderr.String(), "exited with status "+tc.want[len(tc.want)-2:len(tc.want)-1]) {
				t.Fatalf("no command to reproduce, or not the verdict it should reproduce:\n%s", stderr.String())
			}
			sh := exec.Command("sh", "-c", strings.TrimSpace(line))
			sh.Dir = t.TempDir() // anywhere
			got, err := sh.CombinedOutput()
			if err != nil || string(got) != tc.want {
				t.Errorf("the command %s\nprinted %q, %v; want %q", line, got, err, tc.want)
			}
		})
	}
}

// TestFlagsRejected refuses impossible values with one line naming the flag.
func TestFlagsRejected(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": "crash"}`), 0o644)
	ran := filepath.Join(dir, "ran")
	test := script(t, dir, "t.sh", `echo >> `+ran+`; grep -q crash "$1"`)
	for _, args := range [][]string{
		{"-timeout", "-5s"}, {"-timeout", "0s"}, {"-j", "0"}, {"-j", "-1"}, {"-repeat", "0"}, {"-repeat", "-3"},
		{"-max-tests", "-1"}, {"-max-tests", "0"}, {"-max-time", "-1s"}, {"-also-interesting", "0"},
		{"-also-interesting", "256"}, {"-max-size", "0"}, {"-max-size", "lots"}, {"-findings", dir},
		{"-j", "20000"}, {"-format", "yaml"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := runHDD(t, append(args, test, input)...)
			msg := strings.TrimSpace(r.stderr)
			if r.code != 2 || strings.Contains(msg, "\n") || !strings.Contains(msg, args[0]) {
				t.Errorf("exit %d, want 2 and one line naming %s:\n%s", r.code, args[0], r.stderr)
			}
		})
	}
	if _, err := os.Stat(ran); err == nil {
		t.Errorf("a test ran")
	}
}

// TestCommandLine covers the habits of C-Vise users and of everyone
// reading the help: flags after the file names, a bare test name, one line
// for a missing argument, help on standard output.
func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "crash.json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash"}`), 0o644)
	script(t, dir, "test.sh", `grep -q crash "$1"`)
	hdd := func(args ...string) result {
		t.Helper()
		cmd := exec.Command(hddBin, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return result{code, stderr.String(), stdout.String()}
	}

	// cvise test.sh crash.c: the test in the current directory, no ./.
	if r := hdd("-q", "test.sh", "crash.json"); r.code != 0 {
		t.Errorf("hdd test.sh crash.json: exit %d\n%s", r.code, r.stderr)
	}
	// Flags after the file names.
	out := filepath.Join(dir, "out.json")
	if r := hdd("./test.sh", "crash.json", "-q", "-o", out); r.code != 0 || r.stderr != "" {
		t.Errorf("flags after the file names: exit %d\n%s", r.code, r.stderr)
	}
	if !accepts(t, filepath.Join(dir, "test.sh"), out) {
		t.Errorf("-o after the file names was not obeyed")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"./test.sh"}, "missing INPUT"},
		{nil, "missing TEST and INPUT"},
		{[]string{"./test.sh", "crash.json", "extra"}, "too many arguments"},
		{[]string{"-bogus", "./test.sh", "crash.json"}, "-bogus"},
		{[]string{"-c", " ", "crash.json"}, "-c needs a command"},
		{[]string{"-c", "true", "./test.sh", "crash.json"}, "give INPUT alone"},
		{[]string{"-c", "true"}, "missing INPUT"},
	} {
		r := hdd(tc.args...)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("hdd %q: exit %d, want 2 and one line saying %q:\n%s", tc.args, r.code, tc.want, r.stderr)
		}
	}

	r := hdd("-h")
	if r.code != 0 || r.stderr != "" {
		t.Errorf("-h: exit %d, stderr %q", r.code, r.stderr)
	}
	for _, want := range []string{"usage: hdd", "Example:", "temporary directory", "absolute paths", "-minimizer name", "-max-size size", "(default 256MB)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("-h lacks %q:\n%s", want, r.stdout)
		}
	}
	for _, bad := range []string{" value", "(default -1)", "268435456"} {
		if strings.Contains(r.stdout, bad) {
			t.Errorf("-h shows %q:\n%s", bad, r.stdout)
		}
	}
	if r := hdd("-version"); r.code != 0 || !strings.HasPrefix(r.stdout, "hdd ") {
		t.Errorf("-version: exit %d, %q", r.code, r.stdout)
	}
}

// TestMessages checks wording: figures that do not round to 100%,
// singular nouns, a clean interruption before the first verdict, a test
// with Windows line endings and hints for refused inputs.
func TestMessages(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	os.WriteFile(big, []byte(crashArray(2000, 1000)), 0o644)
	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	r := runHDD(t, "-j", "1", test, big)
	if !strings.Contains(r.stderr, ">99.9% smaller") || strings.Contains(r.stderr, "100.0%") {
		t.Errorf("want >99.9%% smaller:\n%s", r.stderr)
	}
	start := regexp.MustCompile(`(?m)^hdd: reducing .*\((\w+), (\d+) bytes?, (\d+) nodes?\) with .*, (\d+ jobs?)$`).FindStringSubmatch(r.stderr)
	end := regexp.MustCompile(`(?m)^hdd: reduced .*smaller\), (\d+) -> (\d+ nodes?)$`).FindStringSubmatch(r.stderr)
	switch {
	case start == nil || end == nil:
		t.Errorf("no start line or summary:\n%s", r.stderr)
	case start[4] != "1 job":
		t.Errorf("the start line says %q, want 1 job:\n%s", start[4], r.stderr)
	case start[3] != end[1]:
		t.Errorf("the start line counts %s nodes, the summary %s:\n%s", start[3], end[1], r.stderr)
	}

	// SIGTERM while the original is being tested.
	slow := script(t, dir, "slow.sh", `sleep 5; grep -q crash "$1"`)
	cmd := exec.Command(hddBin, slow, big)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Start()
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if msg := strings.TrimSpace(stderr.String()); !strings.Contains(msg, "interrupted before the search began (while the test checked") || strings.Contains(msg, "context canceled") || strings.Contains(msg, "runner:") {
		t.Errorf("SIGTERM during the first run: %q", msg)
	}

	crlf := filepath.Join(dir, "crlf.sh")
	os.WriteFile(crlf, []byte("#!/bin/sh\r\ngrep -q crash \"$1\"\r\n"), 0o755)
	if r := runHDD(t, crlf, big); r.code != 1 || !strings.Contains(r.stderr, "Windows line endings") || !strings.Contains(r.stderr, "dos2unix") {
		t.Errorf("a test with CRLF line endings: exit %d\n%s", r.code, r.stderr)
	}

	// A tree-sitter warning names the file.
	gnu := filepath.Join(dir, "gnu.c")
	os.WriteFile(gnu, []byte("int a = ({ 1; });\nint crash;\n"), 0o644)
	if r := runHDD(t, "-q", test, gnu); r.code != 0 || !strings.Contains(r.stderr, "warning: "+gnu+": 1:9: tree-sitter could not parse") {
		t.Errorf("the tree-sitter warning does not name the file: exit %d\n%s", r.code, r.stderr)
	}

	// JSON with a byte order mark is reduced, the mark kept.
	bom := filepath.Join(dir, "bom.json")
	os.WriteFile(bom, []byte("\xef\xbb\xbf{\"a\": \"crash\", \"b\": [1, 2]}\n"), 0o644)
	if r := runHDD(t, "-q", test, bom); r.code != 0 {
		t.Errorf("bom.json: exit %d, want 0:\n%s", r.code, r.stderr)
	} else if got, _ := os.ReadFile(filepath.Join(dir, "bom.reduced.json")); !bytes.HasPrefix(got, []byte("\xef\xbb\xbf")) || !bytes.Contains(got, []byte("crash")) || bytes.Contains(got, []byte("b")) {
		t.Errorf("bom.json reduced to %q, want the byte order mark and crash, without b", got)
	}

	// JSON Lines with a broken last line, the one the test wants: the
	// other lines go, the broken one is reduced, read tolerantly (here to
	// the string it holds), and a warning names it.
	broken := filepath.Join(dir, "broken.jsonl")
	os.WriteFile(broken, []byte("{\"a\": 1}\n{\"b\": [1, 2]}\n{\"c\": \"crash\", [\n"), 0o644)
	if r := runHDD(t, test, broken); r.code != 0 || !strings.Contains(r.stderr, "warning: "+broken+": line 3 is not JSON (3:16: invalid character '[' looking for beginning of object key string)") {
		t.Errorf("broken.jsonl: exit %d, want 0 and a warning naming line 3:\n%s", r.code, r.stderr)
	} else if got, _ := os.ReadFile(filepath.Join(dir, "broken.reduced.jsonl")); string(got) != "\"crash\"\n" {
		t.Errorf("broken.jsonl reduced to %q, want the string of the broken line alone", got)
	}

	// A JSON document that does not parse, but is an object or an array,
	// is read tolerantly, with a warning that gives the syntax error.
	for name, content := range map[string]string{
		"comment.json": "{\"a\": \"crash\"} // a comment\n",
		"nan.json":     "{\"a\": NaN, \"b\": \"crash\"}\n",
		"pretty.json":  "{\n  \"a\": [1,\n  \"b\": \"crash\"\n}\n",
		"mostly.jsonl": "{\"a\": 1}\n{\"b\": \"crash\"\n{\"c\":\n",
	} {
		in := filepath.Join(dir, name)
		os.WriteFile(in, []byte(content), 0o644)
		r := runHDD(t, test, in)
		out := strings.TrimSuffix(in, filepath.Ext(in)) + ".reduced" + filepath.Ext(in)
		got, _ := os.ReadFile(out)
		if r.code != 0 || !strings.Contains(r.stderr, "warning: "+in+": not valid JSON (") || !strings.Contains(r.stderr, "): read tolerantly") {
			t.Errorf("%s: exit %d, want 0 and a warning that it was read tolerantly:\n%s", name, r.code, r.stderr)
		} else if !bytes.Contains(got, []byte("crash")) || len(got) >= len(content) {
			t.Errorf("%s reduced to %q, want crash in fewer bytes", name, got)
		}
	}

	// Other text that is not JSON is refused in one line, with a hint.
	yaml := filepath.Join(dir, "yaml.json")
	os.WriteFile(yaml, []byte("a: 1\nb: crash\n"), 0o644)
	if r := runHDD(t, test, yaml); r.code != 1 || !strings.Contains(r.stderr, "-format lines") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
		t.Errorf("yaml.json: exit %d, want one line suggesting -format lines:\n%s", r.code, r.stderr)
	}
	// UTF-16 holds NUL bytes, which -format lines refuses too: no hint.
	utf16 := filepath.Join(dir, "utf16.xml")
	os.WriteFile(utf16, []byte("\xff\xfe<\x00a\x00/\x00>\x00"), 0o644)
	if r := runHDD(t, test, utf16); r.code != 1 || !strings.Contains(r.stderr, "UTF-16") || strings.Contains(r.stderr, "-format lines") {
		t.Errorf("utf16.xml: exit %d, want one line naming UTF-16 without the hint:\n%s", r.code, r.stderr)
	}
}

// TestValidCNeverRefused reduces C that gcc compiles and tree-sitter cannot
// read: an #if 0 block of prose, trigraphs.
func TestValidCNeverRefused(t *testing.T) {
	gcc := needTool(t, "gcc")
	dir := t.TempDir()
	test := script(t, dir, "t.sh", gcc+` -c -w -trigraphs "$1" -o /dev/null && grep -q 'return 7' "$1"`)
	for name, src := range map[string]string{
		"prose.c": "#if 0\nThis block is prose: it isn't C at all, really; (not) {even} close.\n" +
			"More prose, with \"an unterminated quote.\nAnd a third line.\n#endif\n" +
			"int unused(int x) { return x * 2; }\nint main(void) { return 7; }\n",
		"trigraphs.c": "??=include <stddef.h>\nint f(int x) ??< return x ??! 1; ??>\n" +
			"int g(void) ??< int a??(3??) = ??< 1, 2, 3 ??>; return a??(0??); ??>\nint main(void) ??< return 7; ??>\n",
	} {
		t.Run(name, func(t *testing.T) {
			input := filepath.Join(dir, name)
			os.WriteFile(input, []byte(src), 0o644)
			if !accepts(t, test, input) {
				t.Fatal("the test does not accept the input")
			}
			r := runHDD(t, "-j", "1", test, input)
			if r.code != 0 {
				t.Fatalf("exit %d:\n%s", r.code, r.stderr)
			}
			got, _ := os.ReadFile(reducedPath(input))
			if len(got) >= len(src)/2 || !accepts(t, test, reducedPath(input)) {
				t.Errorf("result %q (%d of %d bytes), want an interesting result under half the size", got, len(got), len(src))
			}
			if !strings.Contains(r.stderr, "reduced line by line") {
				t.Errorf("no warning about the regions tree-sitter could not read:\n%s", r.stderr)
			}
		})
	}
}

// TestTestRunsCounted checks that -max-tests is a limit, for every -j, and
// that the summary and -stats-json count every process started, the
// canceled ones too.
func TestTestRunsCounted(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(jsonArray(40, func(i int) string {
		if i == 30 {
			return `"crash"`
		}
		return fmt.Sprint(i)
	})), 0o644)
	log := filepath.Join(dir, "started")
	// Interesting runs answer soon, the others slowly: at -j 2 the
	// speculative runs after a success are still going, and canceled
	// (after logging their start: a process killed before it logs would
	// not be seen here).
	test := script(t, dir, "t.sh", `echo $$ >> `+log+`; grep -q crash "$1" && sleep 0.05 && exit 0; sleep 0.3; exit 1`)
	for _, tc := range []struct {
		jobs, budget int
	}{{1, 1}, {1, 5}, {2, 1}, {2, 5}, {4, 7}, {2, 0}} {
		t.Run(fmt.Sprintf("-j %d -max-tests %d", tc.jobs, tc.budget), func(t *testing.T) {
			os.Remove(log)
			stats := filepath.Join(dir, "stats.json")
			args := []string{"-fresh", "-j", fmt.Sprint(tc.jobs), "-stats-json", stats}
			if tc.budget > 0 {
				args = append(args, "-max-tests", fmt.Sprint(tc.budget))
			}
			r := runHDD(t, append(args, test, input)...)
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			b, _ := os.ReadFile(log)
			started := len(strings.Fields(string(b)))
			if tc.budget > 0 && started > tc.budget {
				t.Errorf("%d tests started, more than -max-tests %d", started, tc.budget)
			}
			var st Stats
			b, _ = os.ReadFile(stats)
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			// A run canceled just after its start may be killed before
			// its first line: it is counted, and canceled, but not logged.
			if st.Tests < started || st.Tests-started > st.Canceled ||
				!strings.Contains(r.stderr, fmt.Sprintf("hdd: %s (%d canceled", grammars.Plural(st.Tests, "test run"), st.Canceled)) {
				t.Errorf("%d processes logged their start; -stats-json says %d tests (%d canceled):\n%s", started, st.Tests, st.Canceled, r.stderr)
			}
		})
	}

	// Interrupted with runs under way: they count, as canceled.
	os.Remove(log)
	stats := filepath.Join(dir, "stats.json")
	slow := script(t, dir, "slow.sh", `echo $$ >> `+log+`; sleep 0.5; grep -q crash "$1"`)
	cmd := exec.Command(hddBin, "-fresh", "-j", "2", "-stats-json", stats, slow, input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	b, _ := os.ReadFile(log)
	started := len(strings.Fields(string(b)))
	var st Stats
	b, _ = os.ReadFile(stats)
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if st.Tests < started || st.Tests-started > st.Canceled || st.Canceled == 0 || !st.Partial {
		t.Errorf("interrupted: %d processes started; -stats-json says %d tests, %d canceled, partial %v:\n%s", started, st.Tests, st.Canceled, st.Partial, stderr.String())
	}
}

// holdLock takes the lock file at path as another hdd would, with this
// process's pid in it, until the test ends.
func holdLock(t *testing.T, path string) {
	t.Helper()
	holder, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { holder.Close() })
	fmt.Fprintln(holder, os.Getpid())
	if err := syscall.Flock(int(holder.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
}

// TestReducedPath names the default output: INPUT with .reduced before
// its extension, or after a name without one.
func TestReducedPath(t *testing.T) {
	for in, want := range map[string]string{
		"crash.c":        "crash.reduced.c",
		"dir/a.tar.json": "dir/a.tar.reduced.json",
		"Makefile":       "Makefile.reduced",
		".hidden":        ".hidden.reduced",
		"dir/.env.json":  "dir/.env.reduced.json",
		"dir.d/file":     "dir.d/file.reduced",
	} {
		if got := reducedPath(in); got != want {
			t.Errorf("reducedPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestKilledRunCleanedUp kills hdd by force (SIGKILL) while its tests run:
// its run directories and tests stay behind, and the next run on any input
// removes the directories, kills the tests and says so.
func TestKilledRunCleanedUp(t *testing.T) {
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(crashArray(40, 30)), 0o644)
	pids := filepath.Join(dir, "pids")
	slow := script(t, dir, "slow.sh", `echo $$ >> `+pids+`; sleep 60; grep -q crash "$1"`)
	cmd := exec.Command(hddBin, "-j", "2", slow, input)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var started []string
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(pids)
		if started = strings.Fields(string(b)); len(started) == 2 {
			break
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	left, _ := filepath.Glob(filepath.Join(tmp, "hdd-*"))
	if len(started) != 2 || len(left) != 4 {
		t.Fatalf("%d tests running and %d run directories after the kill, want 2 and 4 (a run directory and a TMPDIR each)", len(started), len(left))
	}

	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	r := runHDDEnv(t, []string{"TMPDIR=" + tmp}, "-j", "1", test, input)
	// Each test is a shell and its sleep.
	want := regexp.MustCompile(fmt.Sprintf(`(?m)^hdd: removed 4 run directories and killed [2-4] test processes that a run of hdd stopped by force \(process %d\) left in %s$`,
		cmd.Process.Pid, regexp.QuoteMeta(tmp)))
	if r.code != 0 || !want.MatchString(r.stderr) {
		t.Errorf("exit %d, want it to say it cleaned up (%s):\n%s", r.code, want, r.stderr)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}
	for _, f := range started {
		var pid int
		fmt.Sscan(f, &pid)
		for deadline := time.Now().Add(5 * time.Second); running(pid) && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
		if running(pid) {
			t.Errorf("test process %d of the killed run is still running", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestHddFilesAreNoUserFiles checks that hdd's lock and record never take
// a file of the user's: a Gemfile reduced in place keeps its Gemfile.lock,
// and an input that would be the output's record or lock is refused.
func TestHddFilesAreNoUserFiles(t *testing.T) {
	dir := t.TempDir()
	gemfile := filepath.Join(dir, "Gemfile")
	os.WriteFile(gemfile, []byte("source 'x'\ngem 'a'\ngem 'crash'\ngem 'b'\n"), 0o644)
	gemlock := filepath.Join(dir, "Gemfile.lock")
	os.WriteFile(gemlock, []byte("GEM\n  specs:\n"), 0o644)
	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	if r := runHDD(t, "-in-place", "-format", "lines", test, gemfile); r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	if b, err := os.ReadFile(gemlock); err != nil || string(b) != "GEM\n  specs:\n" {
		t.Errorf("Gemfile.lock is now %q (%v)", b, err)
	}
	out := filepath.Join(dir, "out.json")
	for _, input := range []string{recordPath(out), lockPath(out)} {
		const src = `{"a": "crash"}`
		os.WriteFile(input, []byte(src), 0o644)
		r := runHDD(t, "-o", out, test, input)
		if r.code == 0 || !strings.Contains(r.stderr, "would be the input") || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
			t.Errorf("input %s: exit %d, want a one-line refusal:\n%s", input, r.code, r.stderr)
		}
		if b, _ := os.ReadFile(input); string(b) != src {
			t.Errorf("input %s changed to %q", input, b)
		}
	}
}

// TestOutputNotRegular refuses an output that is a named pipe (reading it
// as an earlier output blocked hdd for good) and keeps aside, unread, an
// earlier output far larger than the input; and refuses a test that is
// the input.
func TestOutputNotRegular(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": 1, "b": "crash"}`), 0o644)
	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	r := runHDD(t, "-o", fifo, test, input)
	if r.code == 0 || !strings.Contains(r.stderr, "is not a regular file but a named pipe") {
		t.Errorf("-o a pipe: exit %d, want a refusal:\n%s", r.code, r.stderr)
	}
	if r := runHDD(t, "-in-place", input, input); r.code == 0 || !strings.Contains(r.stderr, "is the input") {
		t.Errorf("the test as the input: exit %d, want a refusal:\n%s", r.code, r.stderr)
	}
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1 << 30) // sparse
	f.Close()
	r = runHDD(t, "-o", huge, test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "much larger than the input") {
		t.Errorf("-o a huge file: exit %d, want it kept aside:\n%s", r.code, r.stderr)
	}
	if info, err := os.Stat(huge + ".~1~"); err != nil || info.Size() != 1<<30 {
		t.Errorf("the huge earlier output was not kept aside whole: %v", err)
	}
}

// TestLongNames reduces an input whose name leaves no room for the
// temporary files of an atomic write (.NAME.tmpNNN) nor for the lock: the
// result is written, the lock and the record fit, and an output name
// too long for the file system is refused before any test runs.
func TestLongNames(t *testing.T) {
	dir := t.TempDir()
	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	input := filepath.Join(dir, strings.Repeat("n", 236)+".json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash"}`), 0o644)
	r := runHDD(t, test, input)
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	if !accepts(t, test, reducedPath(input)) {
		t.Errorf("no interesting result in %s", reducedPath(input))
	}
	if _, err := os.Stat(recordPath(reducedPath(input))); err != nil {
		t.Errorf("no record: %v", err)
	}
	if r := runHDD(t, test, input); r.code != 0 || !strings.Contains(r.stderr, "going on from the earlier result") {
		t.Errorf("the second run did not go on from the first: exit %d\n%s", r.code, r.stderr)
	}
	long := filepath.Join(dir, strings.Repeat("o", 256))
	if r := runHDD(t, "-o", long, test, input); r.code == 0 || !strings.Contains(r.stderr, "is too long") {
		t.Errorf("-o a name of 256 bytes: exit %d, want a refusal:\n%s", r.code, r.stderr)
	}
}

// TestEditsDuringRunKept saves work into the output, and into the input
// reduced in place, while hdd runs (the test does it at its fifth run):
// the next write keeps that file aside, numbered, and says so.
func TestEditsDuringRunKept(t *testing.T) {
	for _, inPlace := range []bool{false, true} {
		t.Run(fmt.Sprint("in place ", inPlace), func(t *testing.T) {
			dir := t.TempDir()
			input := filepath.Join(dir, "in.json")
			os.WriteFile(input, []byte(crashArray(60, 40)), 0o644)
			target := filepath.Join(dir, "out.json")
			args := []string{"-j", "1", "-o", target}
			if inPlace {
				target, args = input, []string{"-j", "1", "-in-place"}
			}
			count := filepath.Join(dir, "count")
			test := script(t, dir, "t.sh", `echo >> `+count+`
[ $(wc -l < `+count+`) -eq 5 ] && echo "my own work" > `+target+`
grep -q crash "$1"`)
			r := runHDD(t, append(args, test, input)...)
			if r.code != 0 {
				t.Fatalf("exit %d:\n%s", r.code, r.stderr)
			}
			if b, err := os.ReadFile(target + ".~1~"); err != nil || string(b) != "my own work\n" {
				t.Errorf("the work saved during the run is not in %s.~1~: %q %v\n%s", target, b, err, r.stderr)
			}
			if !strings.Contains(r.stderr, "it changed during the run") {
				t.Errorf("hdd does not say it kept the file aside:\n%s", r.stderr)
			}
			if !accepts(t, test, target) {
				t.Errorf("%s holds no interesting result", target)
			}
		})
	}
}

// TestExecutableInput reduces a script the test runs itself: the
// candidates keep the input's x bit, and so does the result, which the
// test then passes as it is.
func TestExecutableInput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "prog.sh")
	os.WriteFile(input, []byte("#!/bin/sh\necho a\necho BUG\necho b\n"), 0o755)
	test := script(t, dir, "t.sh", `"$1" | grep -q BUG`)
	r := runHDD(t, "-format", "lines", test, input)
	if r.code != 0 {
		t.Fatalf("exit %d, want the executable input reduced:\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(reducedPath(input)); !strings.Contains(string(b), "echo BUG") || strings.Contains(string(b), "echo a") {
		t.Errorf("result %q", b)
	}
	if err := exec.Command(test, reducedPath(input)).Run(); err != nil {
		info, _ := os.Stat(reducedPath(input))
		t.Errorf("the test fails on the result (%v), of mode %v", err, info.Mode())
	}
}

// TestOutputThroughLink writes the result to the file a link given as the
// output names, existing or not, and leaves the link a link.
func TestOutputThroughLink(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash"}`), 0o644)
	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	os.Mkdir(filepath.Join(dir, "results"), 0o755)
	link := filepath.Join(dir, "latest.json")
	os.Symlink("results/r1.json", link) // relative, to a file not made yet
	for run := range 2 {
		if r := runHDD(t, "-o", link, test, input); r.code != 0 {
			t.Fatalf("run %d: exit %d:\n%s", run, r.code, r.stderr)
		}
		if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("run %d: the link was replaced (%v)", run, err)
		}
		if !accepts(t, test, filepath.Join(dir, "results", "r1.json")) {
			t.Errorf("run %d: the link's target holds no result", run)
		}
	}
}

// TestResumeNonUTF8 goes on from an earlier result made with a -c command
// holding a byte that is not UTF-8 (a Latin-1 pattern), which the record,
// JSON, stores as U+FFFD.
func TestResumeNonUTF8(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte("{\"a\": 1, \"b\": \"caf\xe9\", \"c\": [1, 2, 3, 4, 5, 6, 7, 8]}\n"), 0o644)
	cmd := "grep -q 'caf\xe9' \"$1\""
	if r := runHDD(t, "-j", "1", "-max-tests", "6", "-c", cmd, input); r.code != 0 && r.code != 1 {
		t.Fatalf("first run: exit %d:\n%s", r.code, r.stderr)
	}
	r := runHDD(t, "-j", "1", "-c", cmd, input)
	if r.code != 0 || !strings.Contains(r.stderr, "going on from the earlier result") {
		t.Errorf("the second run did not go on: exit %d:\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(reducedPath(input) + ".~1~"); err == nil {
		t.Errorf("the first run's result was kept aside as not this test's")
	}
}

// TestInPlaceKeepsOwner reduces, as root, a file of another user in
// place: the result and the backup are still that user's.
func TestInPlaceKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root reduces another user's file")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash"}`), 0o644)
	const uid, gid = 65534, 65534
	if err := os.Chown(input, uid, gid); err != nil {
		t.Fatal(err)
	}
	test := script(t, dir, "t.sh", `grep -q crash "$1"`)
	if r := runHDD(t, "-in-place", test, input); r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	for _, path := range []string{input, input + ".orig"} {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st := info.Sys().(*syscall.Stat_t); st.Uid != uid || st.Gid != gid {
			t.Errorf("%s is owned by %d:%d, want %d:%d", path, st.Uid, st.Gid, uid, gid)
		}
	}
}

// TestTestChangedDuringRun edits the test while hdd runs (the test rewrites
// itself at its tenth run to find nothing interesting): hdd says the test
// changed, not that it is flaky.
func TestTestChangedDuringRun(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(crashArray(60, 40)), 0o644)
	count := filepath.Join(dir, "count")
	test := filepath.Join(dir, "t.sh")
	script(t, dir, "t.sh", `echo >> `+count+`
if [ $(wc -l < `+count+`) -eq 10 ]; then printf '#!/bin/sh\nexit 1\n' > `+test+`; fi
grep -q crash "$1"`)
	r := runHDD(t, "-j", "1", test, input)
	if r.code == 0 || !strings.Contains(r.stderr, "changed during the run") || strings.Contains(r.stderr, "flaky") {
		t.Errorf("exit %d, want it to say the test changed, not that it is flaky:\n%s", r.code, r.stderr)
	}
}
