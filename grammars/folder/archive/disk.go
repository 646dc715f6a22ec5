package archive

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ErrOutside is wrapped by the error Read returns for a symbolic link
// that leads outside the folder: a copy of the folder would lead the test
// to files hdd does not control, and a test writing through it would
// write outside its copy.
var ErrOutside = errors.New("a symbolic link leads outside the folder")

// ErrSpecial is wrapped by the error Read returns for a named pipe, a
// socket or a device in the folder.
var ErrSpecial = errors.New("only regular files, folders and symbolic links can be copied")

// An entryError is an error about one entry of a folder, with a message
// of its own, wrapping ErrOutside or ErrSpecial.
type entryError struct {
	msg string
	err error
}

func (e *entryError) Error() string { return e.msg }
func (e *entryError) Unwrap() error { return e.err }

// A SizeError is the error Read returns when the folder's files hold more
// bytes in all than its limit.
type SizeError struct {
	Size, Limit int64
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("the folder's files hold %d bytes in all, more than the limit of %d", e.Size, e.Limit)
}

// Read returns the archive of the folder dir (through a symbolic link if
// dir is one): its regular files with their contents and permission
// bits, its empty folders and those whose permissions are not
// FolderMode, and its symbolic links, each link's target in
// the normal form that CheckLink describes (an absolute target inside the
// folder becomes relative). It refuses, before reading any file, a
// symbolic link that leads outside the folder (ErrOutside), a named pipe,
// socket or device (ErrSpecial), and files holding more than limit bytes
// in all (a *SizeError). It never writes anything.
func Read(dir string, limit int64) ([]byte, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, err
	}
	defer root.Close()

	var entries []Entry
	var total int64
	full := map[string]bool{} // folders that hold something
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "." {
			return nil
		}
		full[path.Dir(p)] = true
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := info.Mode()
		switch {
		case mode.IsRegular():
			total += info.Size()
			entries = append(entries, Entry{Kind: File, Path: p, Mode: Bits(mode)})
		case mode.IsDir():
			entries = append(entries, Entry{Kind: Dir, Path: p, Mode: Bits(mode)})
		case mode&fs.ModeSymlink != 0:
			target, err := root.Readlink(filepath.FromSlash(p))
			if err != nil {
				return err
			}
			norm, err := normalLink(p, target, []string{abs, real})
			if err != nil {
				return err
			}
			entries = append(entries, Entry{Kind: Link, Path: p, Mode: 0o777, Data: []byte(norm)})
		default:
			return &entryError{fmt.Sprintf("%s is %s (only regular files, folders and symbolic links can be copied)", p, Special(mode)), ErrSpecial}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if total > limit {
		return nil, &SizeError{Size: total, Limit: limit}
	}
	kept := entries[:0]
	for _, e := range entries {
		if e.Kind == Dir && full[e.Path] && e.Mode == FolderMode {
			continue // made by writing what it holds
		}
		kept = append(kept, e)
	}
	entries = kept
	total = 0
	for i, e := range entries {
		if e.Kind != File {
			continue
		}
		data, err := readFile(root, e.Path, limit-total)
		if err != nil {
			return nil, err
		}
		total += int64(len(data))
		entries[i].Data = data
	}
	return Encode(entries), nil
}

// readFile reads the regular file at p, refusing more than limit bytes
// (the file may have grown since it was listed).
func readFile(root *os.Root, p string, limit int64) ([]byte, error) {
	f, err := root.Open(filepath.FromSlash(p))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s changed while it was read", p)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s grew while it was read", p)
	}
	return data, nil
}

// normalLink returns the target of the link at p, which reads target, in
// the normal form of CheckLink, or an error wrapping ErrOutside when it
// leads outside the folder, lexically or through the folder's links.
// roots are the folder's absolute paths, as given and with its links
// resolved: an absolute target may name the folder either way.
func normalLink(p, target string, roots []string) (string, error) {
	outside := &entryError{fmt.Sprintf("the symbolic link %s leads outside the folder, to %s", p, target), ErrOutside}
	var inside string // the target's path from the folder
	if filepath.IsAbs(target) {
		for _, r := range roots {
			if rel, err := filepath.Rel(r, filepath.Clean(target)); err == nil && (rel == "." || filepath.IsLocal(rel)) {
				inside = filepath.ToSlash(rel)
				break
			}
		}
		if inside == "" {
			return "", outside
		}
	} else {
		inside = path.Join(path.Dir(p), filepath.ToSlash(target))
		if inside == ".." || strings.HasPrefix(inside, "../") {
			return "", outside
		}
	}
	// The kernel resolves ".." after a link from where the link leads, not
	// lexically: the link must lead inside the folder on disk too.
	real := roots[len(roots)-1]
	if resolved, err := filepath.EvalSymlinks(filepath.Join(real, filepath.FromSlash(p))); err == nil {
		if rel, err := filepath.Rel(real, resolved); err != nil || rel != "." && !filepath.IsLocal(rel) {
			return "", outside
		}
	}
	norm, err := filepath.Rel(filepath.FromSlash(path.Dir(p)), filepath.FromSlash(inside))
	if err != nil {
		return "", outside
	}
	norm = filepath.ToSlash(norm)
	if err := CheckLink(p, norm); err != nil {
		return "", outside
	}
	return norm, nil
}

// Special names the kind of a file that is neither regular, a folder nor
// a symbolic link, with its article: "a named pipe".
func Special(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Write makes the folder of archive b in dir, an empty folder: its files
// and folder entries with their permission bits, its links, and the
// folders that hold them with FolderMode, whatever the umask. Nothing is
// written outside dir: every path is checked (see Decode) and opened
// through an os.Root on dir.
func Write(dir string, b []byte) error {
	entries, _, err := Decode(b)
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	modes := map[string]fs.FileMode{} // the folders made, by path
	for _, e := range entries {
		if d := e.Dir(); d != "" {
			if err := root.MkdirAll(filepath.FromSlash(d), 0o700); err != nil {
				return err
			}
			for ; d != "." && modes[d] == 0; d = path.Dir(d) {
				modes[d] = FolderMode
			}
		}
		name := filepath.FromSlash(e.Path)
		switch e.Kind {
		case File:
			f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				return err
			}
			_, werr := f.Write(e.Data)
			if werr == nil {
				werr = f.Chmod(e.Mode) // whatever the umask
			}
			if err := errors.Join(werr, f.Close()); err != nil {
				return err
			}
		case Link:
			if err := root.Symlink(string(e.Data), name); err != nil {
				return err
			}
		case Dir:
			if err := root.Mkdir(name, 0o700); err != nil {
				return err
			}
			modes[e.Path] = e.Mode
		}
	}
	// Last, as a folder may forbid writing in it.
	for d, mode := range modes {
		if err := root.Chmod(filepath.FromSlash(d), mode); err != nil {
			return err
		}
	}
	return nil
}
