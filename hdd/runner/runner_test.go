//go:build unix

package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Generous bounds: the machine may be small and loaded.
const (
	testTimeout = 500 * time.Millisecond // Command.Timeout in timeout tests
	slack       = 5 * time.Second        // how late a killed run may return
)

// script writes an executable shell script with the given body into a new
// temporary directory and returns its path.
func script(t testing.TB, body string) string {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	path := filepath.Join(t.TempDir(), "test.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// newCommand returns a Command running the script body, with a private
// TempDir and warnings turned into test errors.
func newCommand(t *testing.T, body string) *Command {
	t.Helper()
	return &Command{
		Path:    script(t, body),
		TempDir: t.TempDir(),
		Warn:    func(err error) { t.Errorf("Warn(%v)", err) },
	}
}

// alive reports whether process pid still runs. A killed orphan counts as
// gone even if it lingers as a zombie because init does not reap it.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err == nil {
		// The state follows the parenthesised command name.
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && b[i+2] == 'Z' {
			return false
		}
	}
	return true
}

// checkGone fails if a process in pids is still alive after a short poll.
func checkGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(slack)
	for _, pid := range pids {
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if alive(pid) {
			t.Errorf("process %d left behind by the test is still alive", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// readPIDs reads the process ids that a test script wrote into file, one
// per line.
func readPIDs(t *testing.T, file string) []int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("reading pids written by the test script: %v", err)
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("bad pid %q in %s", f, file)
		}
		pids = append(pids, pid)
	}
	if len(pids) == 0 {
		t.Fatalf("the test script wrote no pid into %s", file)
	}
	return pids
}

// checkRemoved fails if the run directory recorded in the first line of
// info (written by the test script with pwd) still exists.
func checkRemoved(t *testing.T, info string) string {
	t.Helper()
	b, err := os.ReadFile(info)
	if err != nil {
		t.Fatalf("reading the run directory written by the test script: %v", err)
	}
	dir, _, _ := strings.Cut(string(b), "\n")
	if dir == "" {
		t.Fatalf("the test script wrote no directory into %s", info)
	}
	if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("run directory %s: got Lstat error %v, want it removed", dir, err)
	}
	return dir
}

func TestVerdict(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		args      []string
		candidate string
		want      Verdict // Duration is not compared
	}{
		{name: "exit 0", body: "exit 0", want: Verdict{Interesting: true, Exit: 0}},
		{name: "exit 1", body: "exit 1", want: Verdict{Exit: 1}},
		{name: "exit 3", body: "exit 3", want: Verdict{Exit: 3}},
		{
			name: "a missing command in the script is a verdict",
			body: "hdd-runner-no-such-command-xyz 2>/dev/null",
			want: Verdict{Exit: 127},
		},
		{name: "killed by a signal", body: "kill -9 $$", want: Verdict{Exit: -1, Signal: syscall.SIGKILL}},
		{name: "killed by SIGSEGV", body: "kill -SEGV $$", want: Verdict{Exit: -1, Signal: syscall.SIGSEGV}},
		{
			name:      "grep finds the bug",
			body:      `grep -q needle "$1"`,
			candidate: "hay needle hay",
			want:      Verdict{Interesting: true},
		},
		{
			name:      "grep does not",
			body:      `grep -q needle "$1"`,
			candidate: "hay hay",
			want:      Verdict{Exit: 1},
		},
		{
			name: "output is stdout and stderr combined",
			body: "echo out; echo err >&2; exit 2",
			want: Verdict{Exit: 2, Output: []byte("out\nerr\n")},
		},
		{
			name: "Args come before the candidate",
			body: `[ $# = 3 ] && [ "$1" = -a ] && [ "$2" = 'b c' ] && [ -f "$3" ]`,
			args: []string{"-a", "b c"},
			want: Verdict{Interesting: true},
		},
		{
			name: "stdin is empty",
			body: `[ -z "$(cat)" ]`,
			want: Verdict{Interesting: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCommand(t, tt.body)
			c.Args = tt.args
			got, err := c.Test(t.Context(), []byte(tt.candidate))
			if err != nil {
				t.Fatalf("Test: got error %v, want nil", err)
			}
			if got.Interesting != tt.want.Interesting || got.Exit != tt.want.Exit || got.TimedOut {
				t.Errorf("got Interesting=%v Exit=%d TimedOut=%v, want Interesting=%v Exit=%d TimedOut=false (output %q)",
					got.Interesting, got.Exit, got.TimedOut, tt.want.Interesting, tt.want.Exit, got.Output)
			}
			if tt.want.Output != nil && !bytes.Equal(got.Output, tt.want.Output) {
				t.Errorf("got Output %q, want %q", got.Output, tt.want.Output)
			}
			if got.Duration <= 0 {
				t.Errorf("got Duration %v, want > 0", got.Duration)
			}
		})
	}
}

