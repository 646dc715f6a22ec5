//go:build !unix

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// lockOutput takes the lock file .OUT.hdd.lock (see lockPath) by creating it. Without flock, a
// lock left by a run that was killed must be removed by hand.
func lockOutput(out string) (release func(), err error) {
	path := lockPath(out)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("another hdd is writing %s; wait for it, or remove %s if no hdd runs", out, path)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot lock the output: %w", err)
	}
	fmt.Fprintf(f, "%d\n", os.Getpid())
	f.Close()
	return func() { os.Remove(path) }, nil
}
