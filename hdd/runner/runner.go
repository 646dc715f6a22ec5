// Package runner runs an interestingness test as an external process. Each
// call to [Command.Test] writes the candidate into a fresh private
// directory, runs the test there with the candidate's absolute path as its
// last argument, and maps the outcome to a [Verdict]: exit status 0 means
// interesting, and the verdict keeps the exit status, the end of the
// output and the time the run took. [Findings] saves the candidates on
// which the test exits with a status of the user's choosing. An [Oracle]
// is what the engine (package hdd) sees of a [Tester]: interesting or not,
// or an error.
//
// # Processes
//
// On Unix the test runs in a process group of its own. When the run times
// out or the context is canceled, the whole group is killed with SIGKILL,
// so compilers and other grandchildren do not outlive the shell that started
// them. The group is also killed after every run, whatever its outcome: a
// background process left behind by the test (say, `sleep 100 &`) does not
// survive the run. Processes that leave the group on purpose (setsid,
// setpgid, daemons) are beyond reach; if they keep the test's output pipe
// open, the run still ends at most about one second after the test exits.
//
// # Errors
//
// A test that ran and failed is a verdict, not an error; that includes exit
// status 127 from a shell that could not find a command. A test that could
// not be started at all (missing, not executable, bad #! interpreter) is an
// error wrapping [ErrCannotRun], never a verdict.
package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// ErrCannotRun is wrapped by the errors that [Command.Test] and
// [Command.Check] return when the test cannot be started: it is missing, is
// not executable, or names an interpreter that does not exist. Such errors
// also wrap the underlying cause, and their message is one line that names
// the test.
var ErrCannotRun = errors.New("cannot run the test")

const (
	defaultName       = "candidate"
	defaultKeepOutput = 4096

	// waitDelay bounds how long a run waits for its output pipe to close
	// after the test has exited or been killed; only a process that left
	// the test's process group can hold the pipe that long.
	waitDelay = time.Second
)

// A Command is a [Tester] that runs an executable on each candidate.
// The zero values of all fields except Path are usable. A Command must not
// be modified while tests run, and it is safe for concurrent use: every call
// to Test gets a directory of its own.
type Command struct {
	// Path is the test executable. It is run directly, never through a
	// shell, as Path Args... CANDIDATE_PATH. A Path without a slash names
	// a file in the current directory if there is one, else a command in
	// $PATH; a relative Path is relative to the current directory of the
	// calling process, not to the run directory.
	Path string

	// Args holds extra arguments placed before the candidate path. It may
	// be nil.
	Args []string

	// Name is the base name of the candidate file, such as "input.c".
	// Keep the input's name and extension: compilers care. "" means
	// "candidate".
	Name string

	// Exec says the candidate file is executable by its owner, as the
	// input is when the test runs it ("$1" | grep BUG): the file is
	// written 0700 instead of 0600.
	Exec bool

	// Timeout bounds each run. A run that exceeds it is killed with its
	// process group and reported as not interesting with TimedOut set.
	// Zero or negative means no limit.
	Timeout time.Duration

	// Env holds extra environment variables, in the form "KEY=value",
	// appended to the environment of the calling process, which the test
	// inherits. It may be nil. PWD is always set to the run directory, and
	// TMPDIR to the run's own temporary directory (see [Command.Test]),
	// unless Env sets TMPDIR.
	Env []string

	// KeepOutput is how many trailing bytes of the test's combined standard
	// output and standard error are kept in Verdict.Output. Zero means
	// 4096; a negative value discards the output. Memory use is bounded
	// by KeepOutput however much the test prints.
	KeepOutput int

	// TempDir is the directory in which the per-run directories are made.
	// "" means os.TempDir().
	TempDir string

	// Warn, if not nil, is called with problems that do not change the
	// verdict, such as a run directory that could not be removed. It may
	// be called concurrently. If Warn is nil, such problems are reported
	// on standard error.
	Warn func(error)

	// Reaper, if not nil, kills the processes each run leaves behind
	// outside its process group (see [Reaper]); every Command running
	// tests for the process must then share it.
	Reaper *Reaper

	// Unpack, if not nil, makes each candidate a folder instead of a
	// file: the runner makes an empty folder called Name in the run
	// directory, Unpack writes the candidate into it (a folder's
	// archive, say), and the test runs with that folder as its working
	// directory and its absolute path as its last argument. It must be
	// safe for concurrent use.
	Unpack func(dir string, candidate []byte) error

	// Launcher, if not nil, starts each run through another program:
	// Slurm's srun, or a command prefix (see [Launcher]).
	Launcher *Launcher

	// timeout, when positive, replaces Timeout (see SetTimeout); changed
	// is closed when it changes, and replaced.
	timeout atomic.Int64
	tmu     sync.Mutex
	changed chan struct{}
}

