//go:build unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockOutput takes the lock file .OUT.hdd.lock (see lockPath), so two hdd
// runs never write the same output. The lock is the kernel's (flock),
// released when the process ends however it ends, so a lock file left by
// a run that was killed is no obstacle; the pid in the file is for the
// message only. The returned function removes the file and releases the
// lock.
func lockOutput(out string) (release func(), err error) {
	path := lockPath(out)
	for range 10 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("cannot lock the output: %w", err)
		}
		if err := flock(f); err != nil {
			holder, _ := io.ReadAll(io.LimitReader(f, 32))
			f.Close()
			if !errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("cannot lock the output: %w", err)
			}
			who := "another hdd"
			if pid, err := strconv.Atoi(strings.TrimSpace(string(holder))); err == nil {
				who += " (pid " + strconv.Itoa(pid) + ")"
			}
			return nil, fmt.Errorf("%s is writing %s; wait for it to finish, or give another output with -o", who, out)
		}
		// The lock counts only if the file is still the one at path: a run
		// that was ending may have removed it between the open and the lock.
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(held, now) {
			f.Close()
			continue
		}
		f.Truncate(0)
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		return func() {
			os.Remove(path) // before the unlock: a waiting run then sees the file is gone
			f.Close()
		}, nil
	}
	return nil, fmt.Errorf("cannot lock the output %s: the lock file keeps changing", out)
}

// flock takes an exclusive lock on f without waiting.
func flock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			return err
		}
	}
}