// TestRunDirectory checks the candidate file and the directory it runs in.
func TestRunDirectory(t *testing.T) {
	info := filepath.Join(t.TempDir(), "info")
	c := newCommand(t, `{
	pwd
	ls -ld . | cut -c1-10
	echo "$1"
	cat "$1"
} > "$INFO"`)
	c.Name = "input.c"
	c.Env = []string{"INFO=" + info}
	content := "int main(void) { return 0; }\n"
	v, err := c.Test(t.Context(), []byte(content))
	if err != nil || !v.Interesting {
		t.Fatalf("Test: got %+v, %v; want interesting", v, err)
	}
	dir := checkRemoved(t, info)
	b, _ := os.ReadFile(info)
	lines := strings.SplitN(string(b), "\n", 4)
	if len(lines) < 4 {
		t.Fatalf("got info %q, want 4 parts", b)
	}
	if got, want := filepath.Dir(dir), c.TempDir; got != want {
		t.Errorf("got run directory in %s, want in TempDir %s", got, want)
	}
	if got, want := lines[1], "drwx------"; got != want {
		t.Errorf("got run directory mode %s, want %s", got, want)
	}
	if got, want := lines[2], filepath.Join(dir, "input.c"); got != want {
		t.Errorf("got candidate path %s, want %s (absolute, in the working directory)", got, want)
	}
	if got, want := lines[3], content; got != want {
		t.Errorf("got candidate content %q, want %q", got, want)
	}

	// The default name, and a fresh directory for each run.
	c.Name = ""
	if _, err := c.Test(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	dir2 := checkRemoved(t, info)
	b, _ = os.ReadFile(info)
	if got, want := strings.SplitN(string(b), "\n", 4)[2], filepath.Join(dir2, "candidate"); got != want {
		t.Errorf("with Name \"\": got candidate path %s, want %s", got, want)
	}
	if dir2 == dir {
		t.Errorf("got the same run directory %s twice, want a fresh one per run", dir)
	}
}

// TestEnv checks Env, PWD and the lookup of a Path without a slash. The
// test is awk, not a shell: a shell would repair a wrong PWD.
func TestEnv(t *testing.T) {
	if _, err := exec.LookPath("awk"); err != nil {
		t.Skip("no awk")
	}
	t.Setenv("HDD_RUNNER_INHERITED", "inherited")
	for _, env := range [][]string{nil, {"HDD_RUNNER_EXTRA=extra", "PWD=/wrong"}} {
		c := &Command{
			Path:    "awk",
			Args:    []string{`BEGIN { print ENVIRON["PWD"]; print ENVIRON["HDD_RUNNER_INHERITED"]; print ENVIRON["HDD_RUNNER_EXTRA"] }`},
			Env:     env,
			TempDir: t.TempDir(),
		}
		v, err := c.Test(t.Context(), nil)
		if err != nil || !v.Interesting {
			t.Fatalf("Env %q: got %+v, %v; want interesting", env, v, err)
		}
		lines := strings.Split(string(v.Output), "\n")
		if len(lines) < 3 {
			t.Fatalf("Env %q: got output %q, want 3 lines", env, v.Output)
		}
		if got := lines[0]; filepath.Dir(got) != c.TempDir || !strings.HasPrefix(filepath.Base(got), "hdd-run-") {
			t.Errorf("Env %q: got PWD %q, want a run directory in %s", env, got, c.TempDir)
		}
		if got, want := lines[1], "inherited"; got != want {
			t.Errorf("Env %q: got inherited variable %q, want %q", env, got, want)
		}
		want := ""
		if env != nil {
			want = "extra"
		}
		if got := lines[2]; got != want {
			t.Errorf("Env %q: got extra variable %q, want %q", env, got, want)
		}
	}
}

// TestTMPDIR checks the run's own TMPDIR: new beside the run directory,
// writable, and removed with what the test left in it, also when the
// test is killed before it can clean up; a TMPDIR in Env wins.
func TestTMPDIR(t *testing.T) {
	userTmp := t.TempDir()
	tests := []struct {
		name    string
		body    string
		env     []string
		timeout time.Duration
		want    string // TMPDIR the test must get; "" for a new one
	}{
		{"files left", `echo "$TMPDIR" > "$INFO"; pwd >> "$INFO"; mktemp -d >/dev/null && touch "$TMPDIR/x.s"`, nil, 0, ""},
		{"killed", `echo "$TMPDIR" > "$INFO"; pwd >> "$INFO"; d=$(mktemp -d) || exit 1; trap 'rm -rf "$d"' EXIT; touch "$d/f"; sleep 30`, nil, testTimeout, ""},
		{"set in Env", `echo "$TMPDIR" > "$INFO"; pwd >> "$INFO"`, []string{"TMPDIR=" + userTmp}, 0, userTmp},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info := filepath.Join(t.TempDir(), "info")
			c := newCommand(t, tt.body)
			c.Env = append([]string{"INFO=" + info}, tt.env...)
			c.Timeout = tt.timeout
			if _, err := c.Test(t.Context(), []byte("x")); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(info)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(b), "\n")
			if len(lines) < 2 {
				t.Fatalf("got info %q, want TMPDIR and the run directory", b)
			}
			tmp, dir := lines[0], lines[1]
			switch {
			case tt.want != "" && tmp != tt.want:
				t.Errorf("got TMPDIR %q, want %q from Env", tmp, tt.want)
			case tt.want == "" && (filepath.Dir(tmp) != c.TempDir || !strings.HasPrefix(filepath.Base(tmp), "hdd-tmp-")):
				t.Errorf("got TMPDIR %q, want a new directory in %s", tmp, c.TempDir)
			case tmp == dir:
				t.Errorf("got TMPDIR %q, the run directory itself", tmp)
			}
			if entries, _ := os.ReadDir(c.TempDir); len(entries) != 0 {
				t.Errorf("got %d entries left in TempDir, want 0 (the run's TMPDIR removed)", len(entries))
			}
		})
	}
}

