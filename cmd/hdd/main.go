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
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/formats"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/runner"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// hdd's heap is mostly the input, the tree and a few candidate
		// texts, which hold no pointers and cost a collection little:
		// collecting at 1.25 times the live heap instead of 2 keeps the
		// peak lower (2 MB of JSON: about 17 MB peak RSS instead of 19 at
		// 1.5 times) for no CPU time that shows.
		debug.SetGCPercent(25)
	}
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

// defaultAlgorithm and defaultMinimizer are used without -algorithm and
// -minimizer.
const (
	defaultAlgorithm = hdd.HDDStar
	defaultMinimizer = minimize.DDMinBlocks
)

// options are the command-line settings.
type options struct {
	out            string
	inPlace        bool
	fresh          bool
	algorithm      hdd.Algorithm
	minimizer      minimize.Algorithm
	noHoist        bool
	noReplace      bool
	noShorten      bool
	noTidy         bool
	noTransform    bool
	timeout        time.Duration
	format         string
	jobs           int
	repeat         int
	alsoCode       int
	findings       string
	maxTests       int
	maxTime        time.Duration
	maxSize        int64
	statsJSON      string
	verbose, quiet bool
	dumpTree       bool
	cpuProfile     string
	memProfile     string
}

// defaultMaxSize is the largest input hdd reads without -max-size.
const defaultMaxSize = 256 << 20

// run is main without os.Exit, so deferred calls run and tests can call it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hdd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: hdd [flags] TEST INPUT\n       hdd -dump-tree [-format F] INPUT\n\n"+
			"Reduces INPUT to a smaller file that TEST still finds interesting (TEST CANDIDATE exits 0).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	o := options{algorithm: defaultAlgorithm, minimizer: defaultMinimizer, alsoCode: -1}
	fs.StringVar(&o.out, "o", "", "write the result to `file` (default: INPUT with .reduced before its extension)")
	fs.BoolVar(&o.inPlace, "in-place", false, "overwrite INPUT with the result, keeping the original as INPUT.orig")
	fs.BoolVar(&o.fresh, "fresh", false, "start from INPUT even when the output holds an earlier, partial result")
	fs.Var(&o.algorithm, "algorithm", "search `algorithm` (default hdd*): hdd, hdd+, hdd* or ddmin (line-based baseline)")
	fs.Var(&o.minimizer, "minimizer", "list minimizer run over each level (default ddmin-blocks): "+strings.Join(minimizerNames(), ", "))
	fs.BoolVar(&o.noHoist, "no-hoist", false, "do not replace nodes by nested nodes of the same kind")
	fs.BoolVar(&o.noReplace, "no-replace", false, "do not replace nodes that cannot vanish by their minimal forms ({}, 0, \"\")")
	fs.BoolVar(&o.noShorten, "no-shorten", false, "do not cut texts and strings down character by character")
	fs.BoolVar(&o.noTidy, "no-tidy", false, "do not tidy the result (blank lines, trailing blanks, compact JSON and XML, C indentation)")
	fs.BoolVar(&o.noTransform, "no-transform", false, "do not try format-specific edits (C macro expansion, block unwrapping and type simplification; XML element unwrapping)")
	fs.DurationVar(&o.timeout, "timeout", 0, "kill a test run after `d` and count it as not interesting (default: 10 times the first run, at least 5s)")
	fs.StringVar(&o.format, "format", "", "input `format`: "+strings.Join(formats.Names(), ", ")+" (default: from the file name)")
	fs.IntVar(&o.jobs, "j", runtime.NumCPU(), "run up to `n` tests at once (the result is the same for every n)")
	fs.IntVar(&o.repeat, "repeat", 1, "run the test up to `n` times per candidate; interesting only if every run is (for flaky tests)")
	fs.IntVar(&o.alsoCode, "also-interesting", -1, "save candidates on which the test exits with `status` to the findings folder, and go on")
	fs.StringVar(&o.findings, "findings", "", "the findings `folder` for -also-interesting (default: the output's name plus .findings)")
	fs.IntVar(&o.maxTests, "max-tests", 0, "stop after `n` test runs with the best result so far (0: no limit)")
	fs.DurationVar(&o.maxTime, "max-time", 0, "stop after `d` with the best result so far (0: no limit)")
	fs.Int64Var(&o.maxSize, "max-size", defaultMaxSize, "refuse inputs larger than `bytes`")
	fs.StringVar(&o.statsJSON, "stats-json", "", "write the run's statistics as JSON to `file`")
	fs.BoolVar(&o.verbose, "v", false, "log each level and phase")
	fs.BoolVar(&o.quiet, "q", false, "print nothing but errors")
	fs.BoolVar(&o.dumpTree, "dump-tree", false, "print the parsed tree of INPUT and exit")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of hdd's own work to `file` (for go tool pprof)")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a profile of hdd's memory allocations to `file` at the end (for go tool pprof)")
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
		return dumpTree(ctx, fs.Arg(0), o, stdout, stderr)
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "hdd: cannot write the CPU profile: %v\n", err)
			return exitFailure
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "hdd: cannot write the CPU profile: %v\n", err)
			return exitFailure
		}
		defer pprof.StopCPUProfile()
	}
	if o.memProfile != "" {
		runtime.MemProfileRate = 1 // every allocation, not a sample
	}
	err := reduce(ctx, fs.Arg(0), fs.Arg(1), o, stderr)
	if o.memProfile != "" {
		if perr := writeHeapProfile(o.memProfile); perr != nil {
			fmt.Fprintf(stderr, "hdd: cannot write the memory profile: %v\n", perr)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "hdd: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// writeHeapProfile writes the allocations so far to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func minimizerNames() []string {
	var names []string
	for _, m := range minimize.All() {
		names = append(names, m.String())
	}
	return names
}

// load reads and parses the input.
func load(ctx context.Context, path, format string, maxSize int64) ([]byte, *grammars.Doc, *grammars.Format, error) {
	src, f, err := readInput(path, format, maxSize)
	if err != nil {
		return nil, nil, nil, err
	}
	doc, err := parseInput(ctx, path, f, src)
	return src, doc, f, err
}

// readInput reads the input and picks its format.
func readInput(path, format string, maxSize int64) ([]byte, *grammars.Format, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read the input: %w", err)
	}
	if info.IsDir() {
		return nil, nil, fmt.Errorf("the input %s is a directory, not a file", path)
	}
	if !info.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("the input %s is not a regular file", path)
	}
	if info.Size() > maxSize {
		return nil, nil, fmt.Errorf("the input %s has %d MB, more than the %d MB hdd reads (raise -max-size to try anyway)", path, info.Size()>>20, maxSize>>20)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read the input: %w", err)
	}
	f, err := formats.For(path, src, format)
	if errors.Is(err, formats.ErrUnknown) {
		return nil, nil, fmt.Errorf("%w; use -format with one of %s", err, strings.Join(formats.Names(), ", "))
	}
	if err != nil {
		return nil, nil, err
	}
	return src, f, nil
}

