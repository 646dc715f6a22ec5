package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hddreduce/hdd/grammars/folder/archive"
)

// writeAtomic writes data to path through a temporary file in the same
// directory and a rename, so path never holds a half-written result. The
// file gets the permissions perm.
func writeAtomic(path string, data []byte, perm fs.FileMode) error {
	return writeAtomicLike(path, data, perm, nil)
}

// writeAtomicLike is writeAtomic, the file owned as like is where this
// process may (see ownLike).
func writeAtomicLike(path string, data []byte, perm fs.FileMode, like fs.FileInfo) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, tempPrefix(base)+"*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Chmod(perm)
	}
	ownLike(f, like)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// tempPrefix returns the start of the names of the temporary files and
// folders that writes of a file named base make beside it:
// ".BASE.tmp", BASE cut to fit (see fitName) with the random digits
// os.CreateTemp adds and the ".old" of writeFolderAtomic.
func tempPrefix(base string) string {
	return "." + fitName(base, len(".")+len(".tmp")+10+len(".old")) + ".tmp"
}

// changed reports whether the file now is not the file then, as far as
// its identity, size and time of change tell; then is nil for no file.
func changed(then, now fs.FileInfo) bool {
	return then == nil || !os.SameFile(then, now) || then.Size() != now.Size() || !then.ModTime().Equal(now.ModTime())
}

// checkWritable fails early, before any test runs, when a file could not
// be written in path's directory. It returns the permissions a new file
// gets there (0666 less the umask).
func checkWritable(path string) (fs.FileMode, error) {
	// hdd reads an earlier output, then renames a new file over it: a
	// pipe would block the read, and a device would be replaced.
	if info, err := os.Stat(path); err == nil && !info.IsDir() && !info.Mode().IsRegular() {
		return 0, fmt.Errorf("the output %s is not a regular file but %s: give a file with -o", path, archive.Special(info.Mode()))
	}
	if n := len(filepath.Base(path)); n > maxName {
		return 0, fmt.Errorf("the output's name %s is too long (%d bytes, at most %d): give a shorter one with -o", filepath.Base(path), n, maxName)
	}
	return probeWritable("the output", path)
}

// probeWritable is checkWritable for what, a file the run writes (the
// output, -stats-json), named in its errors.
func probeWritable(what, path string) (fs.FileMode, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return 0, fmt.Errorf("%s %s is a directory", what, path)
	}
	dir := filepath.Dir(path)
	f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf(".hdd-probe-%d-%d", os.Getpid(), time.Now().UnixNano())), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return 0, fmt.Errorf("cannot write %s in %s: %w", what, dir, unwrapPath(err))
	}
	perm := fs.FileMode(0o644)
	if info, err := f.Stat(); err == nil {
		perm = info.Mode().Perm()
	}
	f.Close()
	return perm, os.Remove(f.Name())
}

// removeLeftovers removes the temporary files and folders that writes of
// the files at paths (the output and its record) make beside them
// (.NAME.tmp*, see writeAtomic and folderBeside), and returns how many
// it removed. Only a run that holds the output's lock writes them, so
// those there when it is taken were left by a run killed mid-write
// (kill -9).
func removeLeftovers(paths ...string) int {
	n := 0
	for _, path := range paths {
		if path == "" {
			continue
		}
		dir, base := filepath.Split(path)
		if dir == "" {
			dir = "."
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			rest, ok := strings.CutPrefix(e.Name(), tempPrefix(base))
			rest = strings.TrimSuffix(rest, ".old") // see writeFolderAtomic
			if ok && rest != "" && strings.Trim(rest, "0123456789") == "" && removeAll(filepath.Join(dir, e.Name())) == nil {
				n++
			}
		}
	}
	return n
}

// probeFolder fails early when the folder path, or the folders that would
// hold it, could not be made or written in: it is something else, or the
// nearest folder there is refuses a new file. It makes nothing.
func probeFolder(what, path string) error {
	info, err := os.Stat(path)
	switch {
	case err == nil && !info.IsDir():
		return fmt.Errorf("%s %s is not a folder", what, path)
	case err == nil:
		_, err = probeWritable(what, filepath.Join(path, "probe"))
		return err
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot make %s %s: %w", what, path, unwrapPath(err))
	}
	dir := filepath.Dir(path)
	for {
		info, err := os.Stat(dir)
		if err == nil && !info.IsDir() {
			return fmt.Errorf("cannot make %s %s: %s is not a folder", what, path, dir)
		}
		if err == nil || dir == filepath.Dir(dir) {
			break
		}
		dir = filepath.Dir(dir)
	}
	_, err = probeWritable(what, filepath.Join(dir, "probe"))
	return err
}

// unwrapPath returns the cause of a *fs.PathError, whose message repeats
// the path and operation.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// A resultFile keeps the best result on disk. It writes the output, after
// updating the output's record; where the output cannot be written (its
// disk is full, say), it keeps the result in a fallback file beside the
// input or in the temporary directory, and says so once.
type resultFile struct {
	path    string      // the output
	perm    fs.FileMode // its permissions
	rec     *record     // its record, nil for none
	recPath string
	// fallbackDirs are where a fallback file may go, in order.
	fallbackDirs []string
	warnf        func(format string, args ...any)

	hash string // of the text the output holds, "" if not one of ours
	// seen is the output as hdd last saw it, at the start or when it
	// wrote it last; nil if there was none. A file output that is no
	// longer the same (the user saved work into it, or made it) goes
	// aside before hdd writes.
	seen       fs.FileInfo
	owner      fs.FileInfo // the file whose owner results get, nil for this process's
	asideWhy   string      // why the output, not one of ours, goes aside before the first write; "" if it need not
	fallback   string      // the fallback file holding the best result, "" if none
	folder     bool        // the output is a folder, the texts its archives
	recWarned  bool
	fellBack   bool
	fellBackTo string

	// The writes during the search are made by a goroutine of their own,
	// so that the next test need not wait for them (see offer).
	mu      sync.Mutex
	next    []byte        // the latest text offered and not written yet
	wake    chan struct{} // a text was offered
	stopped chan struct{} // the writer has ended
}

