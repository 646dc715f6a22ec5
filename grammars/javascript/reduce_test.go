package javascript

import (
	"os"
	"os/exec"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// decodeCheck loads the module at argv[2] and calls its ucs2.decode. It
// runs as a script, not with node -e, which makes Node's own modules
// globals: "module.exports = punycode" would pass.
const decodeCheck = `const m = require(process.argv[2]);
const r = m.ucs2.decode("\uD834\uDF06a");
if (r.length !== 2 || r[0] !== 0x1D306 || r[1] !== 0x61) process.exit(1);`

// TestReduceRealFile reduces punycode.js (testdata/real, a Node package
// as Debian ships it) with a test that needs one of its functions,
// ucs2.decode, to load and work: the result must be under 5% of the file,
// and node --check must accept it.
func TestReduceRealFile(t *testing.T) {
	node := tstest.NeedTool(t, "node")
	src, err := os.ReadFile("testdata/real/punycode.js")
	if err != nil {
		t.Fatal(err)
	}
	check := t.TempDir() + "/check.js"
	if err := os.WriteFile(check, []byte(decodeCheck), 0o600); err != nil {
		t.Fatal(err)
	}
	res := tstest.Reduce(t, Language, src, "punycode.js", 0.05, func(path string) bool {
		return tstest.Passes(node, check, path)
	})
	file := t.TempDir() + "/punycode.js"
	if err := os.WriteFile(file, res.Output, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node, "--check", file).CombinedOutput(); err != nil {
		t.Errorf("node --check refuses the result: %v\n%s", err, out)
	}
}
