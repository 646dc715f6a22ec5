package runner

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// exitTester exits with the status given by the candidate's first byte.
type exitTester struct{}

func (exitTester) Test(_ context.Context, c []byte) (Verdict, error) {
	code := int(c[0] - '0')
	return Verdict{Interesting: code == 0, Exit: code}, nil
}

func TestFindings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "findings")
	os.MkdirAll(dir, 0o755)
	// A finding from an earlier run must not be overwritten, nor saved
	// again.
	os.WriteFile(filepath.Join(dir, "0001-bug.c"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(dir, "0009-bug.c"), []byte("3 earlier"), 0o644)
	var saved []string
	f := &Findings{Tester: exitTester{}, Code: 3, Dir: dir, Name: "bug.c", Saved: func(p string) { saved = append(saved, p) }}
	for _, c := range []string{"0 a", "3 first", "1 b", "3 earlier", "3 second", "3 first"} {
		v, err := f.Test(context.Background(), []byte(c))
		if err != nil {
			t.Fatal(err)
		}
		if want := c[0] == '0'; v.Interesting != want {
			t.Errorf("%q: interesting = %v, want %v", c, v.Interesting, want)
		}
	}
	want := []string{filepath.Join(dir, "0002-bug.c"), filepath.Join(dir, "0003-bug.c")}
	if len(saved) != 2 || saved[0] != want[0] || saved[1] != want[1] {
		t.Fatalf("saved %v, want %v", saved, want)
	}
	for i, content := range []string{"3 first", "3 second"} {
		if b, _ := os.ReadFile(want[i]); string(b) != content {
			t.Errorf("%s = %q, want %q", want[i], b, content)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "0001-bug.c")); string(b) != "old" {
		t.Errorf("an earlier finding was overwritten: %q", b)
	}
}

// TestFindingsFolders saves findings as folders, never over an earlier
// one.
func TestFindingsFolders(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "0001-proj"), 0o755)
	f := &Findings{Tester: exitTester{}, Code: 3, Dir: dir, Name: "proj", Unpack: func(d string, c []byte) error {
		return os.WriteFile(filepath.Join(d, "f"), c, 0o644)
	}}
	if _, err := f.Test(context.Background(), []byte("3 x")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "0002-proj", "f")); string(b) != "3 x" {
		t.Errorf("0002-proj/f = %q, want the candidate", b)
	}
	if names, _ := os.ReadDir(filepath.Join(dir, "0001-proj")); len(names) != 0 {
		t.Errorf("an earlier finding was written into: %v", names)
	}
}
