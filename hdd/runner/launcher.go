package runner

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// ErrLaunch is wrapped, with [ErrCannotRun], by the errors of runs that a
// [Launcher] failed to start: srun could not get a job (the controller is
// down, the partition does not exist, there is no configuration), or the
// run directory is not on the node. Such a run is an error, never a
// verdict: srun exits 1 then, as a test does that says "not interesting".
var ErrLaunch = errors.New("the launcher could not start the test")

// defaultGrace is the time a launcher's process has between SIGTERM and
// SIGKILL. srun needs 15-50 ms to kill its job step and hear that the
// task is gone on an idle machine, and about 1 s when slurmd's process
// tracking polls (proctrack/pgid checks the group once a second); killed
// before, srun leaves its job completing for about 3 s, which holds the
// node (Slurm starts no job on a node with a job completing).
const defaultGrace = 2 * time.Second

// scancelTimeout bounds a scancel: with the controller down it retries for
// about 18 s, and can do nothing anyway.
const scancelTimeout = 5 * time.Second

// A Launcher starts each test run of a [Command] through another program:
// Slurm's srun (Slurm set), or any command put before the test's (ssh, a
// container runtime, Grid Engine's qrsh). A Command without a Launcher runs
// the test as its own child.
//
// The launcher's process runs in a process group of its own, as the test
// does without a launcher, but a run stopped early (timeout, canceled
// context) ends otherwise: SIGTERM to the launcher's process alone, which
// lets srun or ssh stop the remote test, SIGKILL to it after Grace, then
// SIGKILL to its process group, and with Slurm `scancel --name=NAME`, which
// also removes a job still waiting in the queue. (SIGKILL to srun's process
// group alone would leave the remote test running.) The exit status of a
// run stopped so is ignored: it is reported as timed out.
//
// Through Slurm, the timeout and Verdict.Duration count from the test's
// start: the time the job waits in the queue is not the test's. srun's own
// options bound that wait (--immediate=SECONDS gives up, an error then).
//
// The [Reaper] cannot see the processes of a test that runs on another
// node, or under slurmd on this one; Slurm kills what is left of a job
// when it ends.
//
// A Launcher is safe for concurrent use; its fields must not change once
// tests run.
type Launcher struct {
	// Prefix is the command line put before the test's: each run is
	// Prefix... TEST ARGS... CANDIDATE, with the test's absolute path.
	// Prefix[0] is a path, or a command looked up in $PATH. With Slurm,
	// Prefix is srun and the user's own srun options (partition, account,
	// time limit, constraints).
	Prefix []string

	// Slurm makes each run a Slurm job of one task on one node: the
	// Launcher adds -N1 -n1 --quiet and a unique job name (-J) after
	// Prefix, so that they win over the user's options, and starts the
	// test through /bin/sh, which prints a line that tells hdd the test
	// has started (removed from the output). A run that fails before
	// that line (srun's own errors) is an error wrapping [ErrLaunch],
	// never a verdict. SLURM_JOB_ID and SLURM_JOBID are removed from
	// srun's environment, so every run is a job of its own even when hdd
	// runs inside an allocation; the test sees its own job's.
	Slurm bool

	// Grace is how long a run stopped early has between SIGTERM and
	// SIGKILL. Zero means 2 s.
	Grace time.Duration

	once   sync.Once
	prefix string        // of the job names: hdd-PID-RANDOM
	seq    atomic.Uint64 // numbers the runs
	warned atomic.Bool   // a scancel failure has been reported
}

// Check reports whether the launcher can start runs: the command of Prefix
// exists, and with Slurm so does scancel beside it, and SLURM_CONF, if set,
// names an existing file (srun waits a minute before it gives up on a
// missing one).
func (l *Launcher) Check() error {
	if l == nil {
		return nil
	}
	if len(l.Prefix) == 0 || l.Prefix[0] == "" {
		return fmt.Errorf("%w: no launcher command given", ErrCannotRun)
	}
	if _, err := exec.LookPath(l.Prefix[0]); err != nil {
		what := "launcher command"
		if l.Slurm {
			what = "Slurm's srun"
		}
		return &startError{msg: fmt.Sprintf("%s %s not found (%v)", what, l.Prefix[0], unwrapPath(err)), cause: errors.Join(ErrLaunch, err)}
	}
	if !l.Slurm {
		return nil
	}
	if _, err := exec.LookPath(l.scancel()); err != nil {
		return &startError{msg: fmt.Sprintf("Slurm's scancel not found beside %s (%v)", l.Prefix[0], unwrapPath(err)), cause: errors.Join(ErrLaunch, err)}
	}
	if conf := os.Getenv("SLURM_CONF"); conf != "" {
		if _, err := os.Stat(conf); err != nil {
			return &startError{msg: fmt.Sprintf("SLURM_CONF names %s: %v", conf, unwrapPath(err)), cause: errors.Join(ErrLaunch, err)}
		}
	}
	return nil
}

