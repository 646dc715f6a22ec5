package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/grammars/lines"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/runner"
	"github.com/hddreduce/hdd/hdd/tree"
)

// reduce is the main job: reduce the input of plan p with its test.
func reduce(ctx context.Context, spec testSpec, p *plan, o options, con *console) error {
	logf := func(format string, args ...any) {
		if !o.quiet {
			con.printf(format, args...)
		}
	}
	warnf := func(format string, args ...any) { con.printf("warning: "+format, args...) }
	if o.algorithm == hdd.PlainDDMin && o.format == "" {
		o.format = lines.Format.Name
	}
	src, f, err := readInput(p.input, o.format, int64(o.maxSize))
	if err != nil {
		return err
	}
	if o.maxTime > 0 {
		// The budget counts from here: the parse of a large input too.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, o.maxTime, errMaxTime)
		defer cancel()
	}
	// The input is parsed while the checks below and the first test runs
	// of the original go on: the parse of a large input takes about as long
	// as a test run.
	type parseResult struct {
		doc *grammars.Doc
		err error
	}
	parsed := make(chan parseResult, 1)
	go func() {
		doc, err := parseInput(ctx, p.input, f, src)
		parsed <- parseResult{doc, err}
	}()

	check := checkWritable
	if p.folder {
		check = checkWritableFolder
	}
	newPerm, err := check(p.out)
	if err != nil {
		return err
	}
	release, err := lockOutput(p.out)
	if err != nil {
		return err
	}
	defer release()
	if n := removeLeftovers(p.out, p.record); n > 0 {
		logf("removed %s that a run stopped by force left beside %s", grammars.Plural(n, "temporary file"), p.out)
	}
	test := &runner.Command{Path: spec.path, Args: spec.args, Name: filepath.Base(p.input), Timeout: o.timeout, Launcher: o.launch, TempDir: o.workdir}
	test.Warn = func(err error) { warnf("%v", err) }
	if info, err := os.Stat(p.input); err == nil && !p.folder && info.Mode()&0o100 != 0 {
		test.Exec = true                // a script the test runs keeps its x bit
		newPerm |= newPerm & 0o444 >> 2 // and so does its result, as chmod +x would make it
	}
	if err := checkWorkdir(o.workdir); err != nil {
		return err
	}
	removeKilledRuns(o.workdir, logf)
	var unpack func(dir string, candidate []byte) error
	if p.folder {
		unpack = archive.Write
		test.Unpack = unpack
	}
	if err := test.Check(); err != nil {
		return err
	}
	if reaper, err := runner.NewReaper(); err == nil {
		test.Reaper = reaper
		defer func() {
			reaper.Close()
			if n := reaper.Killed(); n > 0 {
				warnf("the test left %s running outside its process group (setsid, timeout, daemons): hdd killed them after each run", grammars.Plural(n, "process"))
			}
		}()
	}
	if o.timeout == 0 {
		test.Timeout = 10 * time.Minute // for the first run, until calibrated
	}
	var tester runner.Tester = test
	if o.alsoCode.set {
		tester = &runner.Findings{Tester: test, Code: o.alsoCode.code, Dir: p.findings, Name: filepath.Base(p.input),
			Saved:  func(path string) { logf("side finding (exit %d) saved as %s", o.alsoCode.code, path) },
			Failed: func(err error) { warnf("%v", err) }, Unpack: unpack}
	}
	// The oracle keeps the first verdict (the original's, to say why it
	// is not interesting) and counts the timeouts.
	oracle := &runner.Oracle{Tester: tester}

	from, err := origin(ctx, spec, p, o, f, src, newPerm, logf, warnf)
	if err != nil {
		return err
	}
	out := &resultFile{path: p.out, perm: from.perm, rec: from.rec, recPath: p.record, hash: from.outHash, asideWhy: from.asideWhy, warnf: warnf,
		fallbackDirs: []string{filepath.Dir(p.input), os.TempDir()}, folder: p.folder}
	out.seen, _ = os.Lstat(p.out)
	if o.inPlace {
		out.owner = out.seen // the input's owner keeps it
		// The record holds from the start: an interrupted run goes on.
		from.rec.Outputs = []string{from.outHash}
		if err := from.rec.write(p.record); err != nil {
			return fmt.Errorf("cannot write %s: %w", p.record, err)
		}
	}

	out.start()
	stopWriter := sync.OnceFunc(out.stop)
	defer stopWriter()

	r := hdd.Reducer{
		Oracle:    oracle,
		Algorithm: o.algorithm,
		Minimizer: o.minimizer,
		Jobs:      o.jobs,
		NoHoist:   o.noHoist,
		NoReplace: o.noReplace,
		NoShorten: o.noShorten,
		MaxTests:  o.maxTests,
		CheckRuns: max(2, o.repeat),
		Repeat:    o.repeat,
		Calibrate: func(first time.Duration) {
			if o.timeout == 0 {
				timeout := min(max(10*first, 5*time.Second), time.Hour)
				test.SetTimeout(timeout)
				if o.verbose {
					logf("the original takes %v per test run; timeout %v", first.Round(time.Millisecond), timeout)
				}
			}
		},
		Warn: func(w error) {
			if errors.Is(w, hdd.ErrFlaky) {
				if testChanged(spec, from.rec) {
					warnf("%v: the test %s changed during the run, or went, so its verdicts before and after disagree; run hdd again", w, spec.exe)
					return
				}
				warnf("%v: it misses the bug at times, so the search may pass over candidates that have it; make the test try again itself (interesting if any of a few runs shows the bug). -repeat N, interesting only if every run is, guards against a test that is interesting by chance, and would miss more", w)
				return
			}
			if errors.Is(w, hdd.ErrEmptyInteresting) && p.folder {
				warnf("an empty folder is interesting too: the test checks too little, and the result will be empty (make it look for the bug's own sign, such as its message)")
				return
			}
			warnf("%v", w)
		},
		Improved: out.offer,
	}
	r.NoTransform, r.NoTidy = o.noTransform, o.noTidy
	original := from.originalSize
	if p.folder {
		// The bytes of the files, as the first line and the summary count.
		r.Size = fileBytes
		original = fileBytes(from.original)
	}
	var showStatus atomic.Bool // set once the lines before the status line are out
	if !o.quiet && con.terminal() {
		r.Progress = func(pr hdd.Progress) {
			if showStatus.Load() {
				con.show(statusText(pr, original), false)
			}
		}
	}
	if o.verbose || !o.quiet && !con.terminal() {
		r.Log = func(m string) { logf("%s", m) }
	}

	// Test the start while the input is parsed.
	preCtx, cancelPre := context.WithCancel(ctx)
	defer cancelPre()
	pre := r.Preflight(preCtx, from.text)
	pr := <-parsed
	if pr.err != nil {
		cancelPre()
		_ = pre.Wait() // no test left running
		if errors.Is(context.Cause(ctx), errMaxTime) {
			return fmt.Errorf("-max-time %v was spent while parsing %s; nothing was written", o.maxTime, p.input)
		}
		return pr.err
	}
	doc := pr.doc
	for _, w := range doc.Warnings {
		warnf("%s: %s", p.input, w)
	}
	for _, n := range doc.Notes {
		logf("%s: %s", p.input, n)
	}
	start := doc
	if from.doc != nil {
		start = from.doc
	}
	logf("reducing %s (%s, %s, %s) with %v and %v, %s", from.name, f.Name, size(start.Tree.Src, p.folder), grammars.Plural(countNodes(start.Tree), "node"),
		o.algorithm, o.minimizer, grammars.Plural(o.jobs, "job"))
	showStatus.Store(true)

	reduceFrom := func(start *grammars.Doc, pre *hdd.Checked) (*hdd.Result, error) {
		policy := start.Policy
		if start != doc {
			// Going on from an earlier result: the tidies are still the
			// input's (C re-indents with the input's indent unit).
			p := *start.Policy
			p.Tidies = doc.Policy.Tidies
			policy = &p
		}
		return r.ReduceChecked(ctx, start.Tree, policy, pre)
	}
	res, err := reduceFrom(start, pre)
	if errors.Is(err, hdd.ErrNotInteresting) && start != doc {
		first, _ := oracle.First()
		warnf("the earlier result in %s is not interesting any more (%v); starting from %s", p.out, first, p.input)
		start, from.name = doc, p.input
		oracle = &runner.Oracle{Tester: tester} // whose first verdict is the input's
		r.Oracle = oracle
		res, err = reduceFrom(start, r.Preflight(ctx, src))
	}
	con.clear()
	if errors.Is(err, hdd.ErrNotInteresting) {
		first, _ := oracle.First()
		return notInteresting(first, spec.via(o.launch), from.name, p.folder)
	}
	if res == nil {
		if errors.Is(context.Cause(ctx), errMaxTime) {
			return fmt.Errorf("-max-time %v was spent before the search began (while the test checked %s); nothing was written", o.maxTime, from.name)
		}
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted before the search began (while the test checked %s); nothing was written", from.name)
		}
		return err
	}
	stopWriter()
	werr := out.write(res.Output)
	stop := stopReason(ctx, err)
	if !o.quiet {
		summary(con, p.input, from.originalSize, res, oracle.Timeouts(), stop, from.original)
		if werr == nil {
			con.printf("result written to %s", p.out)
		}
	}
	if o.statsJSON != "" {
		if jerr := writeStats(o.statsJSON, p.input, p.out, o.algorithm, res, oracle.Timeouts(), stop != "", from.originalSize, from.original); jerr != nil {
			warnf("cannot write the statistics: %v", jerr)
		}
	}
	if werr != nil {
		if out.fallback != "" {
			return fmt.Errorf("cannot write the result to %s (%v); it is in %s", p.out, unwrapPath(werr), out.fallback)
		}
		return fmt.Errorf("cannot write the result: %w", werr)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, hdd.ErrBudget), errors.Is(context.Cause(ctx), errMaxTime):
		return nil // a budget is a clean stop
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("interrupted: %s holds the best result so far (partial); run the same command again to go on", p.out)
	case errors.Is(err, hdd.ErrFlaky) && testChanged(spec, from.rec):
		return fmt.Errorf("the test %s changed during the run, or went: %s holds the best result by the test as it was; run hdd again", spec.exe, p.out)
	}
	return err
}

