package c

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// word is what a C identifier, keyword or number may hold.
var word = regexp.MustCompile(`[A-Za-z_0-9]+`)

// pairs are C's tokens of two characters that two tokens could make.
var pairs = []string{"++", "--", "->", "+=", "-=", "<<", ">>", "&&", "||", "==", "/*", "//"}

// TestHoistMakesNoNewWord replaces nodes by each descendant that may stand
// in their place, as hoisting does, and checks that no rendering holds a
// word the input does not, nor more of a token of two characters: a
// hoisted text is kept apart from the token before or after it, so
// return(f(x)) with f(x) hoisted reads return f(x), not the call
// returnf(x), which gcc compiles too, and a-(-b) reads a- -b, not a--b.
func TestHoistMakesNoNewWord(t *testing.T) {
	inputs := map[string][]byte{
		"parentheses": []byte("int f(int x){return(x+1);}\nint g(int y){if(y)return(f(y));return(y)?1:2;}\n" +
			"int h(int *p){return(*p)+sizeof(int);}"),
		"operators": []byte("int k(int a,int b){return a-(-b)+(+a);}\n"),
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
				var made []string
				for _, w := range word.FindAll(text, -1) {
					if !words[string(w)] {
						made = append(made, string(w))
					}
				}
				for _, p := range pairs {
					if bytes.Count(text, []byte(p)) > bytes.Count(src, []byte(p)) {
						made = append(made, p)
					}
				}
				if len(made) > 0 && bad < 3 {
					bad++
					t.Errorf("%s: %s %q hoisted to %s %q makes %q:\n%s",
						name, tr.Nodes[x].Kind, tr.Text(x), tr.Nodes[d].Kind, tr.Text(d), made, text)
				}
			}
		}
	}
	if hoists < 100 {
		t.Errorf("only %d hoists tried", hoists)
	}
}

// TestDeclaratorHoists checks which declarators may stand for which: a
// pointer's for the function declarator inside it ("int *f()" becomes
// "int f()"), but a function's never for the name inside it, which would
// make it a variable.
func TestDeclaratorHoists(t *testing.T) {
	src := "int *f(int a);\nint *p;\nint g(void);\n"
	doc, err := Language.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tr := doc.Tree
	hoists := map[string]bool{}
	for s := range tree.NodeID(len(tr.Nodes)) {
		for d := s + 1; d < tr.SubtreeEnd(s); d++ {
			if tr.Nodes[s].Class != "" && doc.Policy.CanHoist(tr.Nodes[s].Class, tr.Nodes[d].Class) {
				text := unparse.Text(tr, doc.Policy, tree.Candidate{}.Hoist(s, d))
				hoists[string(text)] = true
			}
		}
	}
	for text, want := range map[string]bool{
		"int f(int a);\nint *p;\nint g(void);\n": true,  // a pointer to the function declarator
		"int *f(int a);\nint p;\nint g(void);\n": true,  // a pointer to the name
		"int *f(int a);\nint *p;\nint g;\n":      false, // a function to its name
		"int *f;\nint *p;\nint g(void);\n":       false,
	} {
		if hoists[text] != want {
			t.Errorf("hoist to %q: %v, want %v", text, hoists[text], want)
		}
	}
}
