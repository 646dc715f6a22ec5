package c

import "testing"

func TestIndentUnit(t *testing.T) {
	tests := []struct{ src, want string }{
		{"int f() {\n    a;\n    b;\n    if (x) {\n        c;\n    }\n}\n", "    "},
		{"f() {\n\ta;\n\tb;\n}\n", "\t"},
		{"f() {\n  a;\n  b;\n  c;\n    d;\n}\n", "  "},
		{"int x;\n", "    "},
	}
	for _, tc := range tests {
		if got := indentUnit([]byte(tc.src)); got != tc.want {
			t.Errorf("indentUnit(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestReindent(t *testing.T) {
	tests := []struct{ in, want string }{
		{
			"int f() {\n    if (x) {\n                z = 1;\n            }\n    return 0;\n}\n",
			"int f() {\n    if (x) {\n        z = 1;\n    }\n    return 0;\n}\n",
		},
		{
			"  #define A 1\nint g(int a,\n          int b);\n",
			"#define A 1\nint g(int a,\n    int b);\n",
		},
		{
			"/* a\n      b */\nchar *s = \"{\";\n  int y;\n",
			"/* a\n      b */\nchar *s = \"{\";\nint y;\n",
		},
		{
			"#define M(x) \\\n      do { x; } while (0)\nint z; // {\n   int w;\n",
			"#define M(x) \\\n      do { x; } while (0)\nint z; // {\nint w;\n",
		},
	}
	for _, tc := range tests {
		if got := string(reindent("    ")([]byte(tc.in))); got != tc.want {
			t.Errorf("reindent(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}
