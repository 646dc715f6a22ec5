package runner

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestRemoveThroughMount removes a run directory in which a test (as
// root) bind-mounted a folder and was killed before it unmounted it: the
// mounted folder's files stay, and the run directory goes.
func TestRemoveThroughMount(t *testing.T) {
	keep := t.TempDir()
	precious := filepath.Join(keep, "precious")
	os.WriteFile(precious, []byte("x"), 0o644)
	dir := filepath.Join(t.TempDir(), "run dir") // mountinfo writes its space \040
	m := filepath.Join(dir, "with space", "m")
	os.MkdirAll(m, 0o755)
	if err := unix.Mount(keep, m, "", unix.MS_BIND, ""); err != nil {
		t.Skipf("cannot bind-mount (not root?): %v", err)
	}
	t.Cleanup(func() { unix.Unmount(m, unix.MNT_DETACH) })
	if err := removeAll(dir); err != nil {
		t.Fatalf("removeAll: %v", err)
	}
	if _, err := os.Stat(precious); err != nil {
		t.Errorf("the mounted folder's file is gone: %v", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("the run directory stays")
	}
}

func TestUnescapeMount(t *testing.T) {
	for in, want := range map[string]string{`/a\040b`: "/a b", `/plain`: "/plain", `/t\011x\134`: "/t\tx\\", `/end\04`: `/end\04`} {
		if got := unescapeMount(in); got != want {
			t.Errorf("unescapeMount(%q) = %q, want %q", in, got, want)
		}
	}
	for _, path := range []string{"/plain", "/a b", "/t\tx\\", "/n\ny"} {
		if got := unescapeMount(mountEscaper.Replace(path)); got != path {
			t.Errorf("%q escaped and unescaped is %q", path, got)
		}
	}
}

// BenchmarkUnmountBelow measures what each run's removal of its run
// directory pays to look for mounts in it.
func BenchmarkUnmountBelow(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "run")
	for b.Loop() {
		if err := unmountBelow(dir); err != nil {
			b.Fatal(err)
		}
	}
}
