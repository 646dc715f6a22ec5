package runner

import (
	"os"
	"path/filepath"
)

// removeAll removes dir and everything in it, after unmounting what is
// mounted in it (see unmountBelow). If a first attempt fails, say because
// the test made a subdirectory read-only, it gives every directory in the
// tree owner read, write and search permission and tries again.
func removeAll(dir string) error {
	// A test that mounted something in its run directory and was killed
	// before it unmounted it: the removal would go through the mount and
	// delete what it shows.
	if err := unmountBelow(dir); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err == nil {
		return nil
	}
	makeWritable(dir)
	return os.RemoveAll(dir)
}

// makeWritable makes dir and the directories below it writable by their
// owner. Removing an entry needs permission on its directory only, so files
// are left alone, and symbolic links are never followed.
func makeWritable(dir string) {
	_ = os.Chmod(dir, 0o700)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() { // the type comes from lstat: not a symbolic link
			makeWritable(filepath.Join(dir, e.Name()))
		}
	}
}