// SetTimeout sets the timeout of the runs in place of Timeout: unlike
// Timeout it may be set while tests run, and applies to the runs under way
// too, from their start (a run that has already taken longer is killed).
func (c *Command) SetTimeout(d time.Duration) {
	c.timeout.Store(int64(max(d, 1)))
	c.tmu.Lock()
	if c.changed != nil {
		close(c.changed)
	}
	c.changed = make(chan struct{})
	c.tmu.Unlock()
}

// timeoutChanged returns a channel closed when the timeout changes.
func (c *Command) timeoutChanged() <-chan struct{} {
	c.tmu.Lock()
	defer c.tmu.Unlock()
	if c.changed == nil {
		c.changed = make(chan struct{})
	}
	return c.changed
}

// deadline cancels run, with errTimeout as the cause, when the run that
// started at start has taken longer than the timeout, as the timeout is
// now or becomes; it returns when done is closed.
func (c *Command) deadline(start time.Time, cancel context.CancelCauseFunc, done <-chan struct{}) {
	for {
		changed := c.timeoutChanged()
		var fire <-chan time.Time
		if t := c.runTimeout(); t > 0 {
			timer := time.NewTimer(time.Until(start.Add(t)))
			defer timer.Stop()
			fire = timer.C
		}
		select {
		case <-fire:
			cancel(errTimeout)
			return
		case <-changed:
		case <-done:
			return
		}
	}
}

// errTimeout is the cause of a run's end by its timeout.
var errTimeout = errors.New("the test timed out")

// runTimeout returns the timeout of a run that starts now.
func (c *Command) runTimeout() time.Duration {
	if d := c.timeout.Load(); d > 0 {
		return time.Duration(d)
	}
	return c.Timeout
}

// Test runs the test on candidate.
//
// The candidate is written as Name into a new directory with mode 0700, made
// in TempDir; the test runs with that directory as its working directory and
// the file's absolute path as its last argument (with Unpack, the
// candidate is a folder, which is the working directory). The directory is
// removed afterwards, even if the test made parts of it read-only.
//
// Without a Launcher, the test's TMPDIR is a second new directory beside
// the run directory, removed with it: the files that a compiler killed
// with its process group never removes (gcc's cc*.s, a test's own
// mktemp -d whose trap did not run, clang's crash reproducers) go with
// the run instead of piling up in /tmp. Through a Launcher the test runs
// elsewhere and keeps the TMPDIR it is given there.
//
// Exit status 0 means interesting; any other exit is a verdict with Exit
// set. A run killed by Timeout is not interesting, with TimedOut set and
// Exit -1. Verdict.Duration is the time from starting the test (fork and
// exec included) to its exit.
//
// Test returns an error, and no verdict, if the test cannot be started (the
// error wraps [ErrCannotRun]), if the run directory cannot be prepared, or if
// ctx is done by the time the run ends (the error wraps ctx.Err()); in the
// last case the test's process group has been killed. When ctx was done
// before the test started, the error has a method NotRun that reports
// true: no process ran (the engine does not count it as a test run).
func (c *Command) Test(ctx context.Context, candidate []byte) (Verdict, error) {
	if err := ctx.Err(); err != nil {
		return Verdict{}, notRunError{err}
	}
	name, err := c.name()
	if err != nil {
		return Verdict{}, err
	}
	exe, err := c.resolve()
	if err != nil {
		return Verdict{}, err
	}
	parent := c.TempDir
	if parent == "" {
		parent = os.TempDir()
	}
	if parent, err = filepath.Abs(parent); err != nil {
		return Verdict{}, fmt.Errorf("cannot locate the temporary directory: %w", err)
	}
	dir, err := makeRunDir(parent, runDirPrefix)
	if err != nil {
		return Verdict{}, err
	}
	defer c.removeDir(dir)
	var tmp string
	if c.Launcher == nil {
		if tmp, err = makeRunDir(parent, tmpDirPrefix); err != nil {
			return Verdict{}, err
		}
		defer c.removeDir(tmp)
	}
	file := filepath.Join(dir, name)
	if c.Unpack != nil {
		err := os.Mkdir(file, 0o755)
		if err == nil {
			err = c.Unpack(file, candidate)
		}
		if err != nil {
			return Verdict{}, fmt.Errorf("cannot write the candidate folder for the test run (is the temporary directory full? set TMPDIR): %w", err)
		}
		return c.run(ctx, exe, file, file, tmp)
	}
	perm := fs.FileMode(0o600)
	if c.Exec {
		perm = 0o700
	}
	if err := os.WriteFile(file, candidate, perm); err != nil {
		return Verdict{}, fmt.Errorf("cannot write the candidate for the test run (is the temporary directory full? set TMPDIR): %w", err)
	}
	return c.run(ctx, exe, dir, file, tmp)
}