// TestRelativePath checks that a relative Path is relative to the current
// directory, not to the run directory.
func TestRelativePath(t *testing.T) {
	path := script(t, "exit 0")
	t.Chdir(filepath.Dir(path))
	c := &Command{Path: "./" + filepath.Base(path), TempDir: t.TempDir()}
	if err := c.Check(); err != nil {
		t.Errorf("Check: got %v, want nil", err)
	}
	v, err := c.Test(t.Context(), nil)
	if err != nil || !v.Interesting {
		t.Errorf("Test: got %+v, %v; want interesting", v, err)
	}
}

func TestTimeout(t *testing.T) {
	tests := []struct {
		name string
		body string
	}{
		{"foreground grandchild", `sh -c 'echo $$ >> "$PIDS"; exec sleep 30'`},
		{"background grandchild", `sleep 30 & echo $! >> "$PIDS"; wait`},
		{"SIGTERM ignored", `trap '' TERM; sleep 30 & echo $! >> "$PIDS"; echo $$ >> "$PIDS"; wait`},
		{"busy loop", `echo $$ >> "$PIDS"; while :; do :; done`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pids := filepath.Join(t.TempDir(), "pids")
			info := filepath.Join(t.TempDir(), "info")
			c := newCommand(t, `pwd > "$INFO"; `+tt.body)
			c.Timeout = testTimeout
			c.Env = []string{"PIDS=" + pids, "INFO=" + info}
			start := time.Now()
			v, err := c.Test(t.Context(), []byte("x"))
			elapsed := time.Since(start)
			if err != nil {
				t.Fatalf("Test: got error %v, want a verdict", err)
			}
			if !v.TimedOut || v.Interesting || v.Exit != -1 {
				t.Errorf("got TimedOut=%v Interesting=%v Exit=%d, want TimedOut=true Interesting=false Exit=-1",
					v.TimedOut, v.Interesting, v.Exit)
			}
			if elapsed < testTimeout || elapsed > testTimeout+slack {
				t.Errorf("got Test returning after %v, want between %v and %v", elapsed, testTimeout, testTimeout+slack)
			}
			if v.Duration < testTimeout {
				t.Errorf("got Duration %v, want at least the timeout %v", v.Duration, testTimeout)
			}
			checkGone(t, readPIDs(t, pids))
			checkRemoved(t, info)
		})
	}
}

