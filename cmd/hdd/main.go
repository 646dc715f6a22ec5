package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/formats"
	"github.com/hddreduce/hdd/grammars/lines"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/runner"
	"github.com/hddreduce/hdd/unparse"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1 // not interesting, test error, interrupted
	exitUsage   = 2
)

// defaultAlgorithm is the algorithm used without -algorithm.
const defaultAlgorithm = hdd.HDDStar

// options are the command-line settings.
type options struct {
	out       string
	inPlace   bool
	algorithm hdd.Algorithm
	minimizer hdd.Minimizer
	noHoist   bool
	timeout   time.Duration
	format    string
	jobs      int
	statsJSON string
	verbose   bool
	dumpTree  bool
}

// run is main without os.Exit, so deferred calls run and tests can call it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hdd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: hdd [flags] TEST INPUT\n       hdd -dump-tree [-format F] INPUT\n\n"+
			"Reduces INPUT to a smaller file that TEST still finds interesting (TEST CANDIDATE exits 0).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	o := options{algorithm: defaultAlgorithm}
	fs.StringVar(&o.out, "o", "", "write the result to `file` (default: INPUT with .reduced before its extension)")
	fs.BoolVar(&o.inPlace, "in-place", false, "overwrite INPUT with the result, keeping the original as INPUT.orig")
	fs.Var(&o.algorithm, "algorithm", "search `algorithm`: hdd, hdd+, hdd* or ddmin (line-based baseline)")
	fs.DurationVar(&o.timeout, "timeout", 0, "kill a test run after `d` and count it as not interesting (default: 10 times the first run, at least 5s)")
	fs.StringVar(&o.format, "format", "", "input `format`: "+strings.Join(formats.Names(), ", ")+" (default: from the file name)")
	fs.Var(&o.minimizer, "minimizer", "list minimizer run over each level: ddmin, greedy, adaptive or lithium")
	fs.BoolVar(&o.noHoist, "no-hoist", false, "do not replace nodes by nested nodes of the same kind")
	fs.IntVar(&o.jobs, "j", runtime.NumCPU(), "run up to `n` tests at once (the result is the same for every n)")
	fs.StringVar(&o.statsJSON, "stats-json", "", "write the run's statistics as JSON to `file`")
	fs.BoolVar(&o.verbose, "v", false, "log each level and phase")
	fs.BoolVar(&o.dumpTree, "dump-tree", false, "print the parsed tree of INPUT and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if o.dumpTree {
		if fs.NArg() != 1 {
			fmt.Fprintln(stderr, "hdd: -dump-tree takes one INPUT file")
			return exitUsage
		}
		return dumpTree(fs.Arg(0), o.format, stdout, stderr)
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	if err := reduce(ctx, fs.Arg(0), fs.Arg(1), o, stderr); err != nil {
		fmt.Fprintf(stderr, "hdd: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// load reads and parses the input.
func load(path, format string) ([]byte, *grammars.Doc, *grammars.Format, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("cannot read the input: %w", err)
	}
	if info.IsDir() {
		return nil, nil, nil, fmt.Errorf("the input %s is a directory, not a file", path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("cannot read the input: %w", err)
	}
	f, err := formats.For(path, src, format)
	if err != nil {
		return nil, nil, nil, err
	}
	doc, err := f.Parse(src)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: not valid %s: %w", path, f.Name, err)
	}
	return src, doc, f, nil
}

func dumpTree(path, format string, stdout, stderr io.Writer) int {
	_, doc, f, err := load(path, format)
	if err != nil {
		fmt.Fprintf(stderr, "hdd: %v\n", err)
		return exitFailure
	}
	for _, w := range doc.Warnings {
		fmt.Fprintf(stderr, "hdd: warning: %s\n", w)
	}
	fmt.Fprintf(stdout, "# %s: format %s, %d nodes, height %d\n", path, f.Name, doc.Tree.Len(), doc.Tree.Height())
	if err := doc.Tree.Dump(stdout); err != nil {
		fmt.Fprintf(stderr, "hdd: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// reducedPath is the default output path: dir/name.reduced.ext.
func reducedPath(input string) string {
	ext := filepath.Ext(input)
	return strings.TrimSuffix(input, ext) + ".reduced" + ext
}

func reduce(ctx context.Context, testPath, input string, o options, stderr io.Writer) error {
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "hdd: "+format+"\n", args...) }
	if o.algorithm == hdd.PlainDDMin && o.format == "" {
		o.format = lines.Format.Name
	}
	src, doc, f, err := load(input, o.format)
	if err != nil {
		return err
	}
	for _, w := range doc.Warnings {
		logf("warning: %s", w)
	}

	out := o.out
	switch {
	case o.inPlace && out != "":
		return errors.New("-in-place and -o exclude each other")
	case o.inPlace:
		out = input
		if err := backup(input, src); err != nil {
			return err
		}
	case out == "":
		out = reducedPath(input)
	}
	if same, _ := samePath(out, input); same && !o.inPlace {
		return fmt.Errorf("the output %s is the input; use -in-place to overwrite the input", out)
	}
	if err := checkWritable(out); err != nil {
		return err
	}

	test := &runner.Command{Path: testPath, Name: filepath.Base(input), Timeout: o.timeout}
	if err := test.Check(); err != nil {
		return err
	}
	if o.timeout == 0 {
		test.Timeout = 10 * time.Minute // for the first run, until calibrated
	}
	r := hdd.Reducer{
		Oracle:    test,
		Algorithm: o.algorithm,
		Minimizer: o.minimizer,
		Jobs:      o.jobs,
		NoHoist:   o.noHoist,
		Render:    unparse.Text,
		Check:     doc.Check,
		Calibrate: func(first time.Duration) {
			if o.timeout == 0 {
				test.Timeout = min(max(10*first, 5*time.Second), time.Hour)
				if o.verbose {
					logf("the original takes %v per test run; timeout %v", first.Round(time.Millisecond), test.Timeout)
				}
			}
		},
		Warn: func(m string) { logf("warning: %s", m) },
	}
	var writeErr error
	r.Improved = func(best []byte) {
		if err := writeAtomic(out, best); err != nil && writeErr == nil {
			writeErr = err
			logf("cannot write the result: %v", err)
		}
	}
	if o.verbose {
		r.Log = func(m string) { logf("%s", m) }
	}
	logf("reducing %s (%s, %d bytes, %d nodes) with %v and %v, %d jobs", input, f.Name, len(src), doc.Tree.Len(), o.algorithm, o.minimizer, max(o.jobs, 1))
	res, err := r.Reduce(ctx, doc.Tree)
	if err != nil {
		var ni *hdd.NotInterestingError
		if errors.As(err, &ni) {
			return notInteresting(ni, testPath, input)
		}
	}
	if res == nil {
		return err
	}
	partial := err != nil
	if werr := writeAtomic(out, res.Output); werr != nil {
		return fmt.Errorf("cannot write the result: %w", werr)
	}
	summary(stderr, input, out, res, partial)
	if o.statsJSON != "" {
		if jerr := writeStats(o.statsJSON, input, out, o.algorithm, res, partial); jerr != nil {
			logf("cannot write statistics: %v", jerr)
		}
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("interrupted: %s holds the best result so far (partial)", out)
		}
		return err
	}
	return writeErr
}

func notInteresting(ni *hdd.NotInterestingError, testPath, input string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%v\n", ni)
	if out := strings.TrimSpace(string(ni.Verdict.Output)); out != "" {
		lines := strings.Split(out, "\n")
		if len(lines) > 10 {
			lines = lines[len(lines)-10:]
		}
		fmt.Fprintf(&b, "hdd: the test's last output:\n")
		for _, l := range lines {
			fmt.Fprintf(&b, "hdd:   %s\n", l)
		}
	}
	name := filepath.Base(input)
	fmt.Fprintf(&b, "hdd: to reproduce: d=$(mktemp -d) && cp %s \"$d/%s\" && (cd \"$d\" && %s \"$d/%s\"; echo \"exit status $?\")",
		shellQuote(input), name, shellQuote(testPath), name)
	return errors.New(b.String())
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func summary(w io.Writer, input, out string, res *hdd.Result, partial bool) {
	st := res.Stats
	pct := 0.0
	if st.BytesBefore > 0 {
		pct = 100 * (1 - float64(st.BytesAfter)/float64(st.BytesBefore))
	}
	state := "reduced"
	if partial {
		state = "partially reduced (interrupted)"
	}
	fmt.Fprintf(w, "hdd: %s %s: %d -> %d bytes (%.1f%% smaller), %d -> %d nodes\n",
		state, input, st.BytesBefore, st.BytesAfter, pct, st.NodesBefore, st.NodesAfter)
	fmt.Fprintf(w, "hdd: %d test runs (%d timed out), %d cache hits, %d malformed candidates skipped; test time %v, total %v, hdd's own CPU %v\n",
		st.Tests, st.Timeouts, st.CacheHits, st.Rejected, st.TestTime.Round(time.Millisecond), st.Elapsed.Round(time.Millisecond), ownCPU().Round(time.Millisecond))
	fmt.Fprintf(w, "hdd: result written to %s\n", out)
}

// Stats is the -stats-json document.
type Stats struct {
	Input       string  `json:"input"`
	Output      string  `json:"output"`
	Algorithm   string  `json:"algorithm"`
	Partial     bool    `json:"partial"`
	Tests       int     `json:"tests"`
	CacheHits   int     `json:"cache_hits"`
	Rejected    int     `json:"rejected"`
	Timeouts    int     `json:"timeouts"`
	BytesBefore int     `json:"bytes_before"`
	BytesAfter  int     `json:"bytes_after"`
	NodesBefore int     `json:"nodes_before"`
	NodesAfter  int     `json:"nodes_after"`
	TestSeconds float64 `json:"test_seconds"`
	Seconds     float64 `json:"seconds"`
	// OwnCPUSeconds is hdd's own CPU time (parsing, rendering, checking,
	// hashing, writing files), without the tests it ran.
	OwnCPUSeconds float64 `json:"own_cpu_seconds"`
}

func writeStats(path, input, out string, alg hdd.Algorithm, res *hdd.Result, partial bool) error {
	st := res.Stats
	b, err := json.MarshalIndent(Stats{
		Input: input, Output: out, Algorithm: alg.String(), Partial: partial,
		Tests: st.Tests, CacheHits: st.CacheHits, Rejected: st.Rejected, Timeouts: st.Timeouts,
		BytesBefore: st.BytesBefore, BytesAfter: st.BytesAfter, NodesBefore: st.NodesBefore, NodesAfter: st.NodesAfter,
		TestSeconds: st.TestTime.Seconds(), Seconds: st.Elapsed.Seconds(),
		OwnCPUSeconds: ownCPU().Seconds(),
	}, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'))
}
