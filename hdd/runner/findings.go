package runner

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Findings is a Tester that saves side findings: candidates on which
// the test exits with Code, a status the user chose for "interesting, but a
// different bug". Each is written to Dir as NNNN-NAME, numbered from 0001
// and never overwriting a file, unless a file of Dir holds it already (an
// earlier run's finding); the verdict is passed on unchanged, so the
// reduction goes on; with Unpack, each is a folder. Findings is safe for
// concurrent use.
type Findings struct {
	Tester Tester
	Code   int
	Dir    string
	Name   string            // base name of the input, kept in each finding's name
	Saved  func(path string) // called after each finding is written; may be nil
	Failed func(error)       // called when a finding cannot be written; may be nil

	// Unpack, if not nil, saves each finding as a folder NNNN-NAME that
	// Unpack writes the candidate into (see Command.Unpack).
	Unpack func(dir string, candidate []byte) error

	mu   sync.Mutex
	next int
	held map[[sha256.Size]byte]bool // the contents of Dir's files, once read
}

// Test runs the test and saves the candidate when the test exits with Code.
func (f *Findings) Test(ctx context.Context, candidate []byte) (Verdict, error) {
	v, err := f.Tester.Test(ctx, candidate)
	if err != nil || v.TimedOut || v.Exit != f.Code {
		return v, err
	}
	path, serr := f.save(candidate)
	switch {
	case serr != nil && f.Failed != nil:
		f.Failed(serr)
	case serr == nil && path != "" && f.Saved != nil:
		f.Saved(path)
	}
	return v, nil
}

// save writes candidate to a new file or folder of f.Dir and returns its
// path, or "" if a file of f.Dir holds it already.
func (f *Findings) save(candidate []byte) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := os.MkdirAll(f.Dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot make the findings folder: %w", err)
	}
	if f.Unpack == nil {
		if f.held == nil {
			f.held = heldFiles(f.Dir)
		}
		if f.held[sha256.Sum256(candidate)] {
			return "", nil
		}
	}
	for {
		f.next++
		path := filepath.Join(f.Dir, fmt.Sprintf("%04d-%s", f.next, f.Name))
		if f.Unpack != nil {
			err := os.Mkdir(path, 0o755)
			if errors.Is(err, fs.ErrExist) {
				continue // an earlier run's finding: never overwritten
			}
			if err == nil {
				if err = f.Unpack(path, candidate); err != nil {
					os.RemoveAll(path)
				}
			}
			if err != nil {
				return "", fmt.Errorf("cannot save a finding: %w", err)
			}
			return path, nil
		}
		file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue // an earlier run's finding: never overwritten
		}
		if err != nil {
			return "", fmt.Errorf("cannot save a finding: %w", err)
		}
		_, werr := file.Write(candidate)
		if err := errors.Join(werr, file.Close()); err != nil {
			return "", fmt.Errorf("cannot save a finding: %w", err)
		}
		f.held[sha256.Sum256(candidate)] = true
		return path, nil
	}
}

// heldFiles returns the hashes of the contents of the regular files in
// dir, as far as they can be read.
func heldFiles(dir string) map[[sha256.Size]byte]bool {
	held := map[[sha256.Size]byte]bool{}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil {
			held[sha256.Sum256(b)] = true
		}
	}
	return held
}