// testChanged reports whether the test is no longer the one the record
// rec names: its file changed or went.
func testChanged(spec testSpec, rec *record) bool {
	_, h, err := spec.identity()
	return err != nil || h != rec.TestHash
}

// A beginning is where a reduction starts: the input, or an earlier result of
// the same input and test found in the output.
type beginning struct {
	text         []byte
	doc          *grammars.Doc // the parsed text, nil when it is the input's
	name         string        // the file it comes from
	originalSize int           // the size of the original input
	original     []byte        // the original input, for a folder's summary; nil for a file
	rec          *record       // the output's record to be
	outHash      string        // the hash of the output's text if it is ours, else ""
	perm         fs.FileMode   // the output's permissions
	// asideWhy, if set, says why the output is not a result of this input
	// and test: it is kept aside before the first result is written, so a
	// run that ends before that (its test wrong, say) leaves it in place.
	asideWhy string
}

// origin decides where the reduction starts. It goes on from the output
// only when the output's record shows that it is a result of this same
// input and test; an output that is not is kept aside under a numbered
// name when the first result is written, never overwritten. With -in-place it keeps the original in
// INPUT.orig, and an earlier original that is not this input's aside.
func origin(ctx context.Context, test testSpec, p *plan, o options, f *grammars.Format, src []byte, newPerm fs.FileMode, logf, warnf func(string, ...any)) (*beginning, error) {
	testName, testHash, err := test.identity()
	if err != nil {
		return nil, err
	}
	absInput, _ := filepath.Abs(p.input)
	rec := &record{Version: recordVersion, Input: absInput, InputHash: hashBytes(src), Test: testName, TestHash: testHash,
		Format: f.Name, Flags: searchFlags(o)}
	s := &beginning{text: src, name: p.input, originalSize: len(src), rec: rec, perm: newPerm}
	if p.folder {
		s.original = src
	}
	if o.inPlace {
		return s, inPlaceOrigin(ctx, s, p, o, f, src, logf, warnf)
	}

	var prev []byte
	var why, h string
	info, statErr := os.Stat(p.out)
	if statErr == nil && !p.folder && info.Size() > 2*int64(len(src))+4096 {
		why = "it is much larger than the input" // and not read: it may be huge
	} else {
		prev, err = readOutput(p, o)
		if errors.Is(err, fs.ErrNotExist) {
			return s, nil
		}
		if err != nil && !errors.Is(err, errNotFolder) {
			return nil, fmt.Errorf("cannot read the earlier output: %w", err)
		}
		h = hashBytes(prev)
		why = readRecord(p.record).provenance(rec, h)
		if errors.Is(err, errNotFolder) {
			why = "it is not a folder of files, folders and links within it"
		}
	}
	if why != "" {
		s.asideWhy = why
		logf("%s is not a result of this input and test (%s): the reduction starts from %s, and %s is kept aside before the first result is written",
			p.out, why, p.input, p.out)
		return s, nil
	}
	s.outHash = h
	if statErr == nil {
		s.perm = archive.Bits(info.Mode())
	}
	switch {
	case o.fresh:
		logf("-fresh: starting from %s; the earlier result in %s will be replaced", p.input, p.out)
	case len(prev) >= len(src):
		// Nothing to go on from.
	default:
		doc, err := f.Parse(ctx, prev)
		if err != nil {
			warnf("the earlier result in %s does not parse (%v); starting from %s", p.out, err, p.input)
			break
		}
		s.text, s.doc, s.name = prev, doc, p.out
		logf("going on from the earlier result in %s (%s, made from this input by this test; the input has %s); -fresh starts over",
			p.out, size(prev, p.folder), inputSize(src, p.folder))
	}
	return s, nil
}

