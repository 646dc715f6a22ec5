//go:build !unix

package main

import (
	"io/fs"
	"os"
)

// ownLike leaves f as it is: this system has no owners to copy.
func ownLike(f *os.File, like fs.FileInfo) {}
