package c

import (
	"context"
	"os"
	"regexp"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// word is what a C identifier, keyword or number may hold.
var word = regexp.MustCompile(`[A-Za-z_0-9]+`)

// TestHoistMakesNoNewWord replaces nodes by each descendant that may stand
// in their place, as hoisting does, and checks that no rendering holds a
// word the input does not: a hoisted text is kept apart from the word
// before or after it, so return(f(x)) with f(x) hoisted reads return f(x),
// not the call returnf(x), which gcc compiles too.
func TestHoistMakesNoNewWord(t *testing.T) {
	inputs := map[string][]byte{
		"parentheses": []byte("int f(int x){return(x+1);}\nint g(int y){if(y)return(f(y));return(y)?1:2;}\n" +
			"int h(int *p){return(*p)+sizeof(int);}\n"),
	}
	for _, file := range testFiles(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs[file] = src
	}
	hoists := 0
	for name, src := range inputs {
		doc, err := Parse(context.Background(), src)
		if err != nil {
			continue // the files that do not parse are TestParseErrors'
		}
		words := map[string]bool{}
		for _, w := range word.FindAll(src, -1) {
			words[string(w)] = true
		}
		tr := doc.Tree
		bad := 0
		for x := range tree.NodeID(tr.Len()) {
			class := tr.Nodes[x].Class
			if class == "" {
				continue
			}
			for d := x + 1; d < tr.SubtreeEnd(x); d++ {
				if !doc.Policy.CanHoist(class, tr.Nodes[d].Class) {
					continue
				}
				hoists++
				text := unparse.Text(tr, doc.Policy, tree.Candidate{}.Hoist(x, d))
				for _, w := range word.FindAll(text, -1) {
					if !words[string(w)] && bad < 3 {
						bad++
						t.Errorf("%s: %s %q hoisted to %s %q makes the word %q:\n%s",
							name, tr.Nodes[x].Kind, tr.Text(x), tr.Nodes[d].Kind, tr.Text(d), w, text)
					}
				}
			}
		}
	}
	if hoists < 100 {
		t.Errorf("only %d hoists tried", hoists)
	}
}
