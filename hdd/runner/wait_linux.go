package runner

import "golang.org/x/sys/unix"

// waitExited blocks until process pid has exited, without reaping it, and
// reports whether it succeeded.
func waitExited(pid int) bool {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err != unix.EINTR {
			return err == nil
		}
	}
}
