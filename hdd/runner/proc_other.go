//go:build !unix

package runner

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// setGroup leaves cmd alone: without process groups, a timeout or a
// canceled context kills the test process only (exec's default Cancel).
func setGroup(cmd *exec.Cmd) {}

// wait waits for cmd; exited is not called.
func wait(cmd *exec.Cmd, exited func()) error { return cmd.Wait() }

// isBusy reports false.
func isBusy(err error) bool { return false }

// isNoExec reports false.
func isNoExec(err error) bool { return false }

// killedBy returns 0: the system does not tell.
func killedBy(*os.ProcessState) syscall.Signal { return 0 }

// signalName returns "signal N".
func signalName(sig syscall.Signal) string { return fmt.Sprintf("signal %d", int(sig)) }

// processAlive reports true: without signals, whether a process exists
// is not known, and its run directories stay.
func processAlive(pid int) bool { return true }

// ownedBySelf reports true.
func ownedBySelf(path string) bool { return true }
