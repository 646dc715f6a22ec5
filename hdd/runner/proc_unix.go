//go:build unix

package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/unix"
)

// setGroup makes cmd start in a process group of its own, which is killed
// as a whole when cmd's context is done.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid) }
}

// wait waits for cmd, which was set up by setGroup, and then kills what is
// left of its process group, so that no background process of the test
// outlives the run. If exited is not nil and the system can tell that the
// test has exited before reaping it, wait calls exited then, after killing
// the group and before waiting for the output pipe to close.
func wait(cmd *exec.Cmd, exited func()) error {
	pid := cmd.Process.Pid
	if waitExited(pid) {
		// The leader has exited but is not reaped yet, so its pid, which
		// is the group id, cannot be reused: killing the group now hits
		// only processes of this run, and frees the output pipe that a
		// background process may hold.
		killGroup(pid)
		if exited != nil {
			exited()
		}
		return cmd.Wait()
	}
	err := cmd.Wait()
	// Once the leader is reaped the group id stays in use as long as a
	// member is alive; when none is, kill finds nothing (ESRCH) unless the
	// id has already been reused, which takes a wrap of the pid space.
	killGroup(pid)
	return err
}

// killGroup sends SIGKILL to the process group pgid.
func killGroup(pgid int) error {
	err := syscall.Kill(-pgid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

// isBusy reports whether err is ETXTBSY ("text file busy").
func isBusy(err error) bool { return errors.Is(err, syscall.ETXTBSY) }

// isNoExec reports whether err is ENOEXEC ("exec format error").
func isNoExec(err error) bool { return errors.Is(err, syscall.ENOEXEC) }

// killedBy returns the signal that ended the process of state, or 0 if it
// exited.
func killedBy(state *os.ProcessState) syscall.Signal {
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal()
	}
	return 0
}

// signalName returns the name of sig, such as "SIGSEGV".
func signalName(sig syscall.Signal) string {
	if name := unix.SignalName(sig); name != "" {
		return name
	}
	return fmt.Sprintf("signal %d", int(sig))
}

// processAlive reports whether process pid exists (as any user's) and
// has not exited.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return (err == nil || errors.Is(err, syscall.EPERM)) && !isZombie(pid)
}

// ownedBySelf reports whether the file at path belongs to the calling
// process's user.
func ownedBySelf(path string) bool {
	info, err := os.Lstat(path)
	if err != nil {
		return false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
