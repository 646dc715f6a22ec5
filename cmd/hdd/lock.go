package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockOutput takes the lock file OUT.lock, so two hdd runs never write the
// same output. A lock left by a process that is gone is taken over. The
// returned function releases the lock.
func lockOutput(out string) (release func(), err error) {
	path := out + ".lock"
	for attempt := 0; attempt < 2; attempt++ {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%d\n", os.Getpid())
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("cannot lock the output: %w", err)
		}
		b, _ := os.ReadFile(path)
		pid, perr := strconv.Atoi(strings.TrimSpace(string(b)))
		if perr == nil && pid > 0 && alive(pid) {
			return nil, fmt.Errorf("another hdd (pid %d) is writing %s; wait for it, or remove %s if it is gone", pid, out, path)
		}
		os.Remove(path) // stale: its process is gone
	}
	return nil, fmt.Errorf("cannot lock the output %s", out)
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