// scancel returns the scancel command: beside srun when Prefix names srun
// by a path, else looked up in $PATH.
func (l *Launcher) scancel() string {
	if i := strings.LastIndexByte(l.Prefix[0], '/'); i >= 0 {
		return l.Prefix[0][:i+1] + "scancel"
	}
	return "scancel"
}

// jobName returns a new job name, unique to this process and run.
func (l *Launcher) jobName() string {
	l.once.Do(func() {
		var b [4]byte
		_, _ = rand.Read(b[:])
		l.prefix = fmt.Sprintf("hdd-%d-%x", os.Getpid(), b)
	})
	return fmt.Sprintf("%s-%d", l.prefix, l.seq.Add(1))
}

// A launch is one run through a Launcher.
type launch struct {
	l     *Launcher
	cmd   *exec.Cmd
	name  string      // the job name, with Slurm
	watch *startWatch // with Slurm

	mu      sync.Mutex
	stopped bool        // SIGTERM was sent
	kill    *time.Timer // sends SIGKILL after Grace
}

// newLaunch returns a run through l whose output goes to out (which may be
// nil), or nil for a nil Launcher.
func (l *Launcher) newLaunch(out *tail) *launch {
	if l == nil {
		return nil
	}
	r := &launch{l: l}
	if l.Slurm {
		r.name = l.jobName()
		r.watch = &startWatch{token: []byte("hdd-started:" + r.name + "\n"), out: out, begun: make(chan struct{})}
	}
	return r
}

// prepare makes cmd, set up to run the test directly in a process group
// of its own, run it through the launcher instead.
func (r *launch) prepare(cmd *exec.Cmd) {
	if r == nil {
		return
	}
	r.cmd = cmd
	argv := append([]string{}, r.l.Prefix...)
	test := append([]string{cmd.Path}, cmd.Args[1:]...)
	if r.watch != nil {
		token := strings.TrimSuffix(string(r.watch.token), "\n")
		argv = append(argv, "-J", r.name, "-N1", "-n1", "--quiet", "--",
			"/bin/sh", "-c", `printf '%s\n' "$0" >&2; exec "$@"`, token)
		cmd.Stdout, cmd.Stderr = r.watch, r.watch
		cmd.Env = withoutVars(cmd.Env, cmd.Dir, "SLURM_JOB_ID", "SLURM_JOBID")
	}
	argv = append(argv, test...)
	cmd.Path, cmd.Args, cmd.Err = argv[0], argv, nil
	if lp, err := exec.LookPath(argv[0]); err == nil {
		cmd.Path = lp
	} else {
		cmd.Err = err
	}
	cmd.Cancel = r.stop
}

// begun returns when the test started: start itself, or through Slurm the
// moment its start line came, waiting for it; false if done was closed
// first.
func (r *launch) begun(start time.Time, done <-chan struct{}) (time.Time, bool) {
	if r == nil || r.watch == nil {
		return start, true
	}
	select {
	case <-r.watch.begun:
		return r.begunAt(start), true
	case <-done:
		return time.Time{}, false
	}
}

// begunAt returns when the test started, start if not known.
func (r *launch) begunAt(start time.Time) time.Time {
	if r == nil || r.watch == nil {
		return start
	}
	r.watch.mu.Lock()
	defer r.watch.mu.Unlock()
	if r.watch.started {
		return r.watch.at
	}
	return start
}

// withoutVars returns env (the environment of a process whose working
// directory is dir; nil means this process's) without the named variables.
func withoutVars(env []string, dir string, names ...string) []string {
	if env == nil {
		env = append(os.Environ(), "PWD="+dir)
	}
	var kept []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			drop = drop || name == n
		}
		if !drop {
			kept = append(kept, kv)
		}
	}
	return kept
}

// stop is the Cancel of a launched run: SIGTERM now, SIGKILL after Grace.
func (r *launch) stop() error {
	grace := r.l.Grace
	if grace <= 0 {
		grace = defaultGrace
	}
	r.mu.Lock()
	r.stopped = true
	r.kill = time.AfterFunc(grace, func() { r.cmd.Process.Kill() })
	r.mu.Unlock()
	return r.cmd.Process.Signal(syscall.SIGTERM)
}

