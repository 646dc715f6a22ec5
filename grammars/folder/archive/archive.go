// Package archive is the text form of a folder that hdd reduces: one byte
// string holding the folder's files, empty folders and symbolic links, so
// that the search (package hdd) can render, hash, cache and test a folder
// as it does a file. [Read] makes it from a folder on disk, refusing what
// must not be copied (links leading outside the folder, named pipes,
// devices, more bytes than a limit), and [Write] makes a folder of it
// again, never writing outside that folder.
//
// # Format
//
// An archive is a sequence of entries in the order of their paths (see
// [Less]); the empty archive is the empty folder. Each entry is a header
// line and its data:
//
//	f 0644 12 "src/main.c"
//	int main();
//
// a kind (f a regular file, d a folder, l a symbolic link), the
// permission bits in octal (with the setuid, setgid and sticky bits, as
// chmod numbers them), the length of the data in bytes, the path
// (slash-separated, relative to the folder, Go-quoted), a newline, then
// the data (a file's bytes, a link's target, nothing for a folder) and a
// newline. Folders that hold something are entries only where their
// permissions are not [FolderMode]: writing what they hold makes them,
// with FolderMode. The lengths make the format exact for any bytes, and
// [Decode] accepts only the one encoding [Encode] gives, so that equal
// folders have equal archives.
//
// archive/tar and archive/zip would do for the encoding, but their headers
// carry times, owners and padding that would make equal folders differ,
// and neither is read by a person looking at a candidate.
package archive

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// A Kind is what an entry is.
type Kind byte

// The kinds of entries, by their letter in the header.
const (
	File Kind = 'f' // a regular file
	Dir  Kind = 'd' // a folder: empty, or with permissions other than FolderMode
	Link Kind = 'l' // a symbolic link; its data is the target
)

func (k Kind) String() string {
	switch k {
	case File:
		return "file"
	case Dir:
		return "folder"
	case Link:
		return "symbolic link"
	}
	return fmt.Sprintf("kind %q", byte(k))
}

// FolderMode is the permissions of a folder that is no entry of an
// archive, made because it holds one.
const FolderMode fs.FileMode = 0o755

// An Entry is a file, a folder or a symbolic link of a folder.
type Entry struct {
	Kind Kind
	Path string      // slash-separated, relative to the folder, clean: "src/main.c"
	Mode fs.FileMode // its Bits (0777 for links)
	Data []byte      // a file's content, a link's target (relative, inside the folder), nothing for a folder
}

// Dir returns the folder of e.Path: "" for an entry at the top.
func (e Entry) Dir() string {
	if i := strings.LastIndexByte(e.Path, '/'); i >= 0 {
		return e.Path[:i]
	}
	return ""
}

// A Span is where an entry lies in an archive: its header at
// [Header, Data), its data at [Data, End), and the newline after it at
// End.
type Span struct{ Header, Data, End int }

// Bits returns what an archive keeps of mode: its permission bits, and its
// setuid, setgid and sticky bits.
func Bits(mode fs.FileMode) fs.FileMode {
	return mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
}

// The special bits of a mode, as a header writes them: in octal, as
// chmod(1) does.
var specialBits = []struct {
	mode fs.FileMode
	oct  uint32
}{{fs.ModeSetuid, 0o4000}, {fs.ModeSetgid, 0o2000}, {fs.ModeSticky, 0o1000}}

// octal returns mode's Bits as chmod(1) numbers them.
func octal(mode fs.FileMode) uint32 {
	n := uint32(mode.Perm())
	for _, b := range specialBits {
		if mode&b.mode != 0 {
			n |= b.oct
		}
	}
	return n
}

// fromOctal returns the mode chmod(1) numbers n, at most 07777.
func fromOctal(n uint32) fs.FileMode {
	mode := fs.FileMode(n & 0o777)
	for _, b := range specialBits {
		if n&b.oct != 0 {
			mode |= b.mode
		}
	}
	return mode
}

// AppendHeader appends the header of an entry whose data has size bytes.
func AppendHeader(dst []byte, kind Kind, mode fs.FileMode, p string, size int) []byte {
	dst = append(dst, byte(kind), ' ')
	dst = append(dst, fmt.Sprintf("%04o", octal(mode))...)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(size), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendQuote(dst, p)
	return append(dst, '\n')
}

// Append appends entry e to dst.
func Append(dst []byte, e Entry) []byte {
	dst = AppendHeader(dst, e.Kind, e.Mode, e.Path, len(e.Data))
	dst = append(dst, e.Data...)
	return append(dst, '\n')
}

// Encode returns the archive of entries, which must be in order (see
// Less) and valid (see Decode).
func Encode(entries []Entry) []byte {
	n := 0
	for _, e := range entries {
		n += len(e.Data) + len(e.Path) + 32
	}
	dst := make([]byte, 0, n)
	for _, e := range entries {
		dst = Append(dst, e)
	}
	return dst
}