// makeRunDir makes a new directory in parent for a run, of the kind
// prefix names (runDirPrefix, tmpDirPrefix): the run directory or its
// TMPDIR. Its name says which run of hdd made it (see RemoveLeftovers).
func makeRunDir(parent, prefix string) (string, error) {
	dir, err := os.MkdirTemp(parent, runDirPattern(prefix))
	if err != nil {
		return "", fmt.Errorf("cannot make a temporary directory for the test run (is the temporary directory full or not writable? set TMPDIR): %w", err)
	}
	return dir, nil
}

// run runs the test exe in dir on the candidate file, with tmp, if not
// "", as its TMPDIR.
func (c *Command) run(ctx context.Context, exe, dir, file, tmp string) (Verdict, error) {
	var out *tail
	if c.KeepOutput >= 0 {
		out = newTail(c.KeepOutput)
	}
	args := append(append([]string{}, c.Args...), file)
	var marker string
	if c.Reaper != nil {
		marker = c.Reaper.newRun()
	}
	var env []string
	if c.Env != nil || marker != "" || tmp != "" {
		// exec sets PWD itself only when Env is nil. Of two values of a
		// variable, the test gets the last: Env's TMPDIR wins.
		env = os.Environ()
		if tmp != "" {
			env = append(env, "TMPDIR="+tmp)
		}
		env = append(append(env, c.Env...), "PWD="+dir)
		if marker != "" {
			env = append(env, markerVar+"="+marker)
		}
	}

	// Take the start time before the deadline, so that a run that timed
	// out has a Duration of at least Timeout.
	start := time.Now()
	// The timeout may change while the test runs (SetTimeout): a watcher
	// ends the run when it is spent.
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	watched := make(chan struct{})
	defer close(watched)
	// Through Slurm, the timeout counts from the test's start: the wait
	// in the queue is not the test's.
	launched := c.Launcher.newLaunch(out)
	go func() {
		if begun, ok := launched.begun(start, watched); ok {
			c.deadline(begun, cancel, watched)
		}
	}()
	var cmd *exec.Cmd
	var err error
	for attempt := 0; ; attempt++ {
		cmd = exec.CommandContext(runCtx, exe, args...)
		cmd.Args[0] = c.Path
		cmd.Dir = dir
		cmd.Env = env
		if out != nil {
			// The same comparable writer for both: exec uses one pipe.
			cmd.Stdout, cmd.Stderr = out, out
		}
		cmd.WaitDelay = waitDelay
		setGroup(cmd)
		launched.prepare(cmd)
		if c.Reaper != nil {
			err = c.Reaper.start(func() (int, error) {
				if err := cmd.Start(); err != nil {
					return 0, err
				}
				return cmd.Process.Pid, nil
			})
		} else {
			err = cmd.Start()
		}
		// A test script that was just written may be briefly busy when
		// another goroutine forks while holding its descriptor (go.dev/issue/22315).
		if err == nil || !isBusy(err) || attempt == 4 {
			break
		}
		time.Sleep(time.Duration(10<<attempt) * time.Millisecond)
	}
	if err != nil {
		if marker != "" {
			c.Reaper.endRun(marker)
		}
		switch {
		case ctx.Err() != nil:
			return Verdict{}, notRunError{fmt.Errorf("test %s interrupted: %w", c.Path, ctx.Err())}
		case runCtx.Err() != nil: // a tiny Timeout expired before the start
			return Verdict{Exit: -1, TimedOut: true}, nil
		}
		return Verdict{}, c.startError(exe, err)
	}
	if marker != "" {
		// The escaped processes of the run go as soon as the test has
		// exited: one of them may hold the output pipe open.
		ended := false
		err = wait(cmd, func() { c.Reaper.endRun(marker); ended = true })
		c.Reaper.exited(cmd.Process.Pid)
		if !ended {
			c.Reaper.endRun(marker)
		}
	} else {
		err = wait(cmd, nil)
	}
	v := Verdict{Duration: time.Since(launched.begunAt(start)), Exit: -1}
	if out != nil {
		v.Output = out.Bytes()
	}

	state := cmd.ProcessState
	stopped, lerr := launched.end(c.warn)
	switch {
	case ctx.Err() != nil:
		return Verdict{}, fmt.Errorf("test %s interrupted: %w", c.Path, ctx.Err())
	case state == nil:
		return Verdict{}, fmt.Errorf("test %s: %w", c.Path, err)
	case lerr != nil:
		return Verdict{}, lerr
	case stopped:
		// The launcher's status after SIGTERM says nothing of the test.
		v.TimedOut = true
	case state.Success():
		// Success wins even if the timeout raced with the exit, or an
		// escaped process held the output pipe (exec.ErrWaitDelay).
		v.Interesting, v.Exit = true, 0
	case runCtx.Err() != nil && state.ExitCode() == -1:
		// Killed by a signal after the deadline: by Cancel, as a rule. A
		// test that exited with a status of its own just before keeps it.
		v.TimedOut = true
	default:
		v.Exit = state.ExitCode() // -1 if killed by a signal
		v.Signal = killedBy(state)
	}
	return v, nil
}

