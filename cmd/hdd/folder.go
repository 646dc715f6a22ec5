package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/folder"
	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/grammars/formats"
)

// A folder input is reduced as one archive (package archive): the
// candidates, the output and its record, INPUT.orig with -in-place and the
// findings are folders made from archives, each written in a temporary
// folder beside its place and swapped in at once.

// isFolder reports whether path names a folder (through links).
func isFolder(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// readFolder reads the input folder at path as an archive and picks its
// format: each file's by its name, or the one -format names.
func readFolder(path, format string, maxSize int64) ([]byte, *grammars.Format, error) {
	src, err := archive.Read(path, maxSize)
	var se *archive.SizeError
	switch {
	case errors.As(err, &se):
		return nil, nil, fmt.Errorf("the input %s is a directory holding %s in all, more than the %s hdd reads (raise -max-size to try anyway)",
			path, mb(se.Size), mb(se.Limit))
	case errors.Is(err, archive.ErrOutside), errors.Is(err, archive.ErrSpecial):
		return nil, nil, fmt.Errorf("the input %s is a directory hdd cannot copy: %v", path, err)
	case err != nil:
		return nil, nil, fmt.Errorf("cannot read the input: %w", err)
	}
	if files, _ := folder.Stats(src); files == 0 {
		return nil, nil, fmt.Errorf("the input %s is a directory with no files in it", path)
	}
	var override *grammars.Format
	if format != "" {
		if override, err = formats.ByName(format); err != nil {
			return nil, nil, err
		}
	}
	return src, folder.NewFormat(override), nil
}

// readOutputFolder reads the folder at path, an earlier output, as an
// archive; errNotFolder when it is something else or holds what an
// output of hdd cannot (a link leading outside, say).
func readOutputFolder(path string, maxSize int64) ([]byte, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, errNotFolder
	}
	b, err := archive.Read(path, maxSize)
	var se *archive.SizeError
	if errors.As(err, &se) || errors.Is(err, archive.ErrOutside) || errors.Is(err, archive.ErrSpecial) {
		return nil, errNotFolder
	}
	return b, err
}

// errNotFolder says that an earlier output is not a folder hdd may have
// written.
var errNotFolder = errors.New("not a folder hdd wrote")

// errNoExchange is exchange's error where the file system cannot swap two
// folders in one step.
var errNoExchange = errors.New("cannot exchange folders here")

// writeFolderAtomic makes path the folder of the archive b, with the
// permissions perm: it writes a temporary folder beside path, then swaps
// it in (in one step on Linux, else by two renames) and removes the old
// one, so that path never holds a half-written result.
func writeFolderAtomic(path string, b []byte, perm fs.FileMode) error {
	tmp, err := folderBeside(path, b, perm)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		if err := renameNoReplace(tmp, path); err != nil {
			removeAll(tmp)
			return err
		}
		return nil
	}
	switch err := exchange(tmp, path); {
	case err == nil:
	case errors.Is(err, errNoExchange):
		old := tmp + ".old"
		if err := os.Rename(path, old); err != nil {
			removeAll(tmp)
			return err
		}
		if err := os.Rename(tmp, path); err != nil {
			os.Rename(old, path)
			removeAll(tmp)
			return err
		}
		tmp = old
	default:
		removeAll(tmp)
		return err
	}
	return removeAll(tmp) // now the old folder
}

// writeFolderNew makes path, which must not exist, the folder of the
// archive b with the permissions perm, at once.
func writeFolderNew(path string, b []byte, perm fs.FileMode) error {
	tmp, err := folderBeside(path, b, perm)
	if err != nil {
		return err
	}
	if err := renameNoReplace(tmp, path); err != nil {
		removeAll(tmp)
		return err
	}
	return nil
}

// folderBeside writes the archive b into a new hidden folder beside path,
// with the permissions perm, and returns its path.
func folderBeside(path string, b []byte, perm fs.FileMode) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.MkdirTemp(dir, tempPrefix(base)+"*")
	if err != nil {
		return "", err
	}
	if err := writeFolderIn(tmp, b, perm); err != nil {
		removeAll(tmp)
		return "", err
	}
	return tmp, nil
}

// writeFolderIn writes the archive b into the empty folder dir and gives
// dir the permissions perm.
func writeFolderIn(dir string, b []byte, perm fs.FileMode) error {
	if err := archive.Write(dir, b); err != nil {
		return err
	}
	return os.Chmod(dir, perm)
}

// removeAll removes the folder at path, making its folders writable
// first if need be (an input may hold a read-only folder).
func removeAll(path string) error {
	if err := os.RemoveAll(path); err == nil {
		return nil
	}
	filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(p, 0o700)
		}
		return nil
	})
	return os.RemoveAll(path)
}

// renameIfAbsent renames old to new unless new exists, where the system
// cannot do so in one step: a rename over an empty folder would replace it.
func renameIfAbsent(old, new string) error {
	if _, err := os.Lstat(new); !errors.Is(err, fs.ErrNotExist) {
		return &os.LinkError{Op: "rename", Old: old, New: new, Err: fs.ErrExist}
	}
	return os.Rename(old, new)
}

// checkWritableFolder fails early, before any test runs, when a folder
// could not be made in the directory of path, the output. It returns the
// permissions a new folder gets there (0777 less the umask).
func checkWritableFolder(path string) (fs.FileMode, error) {
	dir := filepath.Dir(path)
	probe := filepath.Join(dir, fmt.Sprintf(".hdd-probe-%d", os.Getpid()))
	if err := os.Mkdir(probe, 0o777); err != nil {
		return 0, fmt.Errorf("cannot write the output in %s: %w", dir, unwrapPath(err))
	}
	perm := fs.FileMode(0o755)
	if info, err := os.Stat(probe); err == nil {
		perm = info.Mode().Perm()
	}
	return perm, os.Remove(probe)
}

// within reports whether path lies inside the folder dir (not dir
// itself), through symbolic links.
func within(path, dir string) bool {
	p, d := canonical(path), canonical(dir)
	return strings.HasPrefix(p, strings.TrimSuffix(d, string(filepath.Separator))+string(filepath.Separator))
}

// reproduceFolder returns a command that, pasted into sh, runs the test on
// the folder at path as hdd does: a copy with the same name in a fresh
// directory, which is the test's working directory, then prints the exit
// status.
func reproduceFolder(test testSpec, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	name := shellQuote(filepath.Base(abs))
	return fmt.Sprintf(`d=$(mktemp -d) && cp -RP %s "$d"/%s && (cd "$d"/%s && %s "$d"/%s; echo "exit status $?")`,
		shellQuote(abs), name, name, test.shell(), name)
}

// size describes text, an input or a result, for messages: its bytes,
// or, for a folder's archive, its files and the bytes they hold.
func size(text []byte, isFolder bool) string {
	if !isFolder {
		return grammars.Plural(len(text), "byte")
	}
	files, n := folder.Stats(text)
	return grammars.Plural(files, "file") + ", " + grammars.Plural(n, "byte")
}

// fileBytes returns the bytes of the files of a folder's archive text.
func fileBytes(text []byte) int {
	_, n := folder.Stats(text)
	return n
}

// inputSize describes the input's size where a message gives it as a
// bare number for a file.
func inputSize(text []byte, isFolder bool) string {
	if !isFolder {
		return strconv.Itoa(len(text))
	}
	return size(text, true)
}
