package python

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// dedentCheck loads the module at argv[1] and calls its dedent.
const dedentCheck = `
import importlib.util, sys
spec = importlib.util.spec_from_file_location("m", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
assert m.dedent("  a\n    b\n\n  c\n") == "a\n  b\n\nc\n"
`

// TestReduceStdlib reduces the textwrap module of the Python on this
// machine with a test that needs one of its functions, dedent, to load and
// work: the result must be under 5% of the module, and Python's own
// compiler must accept it.
func TestReduceStdlib(t *testing.T) {
	py := tstest.NeedTool(t, "python3")
	// The interpreter itself, not a wrapper such as pyenv's shim, which
	// costs more than the test.
	out, err := exec.Command(py, "-c", "import sys, textwrap; print(sys.executable); print(textwrap.__file__)").Output()
	if err != nil {
		t.Fatal(err)
	}
	py, file, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	res := tstest.Reduce(t, Language, src, "textwrap.py", 0.05, func(path string) bool {
		return tstest.Passes(py, "-c", dedentCheck, path)
	})
	file = t.TempDir() + "/textwrap.py"
	if err := os.WriteFile(file, res.Output, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(py, "-m", "py_compile", file).CombinedOutput(); err != nil {
		t.Errorf("py_compile refuses the result: %v\n%s", err, out)
	}
}
