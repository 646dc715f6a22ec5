package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A file is a path that a run keeps or writes, and what it is for
// messages.
type file struct{ what, path string }

// A plan names the files of a run: those it reads and those it writes.
type plan struct {
	input    string // as given
	test     string // the test executable, absolute; "" for -dump-tree and -c
	out      string // the output; with -in-place, the input's own file (through symbolic links)
	backup   string // INPUT.orig: written with -in-place, never written otherwise
	record   string // the output's record (see record)
	lock     string // the output's lock file
	findings string // the findings folder, "" without -also-interesting
	folder   bool   // the input is a folder: so are the output, the backup and the findings
}

// reducedPath is the default output path: dir/name.reduced.ext.
func reducedPath(input string) string {
	ext := filepath.Ext(input)
	if ext == filepath.Base(input) {
		ext = "" // a dot file, .config: no extension but its name
	}
	return strings.TrimSuffix(input, ext) + ".reduced" + ext
}

// makePlan names the files of a run with the test at test (resolved) on
// input, and refuses, before anything is written, an output that would
// overwrite the input, the test, the input's backup or another output.
func makePlan(test, input string, o options) (*plan, error) {
	p := &plan{input: input, test: test, out: o.out, backup: input + ".orig"}
	if isFolder(input) {
		p.input = filepath.Clean(input) // "proj/" is "proj"
		if b := filepath.Base(p.input); b == "." || b == ".." || b == string(filepath.Separator) {
			// The folder's own name, for the candidates and outputs.
			if abs, err := filepath.Abs(p.input); err == nil {
				p.input = abs
			}
		}
		p.folder, p.backup = true, p.input+".orig"
	}
	switch {
	case o.dumpTree:
		p.out = ""
	case o.inPlace:
		real, err := filepath.EvalSymlinks(p.input) // a folder "." made absolute
		if err != nil {
			return nil, fmt.Errorf("cannot read the input: %w", err)
		}
		p.out = real
		if sameFile(p.backup, real) {
			// The backup would be taken for one made already, and the
			// result written over the only copy of the original.
			return nil, fmt.Errorf("%s and its backup %s are the same file (through a link): -in-place would overwrite the original; remove the link, or give -o", input, p.backup)
		}
	case p.out == "" && p.folder:
		p.out = p.input + ".reduced"
	case p.out == "":
		p.out = reducedPath(input)
	}
	if p.out != "" && !o.inPlace {
		p.out = linkTarget(p.out)
	}
	if p.out != "" {
		p.record, p.lock = recordPath(p.out), lockPath(p.out)
		if o.alsoCode.set {
			p.findings = o.findings
			if p.findings == "" {
				p.findings = p.out + ".findings"
			}
		}
	}

	kept := []file{{"the input", input}, {"the input's backup", p.backup}}
	if test != "" {
		if sameFile(test, input) {
			return nil, fmt.Errorf("the test %s is the input: the test must be a program of its own", test)
		}
		kept = append(kept, file{"the test", test})
	}
	written := []file{{"-stats-json", o.statsJSON}, {"-cpuprofile", o.cpuProfile}, {"-memprofile", o.memProfile}, {"-findings", p.findings}}
	if p.out != "" {
		if !o.inPlace {
			written = append([]file{{"the output", p.out}}, written...)
		} else {
			kept = append(kept, file{"the output", p.out})
		}
		// hdd writes and removes its lock and record: neither may be a
		// file of the user's.
		for _, own := range []file{{"hdd's lock file", p.lock}, {"hdd's record of the output", p.record}} {
			for _, k := range kept {
				if k.path != "" && sameFile(own.path, k.path) {
					return nil, fmt.Errorf("%s %s would be %s %s: give another output with -o", own.what, own.path, k.what, k.path)
				}
			}
		}
		kept = append(kept, file{"hdd's lock file", p.lock}, file{"hdd's record of the output", p.record})
	}
	for i, w := range written {
		if w.path == "" {
			continue
		}
		for _, k := range kept {
			if sameFile(w.path, k.path) {
				advice := "give another file"
				if w.what == "the output" && k.what == "the input" {
					advice += ", or -in-place to overwrite the input (keeping INPUT.orig)"
				}
				return nil, fmt.Errorf("%s %s is %s: %s", w.what, w.path, k.what, advice)
			}
		}
		for _, v := range written[:i] {
			if v.path != "" && sameFile(w.path, v.path) {
				return nil, fmt.Errorf("%s %s is also %s: give each its own file", w.what, w.path, v.what)
			}
		}
	}
	if p.folder {
		return p, checkFolderPlan(p, o, kept, written)
	}
	return p, nil
}

// checkFolderPlan refuses, for a folder input, what would write into the
// input folder or its backup, or replace a folder that holds a file the
// run keeps.
func checkFolderPlan(p *plan, o options, kept, written []file) error {
	// The tests' run directories, and what the tests write there.
	if o.workdir != "" {
		written = append(written, file{"-workdir", o.workdir})
	} else {
		written = append(written, file{"the folder for the tests' run directories ($TMPDIR)", os.TempDir()})
	}
	for _, w := range written {
		for _, dir := range []file{{"the input folder", p.input}, {"the input's backup", p.backup}} {
			if w.path != "" && within(w.path, dir.path) {
				return fmt.Errorf("%s %s is inside %s %s: give a path outside it", w.what, w.path, dir.what, dir.path)
			}
		}
	}
	if p.out == "" {
		return nil
	}
	for _, k := range kept {
		switch {
		case !within(k.path, p.out):
		case o.inPlace:
			return fmt.Errorf("%s %s is inside the input folder, which -in-place replaces: move it out, or give -o instead", k.what, k.path)
		default:
			return fmt.Errorf("the output %s holds %s %s, which it would replace: give another folder", p.out, k.what, k.path)
		}
	}
	return nil
}

// linkTarget returns the file that path names through symbolic links,
// whether or not it exists yet, or path if it is no link: results are
// written to the file a link points to, not over the link.
func linkTarget(path string) string {
	for range 40 { // as the kernel's limit on links followed
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			return path
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return path
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return path
}

// sameFile reports whether paths a and b name the same file, through
// symbolic links and hard links, whether or not it exists yet.
func sameFile(a, b string) bool {
	if canonical(a) == canonical(b) {
		return true
	}
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// canonical returns path made absolute with its symbolic links resolved,
// or, for a file that does not exist yet, its directory's.
func canonical(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	dir, base := filepath.Split(abs)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(real, base)
	}
	return abs
}