// start starts the writer that offer hands texts to.
func (r *resultFile) start() {
	r.wake, r.stopped = make(chan struct{}, 1), make(chan struct{})
	go func() {
		defer close(r.stopped)
		for range r.wake {
			r.mu.Lock()
			best := r.next
			r.next = nil
			r.mu.Unlock()
			if best != nil {
				r.write(best)
			}
		}
	}()
}

// offer hands a copy of best to the writer started by start and returns at
// once: the output holds the best result within moments, while the search
// goes on. When texts come faster than they are written, only the latest
// is.
func (r *resultFile) offer(best []byte) {
	r.mu.Lock()
	r.next = bytes.Clone(best)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default: // the writer will see r.next anyway
	}
}

// stop waits until the texts offered are written and ends the writer.
func (r *resultFile) stop() {
	close(r.wake)
	<-r.stopped
}

// write writes best to the output. If that fails, it writes best to the
// fallback file and returns the output's error.
func (r *resultFile) write(best []byte) error {
	now, err := os.Lstat(r.path)
	if r.asideWhy != "" && errors.Is(err, fs.ErrNotExist) {
		r.asideWhy = "" // gone meanwhile: nothing to keep
	}
	if err == nil && r.asideWhy == "" && !r.folder && changed(r.seen, now) {
		r.asideWhy = "it changed during the run"
	}
	if r.asideWhy != "" {
		aside, err := keepAside(r.path)
		if err != nil {
			return r.fallBack(best, err)
		}
		os.Rename(r.recPath, recordPath(aside)) // its record goes with it, if any
		r.warnf("%s is not a result of this input and test (%s): it is kept as %s", r.path, r.asideWhy, aside)
		r.asideWhy = ""
	}
	h := hashBytes(best)
	if r.rec != nil {
		r.rec.Outputs = r.rec.Outputs[:0]
		if r.hash != "" && r.hash != h {
			r.rec.Outputs = append(r.rec.Outputs, r.hash)
		}
		r.rec.Outputs = append(r.rec.Outputs, h)
		if err := r.rec.write(r.recPath); err != nil && !r.recWarned {
			r.recWarned = true
			r.warnf("cannot write %s (%v): a run stopped before the end will not be able to go on", r.recPath, unwrapPath(err))
		}
	}
	err = r.writeTo(r.path, best)
	if err == nil {
		r.hash = h
		r.seen, _ = os.Lstat(r.path)
		if r.fallback != "" {
			r.remove(r.fallback)
			r.fallback = ""
		}
		return nil
	}
	return r.fallBack(best, err)
}

// fallBack writes best to the fallback file where err stops it from going
// to the output, and returns err.
func (r *resultFile) fallBack(best []byte, err error) error {
	if ferr := r.writeFallback(best); ferr != nil {
		return fmt.Errorf("%w; nor could it go elsewhere: %v", err, ferr)
	}
	if !r.fellBack || r.fellBackTo != r.fallback {
		r.fellBack, r.fellBackTo = true, r.fallback
		r.warnf("cannot write %s (%v): the best result so far is kept in %s", r.path, unwrapPath(err), r.fallback)
	}
	return err
}

// writeFallback writes best to the fallback file, choosing one if need be.
func (r *resultFile) writeFallback(best []byte) error {
	if r.fallback != "" {
		if err := r.writeTo(r.fallback, best); err == nil {
			return nil
		}
		r.remove(r.fallback)
		r.fallback = ""
	}
	ext := filepath.Ext(r.path)
	if r.folder {
		ext = ""
	}
	pattern := fitName(strings.TrimSuffix(filepath.Base(r.path), ext), len(".")+10+len(ext)) + ".*" + ext
	var errs []error
	for _, dir := range r.fallbackDirs {
		name, err := r.reserve(dir, pattern)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := r.writeTo(name, best); err != nil {
			r.remove(name)
			errs = append(errs, err)
			continue
		}
		r.fallback = name
		return nil
	}
	msgs := make([]string, len(errs))
	for i, err := range errs {
		msgs[i] = err.Error()
	}
	return errors.New(strings.Join(msgs, "; ")) // one line
}

// writeTo writes best, the result, to path atomically: a file, or a
// folder made from an archive.
func (r *resultFile) writeTo(path string, best []byte) error {
	if r.folder {
		return writeFolderAtomic(path, best, r.perm)
	}
	return writeAtomicLike(path, best, r.perm, r.owner)
}

// remove removes the file or folder at path, a fallback.
func (r *resultFile) remove(path string) {
	if r.folder {
		removeAll(path)
		return
	}
	os.Remove(path)
}

// reserve makes a new empty file or folder in dir, named by pattern (as
// os.CreateTemp), for a fallback, and returns its path.
func (r *resultFile) reserve(dir, pattern string) (string, error) {
	if r.folder {
		return os.MkdirTemp(dir, pattern)
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return "", err
	}
	f.Close()
	return f.Name(), nil
}

// newFilePerm returns the permissions to write path with: its own if it
// exists, else those a new file gets in its directory.
func newFilePerm(path string) fs.FileMode {
	if info, err := os.Stat(path); err == nil {
		return archive.Bits(info.Mode())
	}
	if perm, err := checkWritable(path); err == nil {
		return perm
	}
	return 0o644
}