// end is called once the launcher's process has been waited for: if the
// run was stopped early, it cancels the Slurm job (warning through warn
// when that fails) and reports stopped, so the status is ignored. Else,
// with Slurm, it returns an error wrapping ErrLaunch when the test never
// started or the run directory was missing on the node.
func (r *launch) end(warn func(error)) (stopped bool, err error) {
	if r == nil {
		return false, nil
	}
	r.mu.Lock()
	stopped = r.stopped
	if r.kill != nil {
		r.kill.Stop()
	}
	r.mu.Unlock()
	if r.name == "" {
		return stopped, nil
	}
	if stopped {
		if err := r.scancel(); err != nil && !r.l.warned.Swap(true) {
			warn(err)
		}
		return true, nil
	}
	started, pre := r.watch.end()
	switch {
	case !started && !taskEnded.Match(pre):
		// slurmstepd may drop the output of a task killed by a signal,
		// the start line too, but srun says how the task ended.
		return false, r.failure(pre)
	case strings.Contains(string(pre), "couldn't chdir"):
		return false, &startError{msg: fmt.Sprintf("the run directory %s is not on the Slurm node (%s): give -workdir a folder that every node shares at the same path", r.cmd.Dir, firstLine(pre)), cause: ErrLaunch}
	}
	return false, nil
}

// taskEnded matches srun's report of how a task that ran ended ("srun:
// error: NODE: task 0: Killed").
var taskEnded = regexp.MustCompile(`(?m)^srun: error: [^:\s]+: tasks? [0-9,\[\]-]+: `)

// scancel cancels the run's job by its name, pending or running.
func (r *launch) scancel() error {
	ctx, cancel := context.WithTimeout(context.Background(), scancelTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, r.l.scancel(), "--name="+r.name).CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(lastLines(out, 1))
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("cannot cancel the Slurm job %s of a stopped test run (%s): see squeue", r.name, msg)
	}
	return nil
}

// failure is the error of a run whose test never started, out being what
// srun printed.
func (r *launch) failure(out []byte) error {
	var msgs []string
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(line, "srun: "); ok {
			rest = strings.TrimPrefix(strings.TrimPrefix(rest, "error: "), "fatal: ")
			msgs = append(msgs, rest)
		}
	}
	if len(msgs) > 3 {
		msgs = msgs[len(msgs)-3:]
	}
	msg := strings.Join(msgs, "; ")
	if msg == "" {
		msg = strings.TrimSpace(lastLines(out, 1))
	}
	status := "was killed"
	if st := r.cmd.ProcessState; st != nil && st.ExitCode() >= 0 {
		status = fmt.Sprintf("exited with status %d", st.ExitCode())
	}
	if msg == "" {
		return &startError{msg: fmt.Sprintf("srun %s before the test started", status), cause: ErrLaunch}
	}
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	return &startError{msg: fmt.Sprintf("srun %s before the test started: %s", status, msg), cause: ErrLaunch}
}

// startError explains why the launcher's process could not be started.
func (l *Launcher) startError(err error) error {
	return &startError{msg: fmt.Sprintf("cannot start %s: %v", l.Prefix[0], unwrapPath(err)), cause: errors.Join(ErrLaunch, err)}
}

// firstLine returns the first line of b, without its newline.
func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return s
}

// lastLines returns the last n lines of b.
func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// A startWatch passes the output of a launched run on to a tail, and
// finds in it the line the run prints when the test starts, which it
// removes. What comes before is the launcher's, kept apart for messages.
type startWatch struct {
	token []byte
	out   *tail         // nil: the output is discarded
	begun chan struct{} // closed when the token is found, if not nil

	mu      sync.Mutex
	started bool
	at      time.Time // when the token was found
	pre     []byte    // the output before the token, while it is not found
	before  []byte    // the launcher's output before the token, once found
}

// maxPre bounds the launcher's output kept before the token.
const maxPre = 64 << 10

func (w *startWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.started {
		w.pass(p)
		return len(p), nil
	}
	w.pre = append(w.pre, p...)
	if i := bytes.Index(w.pre, w.token); i >= 0 {
		w.started, w.at = true, time.Now()
		if w.begun != nil {
			close(w.begun)
		}
		w.before = w.pre[:i:i]
		w.pass(w.before)
		w.pass(w.pre[i+len(w.token):])
		w.pre = nil
		return len(p), nil
	}
	if len(w.pre) > maxPre {
		// Keep enough to find a token cut in two.
		cut := len(w.pre) - len(w.token)
		w.pass(w.pre[:cut])
		w.pre = append([]byte{}, w.pre[cut:]...)
	}
	return len(p), nil
}

func (w *startWatch) pass(p []byte) {
	if w.out != nil && len(p) > 0 {
		w.out.Write(p)
	}
}

// end reports whether the test started, and returns the launcher's output
// before it (all of the output if it did not), which it passes on to the
// tail if it has not yet.
func (w *startWatch) end() (started bool, before []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.started {
		return true, w.before
	}
	w.pass(w.pre)
	return false, w.pre
}

// warn reports a problem that does not change the verdict.
func (c *Command) warn(err error) {
	if c.Warn != nil {
		c.Warn(err)
		return
	}
	fmt.Fprintln(os.Stderr, err)
}
