package runner

import (
	"syscall"
	"unsafe"
)

// waitExited blocks until process pid has exited, without reaping it, and
// reports whether it succeeded.
func waitExited(pid int) bool {
	const pPID = 1      // P_PID
	var info [16]uint64 // siginfo_t is 128 bytes
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid),
			uintptr(unsafe.Pointer(&info)), syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		if errno != syscall.EINTR {
			return errno == 0
		}
	}
}
