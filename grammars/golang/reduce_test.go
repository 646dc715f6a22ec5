package golang

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestReduceGoroot reduces unicode/utf8/utf8.go of the Go tree that runs
// the test with a test that needs one of its functions, RuneLen, declared
// with its signature, and the file accepted by gofmt -e (Go's parser) and
// go vet (Go's type checker, so that RuneLen still returns a value): the
// result must be under 5% of the file.
func TestReduceGoroot(t *testing.T) {
	goTool := tstest.NeedTool(t, "go")
	gofmt := tstest.NeedTool(t, "gofmt")
	out, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "src", "unicode", "utf8", "utf8.go"))
	if err != nil {
		t.Fatal(err)
	}
	tstest.Reduce(t, Language, src, "utf8.go", 0.05, func(path string) bool {
		text, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(text), "func RuneLen(r rune) int {") &&
			tstest.Passes(gofmt, "-e", "-l", path) && tstest.Passes(goTool, "vet", path)
	})
}

// TestPackageClauseStays keeps the package clause, which tree-sitter reads
// a file without and the Go compiler does not, out of the file's items.
func TestPackageClauseStays(t *testing.T) {
	doc, err := Language.Parse(context.Background(), []byte("package main\n\nfunc f() {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	for id := range tr.Nodes {
		n := &tr.Nodes[id]
		switch {
		case n.Kind == "package_clause" && tr.CanShrink(tree.NodeID(id)):
			t.Errorf("the package clause may vanish")
		case n.Kind == "function_declaration" && !n.Is(tree.Removable):
			t.Errorf("a function may not vanish")
		}
	}
}

// TestGoNeedsCall refuses a go or defer statement whose call was hoisted
// to an expression that is no call, which tree-sitter reads without an
// error and Go refuses.
func TestGoNeedsCall(t *testing.T) {
	src := "package main\n\nfunc f(x int) {}\n\nfunc main() {\n\tgo f(1)\n\tdefer f(2)\n}\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	calls := grammartest.OfKind(tr, "call_expression")
	if len(calls) != 2 {
		t.Fatalf("got %d calls, want 2", len(calls))
	}
	for _, call := range calls {
		fn := tree.NodeID(call + 1) // the called identifier, the call's first child
		text := unparse.Text(tr, doc.Policy, tree.Candidate{}.Hoist(call, fn))
		if err := doc.Policy.Check(text); err == nil {
			t.Errorf("Check accepts\n%s", text)
		}
	}
}
