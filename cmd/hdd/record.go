package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// A record says what an output was made from, so that a later run can tell
// whether it may go on from it: only from a result of this same input and
// test. hdd keeps it beside the output as .NAME.hdd (JSON), and rewrites it
// before each write of the output, naming both the text the output holds
// and the one about to replace it, so that it is true at every moment,
// whenever the run is interrupted.
type record struct {
	Version   int      `json:"hdd_record"`
	Input     string   `json:"input"`        // the input's absolute path, for messages
	InputHash string   `json:"input_sha256"` // of the original input
	Test      string   `json:"test"`         // the test executable's absolute path, or -c and the command
	TestHash  string   `json:"test_sha256"`
	Format    string   `json:"format"`
	Flags     string   `json:"flags"`          // the flags that shape the search
	Outputs   []string `json:"outputs_sha256"` // the output holds one of these texts
}

const recordVersion = 1

// recordPath returns where the record of the output out is kept.
func recordPath(out string) string {
	dir, base := filepath.Split(out)
	return filepath.Join(dir, "."+fitName(base, len(".")+len(".hdd.lock"))+".hdd")
}

// maxName is the longest name a directory entry may have on the file
// systems hdd writes to (NAME_MAX).
const maxName = 255

// fitName returns base, or, if base and extra more bytes would make a
// name longer than maxName, the start of base and a hash of the whole,
// so that names made from it are distinct, stay the same from run to run,
// and fit.
func fitName(base string, extra int) string {
	if len(base)+extra <= maxName {
		return base
	}
	sum := sha256.Sum256([]byte(base))
	tag := "~" + hex.EncodeToString(sum[:8])
	return base[:maxName-extra-len(tag)] + tag
}

// lockPath returns the lock file of the output out: hidden, and named for
// hdd, so that it is no file of the user's (OUT.lock would be Gemfile.lock
// beside a Gemfile reduced in place).
func lockPath(out string) string { return recordPath(out) + ".lock" }

// readRecord reads the record at path; it returns nil if there is none or
// it cannot be read.
func readRecord(path string) *record {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var r record
	if json.Unmarshal(b, &r) != nil || r.Version != recordVersion {
		return nil
	}
	return &r
}

// write writes the record to path.
func (r *record) write(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'), 0o644)
}

// provenance returns why the output, whose text has hash outHash, is not
// a result of the run that want describes, or "" when it is. A change in
// the flags alone does not matter: a result of the same input and test is
// a valid start for any search.
func (r *record) provenance(want *record, outHash string) string {
	switch {
	case r == nil:
		return "nothing says what it was made from"
	case r.InputHash != want.InputHash && r.Input != asStored(want.Input):
		return "it was made from another input, " + r.Input
	case r.InputHash != want.InputHash:
		return "it was made from an earlier version of the input"
	case r.Test != asStored(want.Test):
		return "it was made with another test, " + r.Test
	case r.TestHash != want.TestHash:
		return "it was made with an earlier version of the test"
	case r.Format != want.Format:
		return "it was made as " + r.Format + ", not " + want.Format
	case !slices.Contains(r.Outputs, outHash):
		return "it was changed after hdd wrote it"
	}
	return ""
}

// asStored returns s as a record read back holds it: JSON has no bytes
// that are not UTF-8 (a path may), and each becomes U+FFFD.
func asStored(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		return s
	}
	var out string
	if json.Unmarshal(b, &out) != nil {
		return s
	}
	return out
}

// hashBytes returns the SHA-256 of b, in hex.
func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// hashFile returns the SHA-256 of the file at path, in hex.
func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// keepAside renames the file at path to the first free name path.~N~ (the
// numbered backups of GNU cp and mv) and returns that name.
func keepAside(path string) (string, error) {
	for n := 1; n < 10000; n++ {
		aside := fmt.Sprintf("%s.~%d~", path, n)
		if _, err := os.Lstat(aside); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		// A hard link fails if the name has been taken meanwhile; where
		// the file system has no hard links, a rename does.
		err := os.Link(path, aside)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			err = os.Remove(path)
		} else {
			err = os.Rename(path, aside)
		}
		if err != nil {
			return "", fmt.Errorf("cannot keep %s aside as %s: %w", path, aside, err)
		}
		return aside, nil
	}
	return "", fmt.Errorf("cannot keep %s aside: too many numbered copies", path)
}
