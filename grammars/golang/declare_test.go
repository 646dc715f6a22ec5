package golang

import (
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// TestUnused checks the groups of unused declarations Go's policy finds:
// each group's texts, joined by " + ", with the nodes whose text starts
// with keep kept. An import goes with the unused declarations that use
// it: Go refuses an import nothing uses.
func TestUnused(t *testing.T) {
	tstest.Unused(t, Language, []tstest.UnusedRow{{
		Name: "an import goes with its only user",
		Src:  "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nvar E = errors.New\n\nfunc main() { fmt.Println() }\n",
		Keep: "func main",
		Want: []string{"\"errors\" + var E = errors.New"},
	}, {
		Name: "an import goes with all its unused users",
		Src:  "package main\n\nimport \"strings\"\n\nfunc a() string { return strings.ToUpper(\"\") }\n\nfunc b() { strings.TrimSpace(\"\") }\n\nfunc main() {}\n",
		Keep: "func main",
		Want: []string{"import \"strings\" + func a() string { return strings.ToUpper(\"\") } + func b() { strings.TrimSpace(\"\") }"},
	}, {
		Name: "an import a kept node uses stays",
		Src:  "package main\n\nimport \"fmt\"\n\nfunc a() { fmt.Println() }\n\nfunc main() { fmt.Println() }\n",
		Keep: "func main",
		Want: []string{"func a() { fmt.Println() }"},
	}, {
		Name: "an alias is the import's name",
		Src:  "package main\n\nimport (\n\ty \"gopkg.in/yaml.v3\"\n\t_ \"embed\"\n)\n\nvar v = y.Marshal\n\nfunc main() {}\n",
		Keep: "func main",
		Want: []string{"y \"gopkg.in/yaml.v3\" + var v = y.Marshal"},
	}, {
		Name: "a method names no declaration; its receiver's type is used",
		Src:  "package main\n\ntype T int\n\nfunc (t T) String() string { return \"\" }\n\ntype U int\n\nfunc main() {}\n",
		Keep: "func main",
		Want: []string{"type U int"},
	}, {
		Name: "a local goes with its block, a parameter with its function",
		Src:  "package main\n\nfunc main() { x := 1; _ = x }\n\nfunc f(p int) {}\n",
		Keep: "func main",
		Want: []string{"func f(p int) {}"},
	}})
}

func TestPackageName(t *testing.T) {
	tests := []struct{ text, want string }{
		{`"fmt"`, "fmt"},
		{`"encoding/json"`, "json"},
		{`"gopkg.in/yaml.v3"`, "yaml"},
		{`"github.com/mattn/go-isatty"`, "isatty"},
		{`"example.com/mod/v2"`, "mod"},
		{`"github.com/google/go-cmp/cmp"`, "cmp"},
		{"`os`", "os"},
		{"y", "y"}, // an alias
	}
	for _, tt := range tests {
		if got := packageName(tt.text); got != tt.want {
			t.Errorf("packageName(%s) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestWords(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a := b.c + d", "a b d"},
		{"x.\n\tY()", "x"},
		{"f(xs ...T)", "f xs T"},
		{`s := "a b" + 'c' + ` + "`raw\nq`" + ` // comment x`, "s"},
		{"/* y */ z", "z"},
		{"0x1F + 1e10 + 1.5i + .5 + v", "v"},
		{"été := 1", "été"},
		{`"unclosed` + "\nw", "w"},
		{"package p\n\nvar p = q", "package var p q"},
	}
	for _, tt := range tests {
		var got []string
		words([]byte(tt.src), func(i, j int) { got = append(got, tt.src[i:j]) })
		if strings.Join(got, " ") != tt.want {
			t.Errorf("words(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestDeclarationsCheck refuses a candidate that removes a declaration,
// an import among them, whose name it still uses, and accepts one that
// removes an import with its only use.
func TestDeclarationsCheck(t *testing.T) {
	tstest.Checks(t, Language, "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nvar E = errors.New\n\nfunc f(p int) int { return p }\n\nfunc main() { fmt.Println(f(1)) }\n", []tstest.CheckRow{
		{Name: "an import still used", Cand: "package main\n\nimport (\n\t\"fmt\"\n)\n\nvar E = errors.New\n\nfunc f(p int) int { return p }\n\nfunc main() { fmt.Println(f(1)) }\n", OK: false},
		{Name: "an import with its use", Cand: "package main\n\nimport (\n\t\"fmt\"\n)\n\nfunc f(p int) int { return p }\n\nfunc main() { fmt.Println(f(1)) }\n", OK: true},
		{Name: "a function still called", Cand: "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nvar E = errors.New\n\nfunc main() { fmt.Println(f(1)) }\n", OK: false},
		{Name: "a parameter still used", Cand: "package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n\nvar E = errors.New\n\nfunc f() int { return p }\n\nfunc main() { fmt.Println(f(1)) }\n", OK: false},
		{Name: "the other import and its use, in one edit", Cand: "package main\n\nimport (\n\t\"errors\"\n)\n\nvar E = errors.New\n\nfunc f(p int) int { return p }\n\nfunc main() { }\n", OK: true},
	})
}
