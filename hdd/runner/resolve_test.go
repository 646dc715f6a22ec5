//go:build unix

package runner

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBareNameInCurrentDirectory runs a test named without ./ from the
// current directory, as C-Vise users write it, before one in $PATH.
func TestBareNameInCurrentDirectory(t *testing.T) {
	path := script(t, "exit 0")
	t.Chdir(filepath.Dir(path))
	c := &Command{Path: filepath.Base(path), TempDir: t.TempDir()}
	if err := c.Check(); err != nil {
		t.Errorf("Check: got %v, want nil", err)
	}
	v, err := c.Test(t.Context(), nil)
	if err != nil || !v.Interesting {
		t.Errorf("Test: got %+v, %v; want interesting", v, err)
	}
	if got, err := c.Executable(); err != nil || got != path {
		t.Errorf("Executable: got %q, %v; want %q", got, err, path)
	}

	// A directory there named like a command ("dd") is refused as a
	// directory, never run as the command.
	if err := os.Mkdir("dd", 0o755); err != nil {
		t.Fatal(err)
	}
	c = &Command{Path: "dd", TempDir: t.TempDir()}
	if err := c.Check(); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("Check of the directory dd: got %v, want an error saying it is a directory", err)
	}
}

func TestWindowsLineEndings(t *testing.T) {
	dir := t.TempDir()
	for _, first := range []string{"#!/bin/sh\r\n", "#!/bin/sh -e\r\n"} {
		path := filepath.Join(dir, "crlf.sh")
		if err := os.WriteFile(path, []byte(first+"exit 0\r\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		c := &Command{Path: path, TempDir: t.TempDir()}
		err := c.Check()
		if !errors.Is(err, ErrCannotRun) || !strings.Contains(err.Error(), "Windows line endings") || !strings.Contains(err.Error(), "dos2unix") {
			t.Errorf("%q: Check: got %v, want an error naming the Windows line endings", first, err)
		}
		// Without an argument the interpreter "/bin/sh\r" cannot be
		// started; with one, /bin/sh runs and fails on its argument: a
		// verdict, which is why the command calls Check first.
		if _, err := c.Test(t.Context(), nil); !strings.Contains(first, "-e") && (err == nil || !strings.Contains(err.Error(), "Windows line endings")) {
			t.Errorf("%q: Test: got %v, want an error naming the Windows line endings", first, err)
		}
	}
}

// TestSetTimeoutWhileRunning shortens the timeout of a run under way: the
// run ends as timed out, from its start, not ten seconds later.
func TestSetTimeoutWhileRunning(t *testing.T) {
	c := &Command{Path: script(t, "sleep 10"), TempDir: t.TempDir()}
	go func() {
		time.Sleep(300 * time.Millisecond)
		c.SetTimeout(200 * time.Millisecond) // already spent: the run ends now
	}()
	start := time.Now()
	v, err := c.Test(t.Context(), nil)
	if err != nil || !v.TimedOut {
		t.Fatalf("got %+v, %v; want a timed-out verdict", v, err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("the run took %v: the new timeout did not apply to it", el)
	}
}
