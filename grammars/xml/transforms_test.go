package xml

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
)

var update = flag.Bool("update", false, "update the golden files")

// TestTransformsGolden runs every transform of the policy on each input in
// testdata with no edits and compares the candidates with
// testdata/transforms/NAME.golden (see grammartest.TransformsGolden).
func TestTransformsGolden(t *testing.T) {
	for _, file := range grammartest.Inputs(t, "testdata", ".xml", ".svg", ".html") {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := formatFor(file).Parse(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "transforms", strings.ReplaceAll(name, ".", "_")+".golden")
			grammartest.TransformsGolden(t, doc, src, golden, *update)
		})
	}
}

// TestDoctypeEdits applies chains of random edits (see
// grammartest.TransformChains) to the inputs in testdata that have a
// doctype and that xmllint, a parser that reads the internal subset, finds
// well-formed: every chain that Check accepts must be well-formed for
// xmllint too. The doctype's parts (its external identifier, the
// declarations of the internal subset, the attribute definitions of an
// <!ATTLIST>) are nodes that the random removals remove, and the
// transforms shorten the identifiers and empty the elements.
func TestDoctypeEdits(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("xmllint is not installed (Debian's libxml2-utils)")
		}
		t.Skip("xmllint is not installed (Debian's libxml2-utils)")
	}
	dir := t.TempDir()
	proposed := map[string]int{}
	for _, file := range grammartest.Inputs(t, "testdata", ".xml", ".svg") {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "<!DOCTYPE") || lint(xmllint, dir, src) != nil {
			continue
		}
		doc, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		n := 150
		if testing.Short() {
			n = 20
		}
		st := grammartest.TransformChains(t, doc, n, rand.New(rand.NewPCG(5, uint64(len(src)))), func(c []byte) error {
			return lint(xmllint, dir, c)
		})
		for k, v := range st.Proposed {
			proposed[k] += v
		}
	}
	for _, tf := range []string{"doctype identifiers", "empty elements"} {
		t.Logf("%s: %d candidates", tf, proposed[tf])
		if proposed[tf] == 0 {
			t.Errorf("%s proposed no candidate", tf)
		}
	}
}

// lint runs xmllint on doc, written in dir, and returns its complaint if it
// finds doc not well-formed. libxml2 calls an undeclared entity an error in
// a document whose internal subset references a parameter entity it does
// not load, where XML 1.0 makes it a matter of validity (WFC: Entity
// Declared): that complaint alone does not count.
func lint(xmllint, dir string, doc []byte) error {
	name := filepath.Join(dir, "doc.xml")
	if err := os.WriteFile(name, doc, 0o644); err != nil {
		return err
	}
	out, err := exec.Command(xmllint, "--noout", "--nonet", name).CombinedOutput()
	if err == nil {
		return nil
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, " error : ") && !(reEntityUndeclared.MatchString(l) && rePERef.Match(doc)) {
			return fmt.Errorf("xmllint: %v: %s", err, out)
		}
	}
	return nil
}

// reEntityUndeclared matches libxml2's complaint about an undeclared entity.
var reEntityUndeclared = regexp.MustCompile(`parser error : Entity '[^']*' not defined`)
