package formats

import (
	"context"
	"testing"
)

func TestFor(t *testing.T) {
	tests := []struct {
		path, src, override string
		want                string
		wantErr             bool
	}{
		{"bug.c", "int x;", "", "c", false},
		{"bug.H", "int x;", "", "c", false},
		{"page.htm", "<p>", "", "html", false},
		{"feed.rss", "<rss/>", "", "xml", false},
		{"data.jsonl", "{}\n{}", "", "json", false},
		{"payload", " \n{\"a\":1}", "", "json", false},
		{"doc", "<a/>", "", "xml", false},
		{"bug.c", "int x;", "lines", "lines", false},
		{"bug.cc", "int x;", "", "cpp", false},
		{"bug.ii", "int x;", "", "cpp", false},
		{"Bug.HPP", "int x;", "", "cpp", false},
		{"main.go", "package main", "", "go", false},
		{"lib.rs", "fn f() {}", "", "rust", false},
		{"mod.py", "x = 1", "", "python", false},
		{"app.mjs", "let x;", "", "javascript", false},
		{"app.ts", "let x: number;", "", "typescript", false},
		{"view.tsx", "let x = <a/>;", "", "tsx", false},
		{"A.java", "class A {}", "", "java", false},
		{"site.css", "a { }", "", "css", false},
		{"bug.c", "int x;", "cpp", "cpp", false},
		{"notes", "hello", "", "", true},
		{"bug.c", "int x;", "cobol", "", true},
	}
	for _, tc := range tests {
		f, err := For(tc.path, []byte(tc.src), tc.override)
		if (err != nil) != tc.wantErr {
			t.Errorf("For(%q, %q) error = %v, want error %v", tc.path, tc.override, err, tc.wantErr)
			continue
		}
		if err == nil && f.Name != tc.want {
			t.Errorf("For(%q, %q) = %s, want %s", tc.path, tc.override, f.Name, tc.want)
		}
	}
}

// TestExtensionsUnique checks that no extension selects two formats: For
// would pick the first silently.
func TestExtensionsUnique(t *testing.T) {
	seen := map[string]string{}
	for _, f := range All {
		for _, e := range f.Exts {
			if other, ok := seen[e]; ok {
				t.Errorf("%s selects both %s and %s", e, other, f.Name)
			}
			seen[e] = f.Name
		}
	}
}

// TestSniffedJSONIsStrict checks that a file picked as JSON by its first
// byte is read strictly, and one named .json tolerantly: text that starts
// with a bracket is not taken for broken JSON unless its name says JSON.
func TestSniffedJSONIsStrict(t *testing.T) {
	tests := []struct {
		path, src string
		parses    bool
	}{
		{"git.config", "[core]\n\tbare = false\n", false},
		{"payload", `{"a": [1, 2`, false},
		{"payload", `{"a": [1, 2]}`, true},
		{"payload.json", `{"a": [1, 2`, true},
		{"git.json", "[core]\n\tbare = false\n", true},
	}
	for _, tc := range tests {
		f, err := For(tc.path, []byte(tc.src), "")
		if err != nil {
			t.Fatalf("For(%q): %v", tc.path, err)
		}
		if _, err := f.Parse(context.Background(), []byte(tc.src)); (err == nil) != tc.parses {
			t.Errorf("For(%q) then Parse(%q): got error %v, want it to parse: %v", tc.path, tc.src, err, tc.parses)
		}
	}
}
