//go:build unix

package main

import (
	"syscall"
	"time"
)

// ownCPU returns the CPU time (user and system) this process has used
// itself, not counting its children: hdd's own work, without the tests.
func ownCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