// Check reports whether the test can be started: Path resolves to an
// existing regular file that is executable and, if it begins with a #!
// line, names an interpreter that exists; Name is a plain file name. Errors
// about the test wrap [ErrCannotRun] and read, for example,
// "test script ./t.sh is not executable (chmod +x ./t.sh)".
func (c *Command) Check() error {
	if _, err := c.name(); err != nil {
		return err
	}
	if err := c.Launcher.Check(); err != nil {
		return err
	}
	exe, err := c.resolve()
	if err != nil {
		return err
	}
	return c.check(exe)
}

// check is Check after Path has been resolved to exe.
func (c *Command) check(exe string) error {
	fi, err := os.Stat(exe)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return c.errorf(err, "does not exist")
	case err != nil:
		return c.errorf(err, "cannot be read: %v", unwrapPath(err))
	case fi.IsDir():
		return c.errorf(nil, "is a directory")
	case !fi.Mode().IsRegular():
		return c.errorf(nil, "is not a regular file")
	case fi.Mode().Perm()&0o111 == 0:
		return c.errorf(fs.ErrPermission, "is not executable (chmod +x %s)", c.Path)
	}
	interp, crlf := interpreter(exe)
	switch {
	case crlf:
		return c.errorf(nil, "has Windows line endings: its #! line ends in a carriage return, which the system takes as part of the line (convert it with dos2unix %s)", c.Path)
	case interp == "":
		return nil
	}
	fi, err = os.Stat(interp)
	switch {
	case err != nil:
		return c.errorf(err, "has a bad interpreter: #!%s: %v", interp, unwrapPath(err))
	case fi.IsDir() || fi.Mode().Perm()&0o111 == 0:
		return c.errorf(fs.ErrPermission, "has a bad interpreter: #!%s is not an executable file", interp)
	}
	return nil
}

// startError explains why exe, the resolved Path, could not be started.
func (c *Command) startError(exe string, err error) error {
	if c.Launcher != nil {
		return c.Launcher.startError(err)
	}
	if e := c.check(exe); e != nil {
		return e
	}
	cause := unwrapPath(err)
	switch {
	case isNoExec(err):
		return c.errorf(err, "is not a valid executable (%v); a script needs a #! line such as #!/bin/sh", cause)
	case errors.Is(err, fs.ErrPermission):
		return c.errorf(err, "cannot be executed (%v): is it on a noexec file system?", cause)
	}
	return c.errorf(err, "cannot be started: %v", cause)
}

