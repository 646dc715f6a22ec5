//go:build unix

package main

import (
	"io/fs"
	"os"
	"syscall"
)

// ownLike gives f the owner and group of the file like describes, where
// this process may (as root: a file reduced in place by root keeps its
// user's ownership). Nil like, or another system, leaves f as it is.
func ownLike(f *os.File, like fs.FileInfo) {
	if like == nil || os.Geteuid() != 0 {
		return
	}
	if st, ok := like.Sys().(*syscall.Stat_t); ok {
		f.Chown(int(st.Uid), int(st.Gid))
	}
}