// inPlaceOrigin is origin for -in-place: INPUT.orig must hold the original
// of the text in INPUT.
func inPlaceOrigin(ctx context.Context, s *beginning, p *plan, o options, f *grammars.Format, src []byte, logf, warnf func(string, ...any)) error {
	info, err := os.Stat(p.out)
	if err != nil {
		return fmt.Errorf("cannot read the input: %w", err)
	}
	s.perm = archive.Bits(info.Mode()) // setuid, setgid and sticky too
	s.outHash = s.rec.InputHash
	var orig []byte
	if p.folder {
		orig, err = readOutputFolder(p.backup, int64(o.maxSize))
	} else {
		orig, err = os.ReadFile(p.backup)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return backup(p, src, info)
	case err != nil && !errors.Is(err, errNotFolder):
		return fmt.Errorf("cannot read %s: %w", p.backup, err)
	case err == nil && bytes.Equal(orig, src):
		return nil // the original itself: start from it
	}
	want := *s.rec
	want.InputHash = hashBytes(orig)
	why := readRecord(p.record).provenance(&want, s.rec.InputHash)
	if errors.Is(err, errNotFolder) {
		why = "it is not a folder of files, folders and links within it"
	}
	if why == "" {
		s.rec.InputHash, s.originalSize = want.InputHash, len(orig)
		if p.folder {
			s.original = orig
		}
		if o.fresh {
			// The input's tree is of the earlier result: the original
			// gets its own.
			doc, err := f.Parse(ctx, orig)
			if err != nil {
				return fmt.Errorf("cannot start over from the original in %s: it does not parse: %w", p.backup, err)
			}
			s.text, s.doc, s.name = orig, doc, p.backup
			logf("-fresh: starting over from the original in %s", p.backup)
			return nil
		}
		logf("%s holds the original (%s): going on from %s (%s), an earlier result of it; -fresh starts over",
			p.backup, size(orig, p.folder), p.input, size(src, p.folder))
		return nil
	}
	aside, err := keepAside(p.backup)
	if err != nil {
		return err
	}
	warnf("%s held the original of another input (%s is not a result of it: %s); that original is kept as %s, and %s now keeps this input",
		p.backup, p.input, why, aside, p.backup)
	return backup(p, src, info)
}