// TestLeftovers checks that background processes the test leaves behind
// are killed when it exits, and do not delay the verdict.
func TestLeftovers(t *testing.T) {
	tests := []struct {
		name string
		body string
		exit int
	}{
		{"holding the output pipe", `sleep 100 & echo $! > "$PIDS"; exit 0`, 0},
		{"detached from the output", `sleep 100 >/dev/null 2>&1 & echo $! > "$PIDS"; exit 0`, 0},
		{"failing test", `sleep 100 & echo $! > "$PIDS"; exit 1`, 1},
		{"grandchild of a subshell", `(sleep 100 & echo $! > "$PIDS") ; exit 0`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pids := filepath.Join(t.TempDir(), "pids")
			c := newCommand(t, tt.body)
			c.Env = []string{"PIDS=" + pids}
			start := time.Now()
			v, err := c.Test(t.Context(), nil)
			elapsed := time.Since(start)
			if err != nil {
				t.Fatalf("Test: got error %v, want a verdict", err)
			}
			if v.Exit != tt.exit || v.Interesting != (tt.exit == 0) || v.TimedOut {
				t.Errorf("got %+v, want Exit=%d", v, tt.exit)
			}
			if elapsed > slack {
				t.Errorf("got Test returning after %v, want less than %v", elapsed, slack)
			}
			t.Logf("returned after %v", elapsed)
			checkGone(t, readPIDs(t, pids))
		})
	}
}