// Decode returns the entries of the archive b and their spans. The
// entries' Data are subslices of b. It refuses anything Encode would not
// give: a malformed header, a path that is not clean and relative, entries
// out of order or twice, an entry inside a file or a link, a folder entry
// with FolderMode that is not empty, a link whose target leads outside
// the folder.
func Decode(b []byte) ([]Entry, []Span, error) {
	var entries []Entry
	var spans []Span
	for off := 0; off < len(b); {
		e, sp, err := next(b, off)
		if err != nil {
			return nil, nil, err
		}
		if n := len(entries); n > 0 {
			prev := entries[n-1]
			switch {
			case !Less(prev.Path, e.Path):
				return nil, nil, fmt.Errorf("entry %q at byte %d is out of order (after %q)", e.Path, off, prev.Path)
			case strings.HasPrefix(e.Path, prev.Path+"/") && (prev.Kind != Dir || prev.Mode == FolderMode):
				// What is inside an entry comes right after it in
				// this order: checking neighbours is enough.
				return nil, nil, fmt.Errorf("entry %q at byte %d is inside the %s %q", e.Path, off, prev.Kind, prev.Path)
			}
		}
		entries, spans = append(entries, e), append(spans, sp)
		off = sp.End + 1
	}
	return entries, spans, nil
}

// next decodes the entry at b[off:].
func next(b []byte, off int) (Entry, Span, error) {
	bad := func(format string, args ...any) (Entry, Span, error) {
		return Entry{}, Span{}, fmt.Errorf("bad archive entry at byte %d: %s", off, fmt.Sprintf(format, args...))
	}
	nl := bytes.IndexByte(b[off:], '\n')
	if nl < 0 {
		return bad("no end of header")
	}
	line := string(b[off : off+nl])
	fields := strings.SplitN(line, " ", 4)
	if len(fields) != 4 || len(fields[0]) != 1 {
		return bad("malformed header %q", line)
	}
	kind := Kind(fields[0][0])
	mode, err1 := strconv.ParseUint(fields[1], 8, 32)
	size, err2 := strconv.Atoi(fields[2])
	p, err3 := strconv.Unquote(fields[3])
	switch {
	case kind != File && kind != Dir && kind != Link:
		return bad("unknown kind %q", fields[0])
	case err1 != nil || mode > 0o7777, err2 != nil || size < 0, err3 != nil:
		return bad("malformed header %q", line)
	}
	e := Entry{Kind: kind, Path: p, Mode: fromOctal(uint32(mode))}
	if h := AppendHeader(nil, kind, e.Mode, p, size); string(h) != line+"\n" {
		return bad("header %q is not in canonical form", line)
	}
	if err := checkPath(p); err != nil {
		return bad("%v", err)
	}
	sp := Span{Header: off, Data: off + nl + 1}
	sp.End = sp.Data + size
	switch {
	case size > len(b)-sp.Data-1:
		return bad("%q has %d bytes, the archive ends before", p, size)
	case b[sp.End] != '\n':
		return bad("%q: no newline after its data", p)
	case kind == Dir && size != 0:
		return bad("folder %q has data", p)
	}
	e.Data = b[sp.Data:sp.End:sp.End]
	if kind == Link {
		if err := CheckLink(p, string(e.Data)); err != nil {
			return bad("%v", err)
		}
	}
	return e, sp, nil
}

// checkPath reports whether p is a clean relative slash-separated path
// naming something inside the folder.
func checkPath(p string) error {
	if !fs.ValidPath(p) || p == "." || strings.ContainsRune(p, 0) {
		return fmt.Errorf("path %q is not a clean relative path", p)
	}
	return nil
}

// CheckLink reports whether target, the target of the link at p, is in
// the normal form Read gives every link: relative, a few ".." that do not
// climb above the folder, then a clean path ("../inc/x.h", "x.h", "..",
// "."). A link in that form resolves inside the folder, however the
// folder's other links in that form resolve.
func CheckLink(p, target string) error {
	parts := strings.Split(target, "/")
	up := 0
	for up < len(parts) && parts[up] == ".." {
		up++
	}
	rest := strings.Join(parts[up:], "/")
	ok := target != "" && up <= strings.Count(p, "/") &&
		(rest == "" && up > 0 || rest == "." && up == 0 || rest != "" && rest != "." && fs.ValidPath(rest))
	if !ok {
		return fmt.Errorf("link %q has target %q, which does not stay inside the folder", p, target)
	}
	return nil
}

// Less reports whether path a comes before path b in an archive: the
// order of a walk of the folder (fs.WalkDir), where a folder's entries
// follow it at once: "a" < "a/b" < "a.c".
func Less(a, b string) bool {
	return Compare(a, b) < 0
}

// Compare compares paths a and b in the order of Less.
func Compare(a, b string) int {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/"))
}