// readOutput reads the earlier output of plan p: a file, or a folder's
// archive (errNotFolder when it is not a folder hdd could have written).
func readOutput(p *plan, o options) ([]byte, error) {
	if p.folder {
		return readOutputFolder(p.out, int64(o.maxSize))
	}
	return os.ReadFile(p.out)
}

// backup writes the original input to p.backup before an in-place
// reduction, with the permissions (and, where it may, the owner) of the
// input, which info describes.
func backup(p *plan, src []byte, info fs.FileInfo) error {
	perm := archive.Bits(info.Mode())
	if p.folder {
		if err := writeFolderNew(p.backup, src, perm); err != nil {
			return fmt.Errorf("cannot keep a copy of the input: %w", err)
		}
		return nil
	}
	path := p.backup
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("cannot keep a copy of the input: %w", err)
	}
	_, werr := f.Write(src)
	if werr == nil {
		werr = f.Chmod(perm) // whatever the umask
	}
	ownLike(f, info)
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(path)
		return fmt.Errorf("cannot keep a copy of the input: %w", err)
	}
	return nil
}

// searchFlags returns the flags that shape the search, for the record.
func searchFlags(o options) string {
	s := fmt.Sprintf("-algorithm %v -minimizer %v", o.algorithm, o.minimizer)
	for _, fl := range []struct {
		on   bool
		name string
	}{{o.noHoist, "-no-hoist"}, {o.noReplace, "-no-replace"}, {o.noShorten, "-no-shorten"}, {o.noTransform, "-no-transform"}, {o.noTidy, "-no-tidy"}} {
		if fl.on {
			s += " " + fl.name
		}
	}
	return s
}

// countNodes counts the nodes of t, separators aside, as the summary does.
func countNodes(t *tree.Tree) int {
	n := 0
	for i := range t.Nodes {
		if !t.Nodes[i].Is(tree.Sep) {
			n++
		}
	}
	return n
}

// errMaxTime is the cause of the context's end when -max-time is spent.
var errMaxTime = errors.New("the -max-time budget is spent")

// stopReason says why a reduction stopped early, or "" when it did not.
func stopReason(ctx context.Context, err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, hdd.ErrBudget):
		return "stopped by -max-tests"
	case errors.Is(context.Cause(ctx), errMaxTime):
		return "stopped by -max-time"
	case errors.Is(err, context.Canceled):
		return "interrupted"
	}
	return "stopped by an error"
}