// parseInput parses the input read from path.
func parseInput(ctx context.Context, path string, f *grammars.Format, src []byte) (*grammars.Doc, error) {
	doc, err := f.Parse(ctx, src)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("interrupted while parsing %s: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("%s: not valid %s: %w", path, f.Name, err)
	}
	return doc, nil
}

func dumpTree(ctx context.Context, path string, o options, stdout, stderr io.Writer) int {
	_, doc, f, err := load(ctx, path, o.format, o.maxSize)
	if err != nil {
		fmt.Fprintf(stderr, "hdd: %v\n", err)
		return exitFailure
	}
	for _, w := range doc.Warnings {
		fmt.Fprintf(stderr, "hdd: warning: %s\n", w)
	}
	fmt.Fprintf(stdout, "# %s: format %s, %d nodes, height %d\n", path, f.Name, doc.Tree.Len(), doc.Tree.MaxDepth())
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

func notInteresting(v runner.Verdict, testPath, input string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: %v\n", hdd.ErrNotInteresting, v)
	if out := strings.TrimSpace(string(v.Output)); out != "" {
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

func summary(w io.Writer, input, out string, original int, res *hdd.Result, timeouts int, stop string) {
	st := res.Stats
	pct := 0.0
	if original > 0 {
		pct = 100 * (1 - float64(st.BytesAfter)/float64(original))
	}
	state := "reduced"
	if stop != "" {
		state = "partially reduced (" + stop + ")"
	}
	fmt.Fprintf(w, "hdd: %s %s: %d -> %d bytes (%.1f%% smaller), %d -> %d nodes\n",
		state, input, original, st.BytesAfter, pct, st.NodesBefore, st.NodesAfter)
	fmt.Fprintf(w, "hdd: %d test runs (%d timed out), %d cache hits, %d malformed candidates skipped; %v in all, tests running %v of it; hdd's own CPU %v\n",
		st.Tests, timeouts, st.CacheHits, st.Rejected, st.Elapsed.Round(time.Millisecond), st.TestWall.Round(time.Millisecond), ownCPU().Round(time.Millisecond))
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
	TestSeconds float64 `json:"test_seconds"` // summed over parallel runs
	// TestWallSeconds is the wall time during which at least one test ran;
	// the rest of the wall time is hdd's own.
	TestWallSeconds float64 `json:"test_wall_seconds"`
	Seconds         float64 `json:"seconds"`
	// OwnCPUSeconds is hdd's own CPU time (parsing, rendering, checking,
	// hashing, writing files), without the tests it ran.
	OwnCPUSeconds float64 `json:"own_cpu_seconds"`
}

func writeStats(path, input, out string, alg hdd.Algorithm, res *hdd.Result, timeouts int, partial bool) error {
	st := res.Stats
	b, err := json.MarshalIndent(Stats{
		Input: input, Output: out, Algorithm: alg.String(), Partial: partial,
		Tests: st.Tests, CacheHits: st.CacheHits, Rejected: st.Rejected, Timeouts: timeouts,
		BytesBefore: st.BytesBefore, BytesAfter: st.BytesAfter, NodesBefore: st.NodesBefore, NodesAfter: st.NodesAfter,
		TestSeconds: st.TestTime.Seconds(), TestWallSeconds: st.TestWall.Seconds(), Seconds: st.Elapsed.Seconds(),
		OwnCPUSeconds: ownCPU().Seconds(),
	}, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'))
}
