//go:build linux

package main

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the folders at a and b in one step (renameat2's
// RENAME_EXCHANGE). It returns errNoExchange where the file system cannot.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP) {
		return errNoExchange
	}
	return err
}

// renameNoReplace renames old to new unless new exists (renameat2's
// RENAME_NOREPLACE), failing with an error wrapping fs.ErrExist then.
func renameNoReplace(old, new string) error {
	err := unix.Renameat2(unix.AT_FDCWD, old, unix.AT_FDCWD, new, unix.RENAME_NOREPLACE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP) {
		return renameIfAbsent(old, new)
	}
	return err
}