// TestEscapedProcess checks that a process which leaves the test's process
// group while holding its output pipe delays the verdict by about
// waitDelay only (exec.ErrWaitDelay).
func TestEscapedProcess(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	pids := filepath.Join(t.TempDir(), "pids")
	c := newCommand(t, `setsid sleep 30 & echo $! > "$PIDS"; echo done; exit 0`)
	c.Env = []string{"PIDS=" + pids}
	start := time.Now()
	v, err := c.Test(t.Context(), nil)
	elapsed := time.Since(start)
	for _, pid := range readPIDs(t, pids) {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	if err != nil || !v.Interesting {
		t.Fatalf("got %+v, %v; want interesting", v, err)
	}
	if got, want := string(v.Output), "done\n"; got != want {
		t.Errorf("got Output %q, want %q", got, want)
	}
	if elapsed > waitDelay+slack {
		t.Errorf("got Test returning after %v, want less than %v", elapsed, waitDelay+slack)
	}
}

func TestCancel(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	info := filepath.Join(t.TempDir(), "info")
	c := newCommand(t, `pwd > "$INFO"; sleep 30 & echo $! >> "$PIDS"; wait`)
	c.Env = []string{"PIDS=" + pids, "INFO=" + info}
	c.Timeout = time.Minute

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	type result struct {
		v   Verdict
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := c.Test(ctx, nil)
		done <- result{v, err}
	}()
	for deadline := time.Now().Add(slack); ; time.Sleep(10 * time.Millisecond) {
		if b, _ := os.ReadFile(pids); len(b) > 0 && b[len(b)-1] == '\n' {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the test script did not start its child")
		}
	}
	cancel()
	start := time.Now()
	select {
	case r := <-done:
		if !errors.Is(r.err, context.Canceled) {
			t.Errorf("got %+v, %v; want an error wrapping context.Canceled", r.v, r.err)
		}
		t.Logf("returned %v after %v", r.err, time.Since(start))
	case <-time.After(slack):
		t.Fatalf("Test still running %v after cancel", slack)
	}
	checkGone(t, readPIDs(t, pids))
	checkRemoved(t, info)

	// A context done before the run starts nothing.
	if _, err := c.Test(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("with a canceled context: got error %v, want context.Canceled", err)
	}
}

func TestCannotRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		return path
	}
	notExec := write("notexec.sh", "#!/bin/sh\nexit 0\n", 0o644)
	badInterp := write("badinterp.sh", "#!/nonexistent/interp -x\nexit 0\n", 0o755)
	interpNotExec := write("interpnotexec.sh", "#!"+notExec+"\nexit 0\n", 0o755)
	noShebang := write("noshebang", "\x7fELF garbage\n", 0o755)
	missing := filepath.Join(dir, "missing.sh")

	tests := []struct {
		name      string
		path      string
		check     string // exact Check message; "" means Check passes
		testError string // substring of the Test error
	}{
		{"missing", missing, "test script " + missing + " does not exist", "does not exist"},
		{"not executable", notExec, "test script " + notExec + " is not executable (chmod +x " + notExec + ")", "chmod +x"},
		{"bad interpreter", badInterp, "test script " + badInterp + " has a bad interpreter: #!/nonexistent/interp: no such file or directory", "bad interpreter"},
		{"interpreter not executable", interpNotExec, "test script " + interpNotExec + " has a bad interpreter: #!" + notExec + " is not an executable file", "bad interpreter"},
		{"directory", dir, "test script " + dir + " is a directory", "is a directory"},
		{"not in PATH", "hdd-runner-no-such-command-xyz", "test command hdd-runner-no-such-command-xyz not found in $PATH", "not found in $PATH"},
		{"empty", "", "no test command given", "no test command given"},
		{"exec format error", noShebang, "", "exec format error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Command{Path: tt.path, TempDir: t.TempDir()}
			err := c.Check()
			switch {
			case tt.check == "" && err != nil:
				t.Errorf("Check: got %v, want nil", err)
			case tt.check != "" && (err == nil || err.Error() != tt.check):
				t.Errorf("Check: got %v, want %s", err, tt.check)
			case err != nil && !errors.Is(err, ErrCannotRun):
				t.Errorf("Check: got %v, want an error wrapping ErrCannotRun", err)
			}
			v, err := c.Test(t.Context(), []byte("x"))
			if !errors.Is(err, ErrCannotRun) {
				t.Fatalf("Test: got %+v, %v; want an error wrapping ErrCannotRun", v, err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.testError) || strings.Contains(msg, "\n") {
				t.Errorf("Test: got error %q, want one line containing %q", msg, tt.testError)
			}
			if entries, _ := os.ReadDir(c.TempDir); len(entries) != 0 {
				t.Errorf("got %d entries left in TempDir, want 0", len(entries))
			}
		})
	}
}

func TestBadName(t *testing.T) {
	for _, name := range []string{"a/b", "..", ".", "/etc/passwd", "a\x00b"} {
		c := &Command{Path: "/bin/true", Name: name, TempDir: t.TempDir()}
		if _, err := c.Test(t.Context(), nil); err == nil {
			t.Errorf("Name %q: Test got nil error, want one", name)
		}
		if err := c.Check(); err == nil {
			t.Errorf("Name %q: Check got nil error, want one", name)
		}
	}
	// A backslash is a byte of a Unix file name.
	c := &Command{Path: "/bin/sh", Args: []string{"-c", `test -f "$0" && test "${0##*/}" = 'a\b.txt'`}, Name: `a\b.txt`, TempDir: t.TempDir()}
	if v, err := c.Test(t.Context(), nil); err != nil || !v.Interesting {
		t.Errorf("Name a\\b.txt: Test got %+v, %v; want the candidate so named", v, err)
	}
}

