package archive

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"
)

func TestEncodeDecode(t *testing.T) {
	entries := []Entry{
		{Kind: File, Path: "a", Mode: 0o644, Data: []byte("x\n")},
		{Kind: Dir, Path: "b/empty", Mode: 0o755},
		{Kind: Dir, Path: "b/ro", Mode: 0o555 | fs.ModeSticky},
		{Kind: File, Path: "b/ro/s", Mode: 0o750 | fs.ModeSetuid | fs.ModeSetgid, Data: []byte("s")},
		{Kind: File, Path: "b/ro/x", Mode: 0o644, Data: []byte("x")},
		{Kind: File, Path: "b/z.c", Mode: 0o600, Data: nil},
		{Kind: File, Path: "b.c", Mode: 0o755, Data: []byte("f 0644 3 \"fake\"\nabc\n")},
		{Kind: Link, Path: "c/l", Mode: 0o777, Data: []byte("../a")},
		{Kind: File, Path: "sp ace\n\"q\"", Mode: 0o644, Data: []byte{0, 1, 2}},
	}
	b := Encode(entries)
	got, spans, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(entries) {
		t.Fatalf("%d entries, want %d", len(got), len(entries))
	}
	for i, e := range got {
		w := entries[i]
		if e.Kind != w.Kind || e.Path != w.Path || e.Mode != w.Mode || !bytes.Equal(e.Data, w.Data) {
			t.Errorf("entry %d = %+v, want %+v", i, e, w)
		}
		if !bytes.Equal(b[spans[i].Data:spans[i].End], w.Data) {
			t.Errorf("entry %d: span %v", i, spans[i])
		}
	}
	if !bytes.HasPrefix(b, []byte("f 0644 2 \"a\"\nx\n\n")) {
		t.Errorf("archive starts %q", b[:20])
	}
}

func TestDecodeRefuses(t *testing.T) {
	tests := []struct {
		name, archive, want string
	}{
		{"no header end", `f 0644 1 "a"`, "no end of header"},
		{"unknown kind", "x 0644 0 \"a\"\n\n", "unknown kind"},
		{"bad mode", "f 0999 0 \"a\"\n\n", "malformed header"},
		{"mode too large", "f 17777 0 \"a\"\n\n", "malformed header"},
		{"negative size", "f 0644 -1 \"a\"\n\n", "malformed header"},
		{"unquoted path", "f 0644 0 a\n\n", "malformed header"},
		{"short mode", "f 644 0 \"a\"\n\n", "canonical"},
		{"leading zero size", "f 0644 01 \"a\"\nx\n", "canonical"},
		{"data past the end", "f 0644 5 \"a\"\nab\n", "ends before"},
		{"no newline after data", "f 0644 1 \"a\"\nxy", "no newline"},
		{"absolute path", "f 0644 0 \"/etc/passwd\"\n\n", "not a clean relative path"},
		{"dot dot", "f 0644 0 \"../x\"\n\n", "not a clean relative path"},
		{"inner dot dot", "f 0644 0 \"a/../../x\"\n\n", "not a clean relative path"},
		{"trailing slash", "f 0644 0 \"a/\"\n\n", "not a clean relative path"},
		{"dot", "d 0755 0 \".\"\n\n", "not a clean relative path"},
		{"folder with data", "d 0755 1 \"a\"\nx\n", "has data"},
		{"out of order", "f 0644 0 \"b\"\n\nf 0644 0 \"a\"\n\n", "out of order"},
		{"twice", "f 0644 0 \"a\"\n\nf 0644 0 \"a\"\n\n", "out of order"},
		{"inside a file", "f 0644 0 \"a\"\n\nf 0644 0 \"a/b\"\n\n", "inside the file"},
		{"inside a link", "l 0777 1 \"a\"\nb\nf 0644 0 \"a/b\"\n\n", "inside the symbolic link"},
		{"inside an empty folder entry", "d 0755 0 \"a\"\n\nf 0644 0 \"a/b\"\n\n", "inside the folder"},
		{"absolute link", "l 0777 4 \"a\"\n/etc\n", "does not stay inside"},
		{"link climbing out", "l 0777 5 \"a\"\n../up\n", "does not stay inside"},
		{"link climbing out deeper", "l 0777 8 \"d/a\"\n../../up\n", "does not stay inside"},
		{"link with inner dot dot", "l 0777 6 \"a\"\nb/../c\n", "does not stay inside"},
		{"empty link", "l 0777 0 \"a\"\n\n", "does not stay inside"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Decode([]byte(tc.archive))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode(%q) = %v, want an error saying %q", tc.archive, err, tc.want)
			}
		})
	}
}

func TestCheckLink(t *testing.T) {
	tests := []struct {
		path, target string
		ok           bool
	}{
		{"a", "b", true}, {"a", "b/c", true}, {"a", ".", true}, {"d/a", "..", true}, {"d/a", "../b", true},
		{"d/e/a", "../../b", true}, {"a", "..", false}, {"d/a", "../..", false}, {"a", "./b", false},
		{"a", "b/", false}, {"a", "/b", false}, {"d/a", "../x/../../y", false},
	}
	for _, tc := range tests {
		if err := CheckLink(tc.path, tc.target); (err == nil) != tc.ok {
			t.Errorf("CheckLink(%q, %q) = %v, want ok %v", tc.path, tc.target, err, tc.ok)
		}
	}
}

func TestLess(t *testing.T) {
	ordered := []string{"a", "a/b", "a/b/c", "a/c", "a.c", "a0", "b"}
	for i := range ordered {
		for j := range ordered {
			if got := Less(ordered[i], ordered[j]); got != (i < j) {
				t.Errorf("Less(%q, %q) = %v", ordered[i], ordered[j], got)
			}
		}
	}
}

// FuzzDecode checks that Decode accepts only canonical archives: what it
// decodes encodes to the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("f 0644 2 \"a\"\nx\n\nd 0755 0 \"b\"\n\nl 0777 1 \"c\"\na\n"))
	f.Add([]byte(""))
	f.Add([]byte("f 0644 0 \"a/b\"\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		entries, _, err := Decode(b)
		if err != nil {
			return
		}
		if got := Encode(entries); !bytes.Equal(got, b) {
			t.Errorf("Decode then Encode: %q, want %q", got, b)
		}
	})
}
