package formats

import "testing"

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