// errorf returns an error wrapping ErrCannotRun and cause (if not nil) whose
// message is "test script PATH " followed by the formatted text.
func (c *Command) errorf(cause error, format string, args ...any) error {
	what := "test script"
	if !strings.Contains(c.Path, "/") {
		what = "test command"
	}
	msg := fmt.Sprintf("%s %s %s", what, c.Path, fmt.Sprintf(format, args...))
	return &startError{msg: msg, cause: cause}
}

// Executable returns the absolute path of the test executable that Path
// names, as it will be run.
func (c *Command) Executable() (string, error) { return c.resolve() }

// resolve returns the absolute path of the test executable.
func (c *Command) resolve() (string, error) {
	switch {
	case c.Path == "":
		return "", &startError{msg: "no test command given"}
	case strings.Contains(c.Path, "/"):
		abs, err := filepath.Abs(c.Path)
		if err != nil {
			return "", c.errorf(err, "cannot be located: %v", err)
		}
		return abs, nil
	}
	// A bare name is a file in the current directory if there is one
	// (C-Vise takes `cvise test.sh crash.c` so), else a command in $PATH;
	// a directory there is named as such by Check, not passed over for
	// a command of the same name.
	if _, err := os.Stat(c.Path); err == nil {
		abs, err := filepath.Abs(c.Path)
		if err != nil {
			return "", c.errorf(err, "cannot be located: %v", err)
		}
		return abs, nil
	}
	p, err := exec.LookPath(c.Path)
	switch {
	case errors.Is(err, exec.ErrDot):
		return "", c.errorf(err, "is in the current directory, which $PATH names relatively; use ./%s", c.Path)
	case err != nil:
		return "", c.errorf(err, "not found in $PATH")
	}
	// The run directory is not the current directory: make p absolute.
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", c.errorf(err, "cannot be located: %v", err)
	}
	return abs, nil
}

// name returns the candidate's file name.
func (c *Command) name() (string, error) {
	switch {
	case c.Name == "":
		return defaultName, nil
	case c.Name == "." || c.Name == ".." || strings.ContainsRune(c.Name, 0) ||
		strings.ContainsFunc(c.Name, func(r rune) bool { return r < utf8.RuneSelf && os.IsPathSeparator(byte(r)) }):
		// A backslash is a byte of a Unix file name.
		return "", fmt.Errorf("candidate name %q is not a plain file name", c.Name)
	}
	return c.Name, nil
}

// removeDir removes the run directory, making it writable first if need be.
func (c *Command) removeDir(dir string) {
	err := removeAll(dir)
	if err == nil {
		return
	}
	c.warn(fmt.Errorf("cannot remove run directory: %w", err))
}

// A notRunError is the error of a run that ctx ended before the test
// started: no process ran.
type notRunError struct{ err error }

func (e notRunError) Error() string { return e.err.Error() }
func (e notRunError) Unwrap() error { return e.err }

// NotRun reports that no test process ran.
func (e notRunError) NotRun() bool { return true }

// A startError is an error wrapping ErrCannotRun, with a one-line message.
type startError struct {
	msg   string
	cause error
}

func (e *startError) Error() string { return e.msg }

func (e *startError) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrCannotRun}
	}
	return []error{ErrCannotRun, e.cause}
}

// unwrapPath returns the cause of a *fs.PathError, whose message repeats
// the path and operation.
func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// interpreter returns the interpreter named by the #! line of file, or "",
// and whether the line ends in a carriage return (a script saved with
// Windows line endings: the kernel keeps the carriage return as part of the
// interpreter's name or of its argument).
func interpreter(file string) (interp string, crlf bool) {
	f, err := os.Open(file)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var buf [256]byte
	n, _ := io.ReadFull(f, buf[:])
	line, ok := bytes.CutPrefix(buf[:n], []byte("#!"))
	if !ok {
		return "", false
	}
	line, _, _ = bytes.Cut(line, []byte("\n"))
	crlf = bytes.HasSuffix(line, []byte("\r"))
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return "", false
	}
	return fields[0], crlf
}
