package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// writeAtomic writes data to path through a temporary file in the same
// directory and a rename, so path never holds a half-written result.
func writeAtomic(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// checkWritable fails early, before any test runs, when the result could not
// be written to path.
func checkWritable(path string) error {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return fmt.Errorf("the output %s is a directory", path)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".hdd-probe*")
	if err != nil {
		return fmt.Errorf("cannot write the output in %s: %w", dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// backup copies the input to INPUT.orig before an in-place reduction. An
// existing INPUT.orig is never overwritten: it holds the original of an
// earlier in-place run, which this one goes on from (resumed is true).
func backup(input string, src []byte) (resumed bool, err error) {
	orig := input + ".orig"
	f, err := os.OpenFile(orig, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot keep a copy of the input: %w", err)
	}
	_, werr := f.Write(src)
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(orig)
		return false, fmt.Errorf("cannot keep a copy of the input: %w", err)
	}
	return false, nil
}

// samePath reports whether a and b name the same file.
func samePath(a, b string) (bool, error) {
	ia, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	ib, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(ia, ib), nil
}