// TestBigOutput checks that a test printing 50 MB works in bounded memory.
func TestBigOutput(t *testing.T) {
	const size = 50 << 20
	body := fmt.Sprintf("dd if=/dev/zero bs=65536 count=%d 2>/dev/null; echo END", size/65536)
	for _, keep := range []int{0, 1000, -1} {
		c := newCommand(t, body)
		c.KeepOutput = keep
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		v, err := c.Test(t.Context(), nil)
		runtime.ReadMemStats(&after)
		if err != nil || !v.Interesting {
			t.Fatalf("KeepOutput %d: got %+v, %v; want interesting", keep, v, err)
		}
		want := keep
		switch {
		case keep == 0:
			want = 4096
		case keep < 0:
			want = 0
		}
		if len(v.Output) != want {
			t.Errorf("KeepOutput %d: got %d bytes of output, want %d", keep, len(v.Output), want)
		}
		if want > 0 && !bytes.HasSuffix(v.Output, []byte("\x00END\n")) {
			t.Errorf("KeepOutput %d: got output ending %q, want the end of the output", keep, v.Output[max(0, len(v.Output)-10):])
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("KeepOutput %d: got %d bytes allocated, want the output not buffered", keep, alloc)
		}
	}
}

// TestCleanup checks that the run directory is removed whatever the test
// does to it, and that removal does not follow symbolic links.
func TestCleanup(t *testing.T) {
	outside := t.TempDir()
	keep := filepath.Join(outside, "keep")
	if err := os.WriteFile(keep, []byte("keep"), 0o400); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(outside, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(outside, 0o700) })

	tests := []struct {
		name string
		body string
	}{
		{"candidate deleted", `rm -f "$1"`},
		{"files written", `echo x > a; mkdir -p d/e; echo y > d/e/f`},
		{"read-only subdirectories", `mkdir -p ro/sub; touch ro/sub/f ro/g; chmod 500 ro/sub; chmod 000 ro`},
		{"read-only working directory", `mkdir d; touch d/f x; chmod 500 d .`},
		{"candidate made read-only", `chmod 000 "$1"`},
		{"symbolic link out", `ln -s "$OUTSIDE" link; ln -s "$OUTSIDE/keep" keep; chmod 000 .`},
		{"working directory deleted", `cd /; rm -rf "$(dirname "$1")"`},
		{"temporary files", `mkdir "$TMPDIR/d"; echo x > "$TMPDIR/d/f"; mktemp >/dev/null; chmod 000 "$TMPDIR/d"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info := filepath.Join(t.TempDir(), "info")
			c := newCommand(t, `pwd > "$INFO"; `+tt.body)
			c.Env = []string{"INFO=" + info, "OUTSIDE=" + outside}
			v, err := c.Test(t.Context(), []byte("x"))
			if err != nil || !v.Interesting {
				t.Fatalf("got %+v, %v; want interesting", v, err)
			}
			checkRemoved(t, info)
			if entries, _ := os.ReadDir(c.TempDir); len(entries) != 0 {
				t.Errorf("got %d entries left in TempDir, want 0", len(entries))
			}
		})
	}
	fi, err := os.Stat(outside)
	if err != nil || fi.Mode().Perm() != 0o500 {
		t.Errorf("directory outside: got %v, %v; want mode 0500 (untouched)", fi, err)
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "keep" {
		t.Errorf("file outside: got %q, %v; want it untouched", b, err)
	}
}

// TestRemoveAll checks the permission repair directly; as root, permissions
// do not stop removal in the first place.
func TestRemoveAll(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	for _, d := range []string{"a/b/c", "x"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"a/b/c/f", "a/f", "x/f"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"a/b/c", "a/b", "a", "x", "."} {
		mode := os.FileMode(0o500)
		if d == "a/b" {
			mode = 0
		}
		if err := os.Chmod(filepath.Join(dir, d), mode); err != nil {
			t.Fatal(err)
		}
	}
	if os.Geteuid() != 0 {
		if err := os.RemoveAll(dir); err == nil {
			t.Fatal("os.RemoveAll removed a read-only tree; the test is moot")
		}
	}
	if err := removeAll(dir); err != nil {
		t.Errorf("removeAll: got %v, want nil", err)
	}
	if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got Lstat error %v, want the directory removed", err)
	}
}

// TestConcurrent runs several tests at once: each sees its own candidate
// in its own directory.
func TestConcurrent(t *testing.T) {
	c := newCommand(t, `cat "$1"; echo; pwd; sleep 0.2`)
	c.Name = "input.c"
	const n = 8
	var wg sync.WaitGroup
	dirs := make([]string, n)
	for i := range n {
		wg.Go(func() {
			want := fmt.Sprintf("candidate %d %s", i, strings.Repeat("x", i*100))
			v, err := c.Test(t.Context(), []byte(want))
			if err != nil || !v.Interesting {
				t.Errorf("run %d: got %+v, %v; want interesting", i, v, err)
				return
			}
			got, dir, _ := strings.Cut(strings.TrimSuffix(string(v.Output), "\n"), "\n")
			if got != want {
				t.Errorf("run %d: got candidate %.20q, want %.20q", i, got, want)
			}
			dirs[i] = dir
		})
	}
	wg.Wait()
	seen := map[string]int{}
	for i, d := range dirs {
		if j, ok := seen[d]; ok && d != "" {
			t.Errorf("runs %d and %d: got the same directory %s, want one each", j, i, d)
		}
		seen[d] = i
	}
	if entries, _ := os.ReadDir(c.TempDir); len(entries) != 0 {
		t.Errorf("got %d entries left in TempDir, want 0", len(entries))
	}
}

// BenchmarkTrue measures the overhead of one run: directory, file, process
// and cleanup, with /bin/true as the test and a 100 KB candidate.
func BenchmarkTrue(b *testing.B) {
	if _, err := os.Stat("/bin/true"); err != nil {
		b.Skip("no /bin/true")
	}
	c := &Command{Path: "/bin/true", Name: "input.c", TempDir: b.TempDir()}
	candidate := bytes.Repeat([]byte("int x;\n"), 100<<10/7)
	b.SetBytes(int64(len(candidate)))
	b.ReportAllocs()
	for b.Loop() {
		v, err := c.Test(b.Context(), candidate)
		if err != nil || !v.Interesting {
			b.Fatalf("got %+v, %v; want interesting", v, err)
		}
	}
}

// unpackLines writes each line "name=text" of candidate as a file.
func unpackLines(dir string, candidate []byte) error {
	for _, l := range strings.Split(strings.TrimSpace(string(candidate)), "\n") {
		name, text, _ := strings.Cut(l, "=")
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// TestUnpackFolder runs a test on candidates that are folders: the test
// runs in its candidate folder, named Name, and what it writes there is
// gone by the next run.
func TestUnpackFolder(t *testing.T) {
	c := newCommand(t, `[ "$PWD" = "$1" ] || exit 3
[ "$(basename "$1")" = proj ] || exit 4
[ -e junk ] && exit 5
echo junk > junk; mkdir -p sub; rm -f b
grep -q crash a`)
	c.Name, c.Unpack = "proj", unpackLines
	for _, tc := range []struct {
		cand string
		exit int
	}{{"a=crash\nb=x", 0}, {"a=fine\nb=x", 1}, {"a=crash", 0}} {
		v, err := c.Test(context.Background(), []byte(tc.cand))
		if err != nil {
			t.Fatal(err)
		}
		if v.Exit != tc.exit {
			t.Errorf("%q: exit %d, want %d (%s)", tc.cand, v.Exit, tc.exit, v.Output)
		}
	}
	if left, _ := os.ReadDir(c.TempDir); len(left) != 0 {
		t.Errorf("run directories left: %v", left)
	}
	// A folder that cannot be written is an error, not a verdict.
	c.Unpack = func(string, []byte) error { return errors.New("disk full") }
	if _, err := c.Test(context.Background(), []byte("a=crash")); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("got %v, want the Unpack error", err)
	}
}
