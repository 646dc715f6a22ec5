package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/lines"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/runner"
)

// reduce is the main job: reduce input with the test at testPath.
func reduce(ctx context.Context, testPath, input string, o options, stderr io.Writer) error {
	terminal := isTerminal(stderr)
	stderr = &syncWriter{w: stderr} // the checks of the original log from their own goroutine
	logf := func(format string, args ...any) {
		if !o.quiet {
			fmt.Fprintf(stderr, "hdd: "+format+"\n", args...)
		}
	}
	warnf := func(format string, args ...any) { fmt.Fprintf(stderr, "hdd: warning: "+format+"\n", args...) }
	if o.algorithm == hdd.PlainDDMin && o.format == "" {
		o.format = lines.Format.Name
	}
	src, f, err := readInput(input, o.format, o.maxSize)
	if err != nil {
		return err
	}
	// Only the size is used after the search starts: the input's bytes can
	// go once the search has a smaller text and a tree of its own.
	size := len(src)
	// The input is parsed while the checks below and the first test runs
	// of the original go on: the parse of a large input takes about as long
	// as a test run.
	type parseResult struct {
		doc *grammars.Doc
		err error
	}
	parsed := make(chan parseResult, 1)
	go func() {
		doc, err := parseInput(ctx, input, f, src)
		parsed <- parseResult{doc, err}
	}()

	out := o.out
	switch {
	case o.inPlace && out != "":
		return errors.New("-in-place and -o exclude each other")
	case o.inPlace:
		out = input
	case out == "":
		out = reducedPath(input)
	}
	if same, _ := samePath(out, input); same && !o.inPlace {
		return fmt.Errorf("the output %s is the input; use -in-place to overwrite the input", out)
	}
	if err := checkWritable(out); err != nil {
		return err
	}
	release, err := lockOutput(out)
	if err != nil {
		return err
	}
	defer release()
	test := &runner.Command{Path: testPath, Name: filepath.Base(input), Timeout: o.timeout}
	if err := test.Check(); err != nil {
		return err
	}
	if o.timeout == 0 {
		test.Timeout = 10 * time.Minute // for the first run, until calibrated
	}
	var tester runner.Tester = test
	if o.alsoCode >= 0 {
		dir := o.findings
		if dir == "" {
			dir = out + ".findings"
		}
		tester = &runner.Findings{Tester: test, Code: o.alsoCode, Dir: dir, Name: filepath.Base(input),
			Saved:  func(p string) { logf("side finding (exit %d) saved as %s", o.alsoCode, p) },
			Failed: func(err error) { warnf("%v", err) }}
	}
	// The oracle keeps the first verdict (the original's, to say why it
	// is not interesting) and counts the timeouts.
	oracle := &runner.Oracle{Tester: tester}

	// Go on from an earlier, partial result in the output, if there is one.
	var start *grammars.Doc // nil: the input
	startName, startText := input, src
	if !o.inPlace && !o.fresh {
		if prev, perr := os.ReadFile(out); perr == nil && len(prev) < len(src) {
			if pdoc, perr := f.Parse(ctx, prev); perr == nil {
				start, startName, startText = pdoc, out, prev
				logf("going on from the earlier result in %s (%d bytes; the input has %d); -fresh starts over", out, len(prev), len(src))
			} else {
				warnf("the earlier result in %s does not parse (%v); starting from %s", out, perr, input)
			}
		}
	}

	if o.maxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, o.maxTime, errMaxTime)
		defer cancel()
	}
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
				test.Timeout = min(max(10*first, 5*time.Second), time.Hour)
				if o.verbose {
					logf("the original takes %v per test run; timeout %v", first.Round(time.Millisecond), test.Timeout)
				}
			}
		},
		Warn: func(w error) {
			if errors.Is(w, hdd.ErrFlaky) {
				warnf("%v; consider -repeat", w)
				return
			}
			warnf("%v", w)
		},
	}
	r.NoTransform, r.NoTidy = o.noTransform, o.noTidy
	var writeErr error
	r.Improved = func(best []byte) {
		if err := writeAtomic(out, best); err != nil && writeErr == nil {
			writeErr = err
			warnf("cannot write the result: %v", err)
		}
	}
	var status *statusLine
	var showStatus atomic.Bool // set once the lines before the status line are out
	if !o.quiet && terminal {
		status = newStatusLine(stderr, size)
		r.Progress = func(p hdd.Progress) {
			if showStatus.Load() {
				status.update(p)
			}
		}
	}
	if o.verbose || !o.quiet && !terminal {
		r.Log = func(m string) { logf("%s", m) }
	}

	// Test the original while the input is parsed.
	type preResult struct {
		pre *hdd.Checked
		err error
	}
	preCtx, cancelPre := context.WithCancel(ctx)
	defer cancelPre()
	checked := make(chan preResult, 1)
	go func() {
		pre, err := r.Preflight(preCtx, startText)
		checked <- preResult{pre, err}
	}()
	p := <-parsed
	if p.err != nil {
		cancelPre()
		<-checked
		return p.err
	}
	doc := p.doc
	for _, w := range doc.Warnings {
		warnf("%s", w)
	}
	if start == nil {
		start = doc
	}
	if o.inPlace {
		resumed, err := backup(input, src)
		if err != nil {
			cancelPre()
			<-checked
			return err
		}
		if resumed {
			logf("%s.orig holds the original: going on from %s (%d bytes)", input, input, len(src))
		}
	}
	logf("reducing %s (%s, %d bytes, %d nodes) with %v and %v, %d jobs", startName, f.Name, len(start.Tree.Src), start.Tree.Len(), o.algorithm, o.minimizer, max(o.jobs, 1))
	showStatus.Store(true)

	pr := <-checked
	var res *hdd.Result
	err = pr.err
	if errors.Is(err, hdd.ErrNotInteresting) && start != doc {
		first, _ := oracle.First()
		warnf("the earlier result in %s is not interesting any more (exit %d); starting from %s", out, first.Exit, input)
		start = doc
		oracle = &runner.Oracle{Tester: tester} // whose first verdict is the input's
		r.Oracle = oracle
		pr.pre, err = r.Preflight(ctx, src)
	}
	if err == nil {
		policy := start.Policy
		if start != doc {
			// Going on from an earlier result: the tidies are still the
			// input's (C re-indents with the input's indent unit).
			p := *start.Policy
			p.Tidies = doc.Policy.Tidies
			policy = &p
		}
		res, err = r.ReduceChecked(ctx, start.Tree, policy, pr.pre)
	}
	if status != nil {
		status.finish()
	}
	if errors.Is(err, hdd.ErrNotInteresting) {
		first, _ := oracle.First()
		return notInteresting(first, testPath, input)
	}
	if res == nil {
		return err
	}
	if werr := writeAtomic(out, res.Output); werr != nil {
		return fmt.Errorf("cannot write the result: %w", werr)
	}
	stop := stopReason(ctx, err)
	if !o.quiet {
		summary(stderr, input, out, size, res, oracle.Timeouts(), stop)
	}
	if o.statsJSON != "" {
		if jerr := writeStats(o.statsJSON, input, out, o.algorithm, res, oracle.Timeouts(), stop != ""); jerr != nil {
			warnf("cannot write statistics: %v", jerr)
		}
	}
	switch {
	case err == nil:
		return writeErr
	case errors.Is(err, hdd.ErrBudget), errors.Is(context.Cause(ctx), errMaxTime):
		return writeErr // a budget is a clean stop
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("interrupted: %s holds the best result so far (partial); run the same command again to go on", out)
	}
	return err
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

// A syncWriter serializes the writes to w.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
