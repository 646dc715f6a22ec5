package cpp

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// TestBodies checks the function bodies C++'s policy offers, and that
// removing them all leaves a text Check accepts.
func TestBodies(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // each group's texts, joined by " + "
		after     string
	}{{
		name:  "a function and a member",
		src:   "int f() { return 1; }\nstruct S { int g() { return 2; } };\n",
		want:  []string{"{ return 1; }", "{ return 2; }"},
		after: "int f() ;\nstruct S { int g() ; };\n",
	}, {
		name:  "a constructor's initializer list goes with its body",
		src:   "struct S { int x; S() : x(0) { x++; } };\n",
		want:  []string{": x(0) + { x++; }"},
		after: "struct S { int x; S() {} };\n", // the table's replacement after an initializer list
	}, {
		name:  "no body out of its class or with a deduced type",
		src:   "struct S { int g(); };\nint S::g() { return 2; }\nauto h() { return 3; }\n",
		want:  nil,
		after: "struct S { int g(); };\nint S::g() { return 2; }\nauto h() { return 3; }\n",
	}, {
		name:  "a template's body; a local class's is inside it",
		src:   "template <class T> T f(T t) { struct L { int m() { return 0; } }; return t; }\n",
		want:  []string{"{ struct L { int m() { return 0; } }; return t; }"},
		after: "template <class T> T f(T t) ;\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Language.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			var got []string
			c := tree.Candidate{}
			for _, g := range doc.Policy.Bodies(tr, c) {
				var texts []string
				for _, id := range g {
					texts = append(texts, string(tr.Text(id)))
				}
				got = append(got, strings.Join(texts, " + "))
				c = c.Remove(g...)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Bodies:\n got %q\nwant %q", got, tt.want)
			}
			after := unparse.Text(tr, doc.Policy, c)
			if string(after) != tt.after {
				t.Errorf("without them:\n got %q\nwant %q", after, tt.after)
			}
			if err := doc.Policy.Check(after); err != nil {
				t.Errorf("Check(%q) = %v", after, err)
			}
		})
	}
}
