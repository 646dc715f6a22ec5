package main

import (
	"context"
	"errors"
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

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/formats"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/minimize"
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
	// Closing the terminal (SIGHUP) and Ctrl-\ (SIGQUIT) stop hdd as
	// Ctrl-C does: the tests are stopped and the best result is kept.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	// A closed standard error (hdd ... 2>&1 | head) must not kill hdd
	// halfway: with SIGPIPE caught, the write fails and hdd goes on. A
	// handler, unlike an ignored signal, is not inherited by the tests.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
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

// run is main without os.Exit, so deferred calls run and tests can call it.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, pos, err := parseArgs(args)
	switch {
	case errors.Is(err, errHelp):
		printHelp(stdout)
		return exitOK
	case errors.Is(err, errVersion):
		fmt.Fprintln(stdout, version())
		return exitOK
	case err != nil:
		fmt.Fprintf(stderr, "hdd: %v\n", err)
		return exitUsage
	}
	con := newConsole(stderr)
	if err := start(ctx, o, pos, stdout, con); err != nil {
		con.printf("%v", err)
		return exitFailure
	}
	return exitOK
}

// start checks the files of the run, starts the profiles and runs the job.
func start(ctx context.Context, o options, pos []string, stdout io.Writer, con *console) error {
	var input string
	var test testSpec
	switch {
	case o.dumpTree:
		input = pos[0]
	case o.command != "":
		input = pos[0]
		test = commandTest(o.command)
	default:
		// The test must not be an output: resolve it as the runner will.
		var err error
		if test, err = executableTest(pos[0]); err != nil {
			return err
		}
		input = pos[1]
	}
	p, err := makePlan(test.file(), input, o)
	if err != nil {
		return err
	}
	// Written at the end: a long run must not find out then.
	for _, f := range []file{{"-stats-json", o.statsJSON}, {"-memprofile", o.memProfile}} {
		if f.path != "" {
			if _, err := probeWritable(f.what, f.path); err != nil {
				return err
			}
		}
	}
	if p.findings != "" {
		if err := probeFolder("the findings folder", p.findings); err != nil {
			return err
		}
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return fmt.Errorf("cannot write the CPU profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("cannot write the CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if o.memProfile != "" {
		runtime.MemProfileRate = 1 // every allocation, not a sample
		defer func() {
			if err := writeHeapProfile(o.memProfile); err != nil {
				con.printf("cannot write the memory profile: %v", err)
			}
		}()
	}
	if o.dumpTree {
		return dumpTree(ctx, input, o, stdout, con)
	}
	return reduce(ctx, test, p, o, con)
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
		return readFolder(path, format, maxSize)
	}
	if !info.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("the input %s is not a regular file", path)
	}
	if info.Size() > maxSize {
		return nil, nil, fmt.Errorf("the input %s has %s, more than the %s hdd reads (raise -max-size to try anyway)", path, mb(info.Size()), mb(maxSize))
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
	case err == nil:
		return doc, nil
	case ctx.Err() != nil:
		return nil, fmt.Errorf("interrupted while parsing %s", path)
	}
	if errors.Is(err, grammars.ErrEmpty) || errors.Is(err, grammars.ErrBinary) {
		return nil, fmt.Errorf("%s: %w", path, err) // whatever the format
	}
	hint := ""
	if f.Name != "lines" && grammars.CheckText(src) == nil { // lines reads it
		hint = " (-format lines reduces any text line by line)"
	}
	return nil, fmt.Errorf("%s: not valid %s: %w%s", path, f.Name, err, hint)
}

func dumpTree(ctx context.Context, path string, o options, stdout io.Writer, con *console) error {
	_, doc, f, err := load(ctx, path, o.format, int64(o.maxSize))
	if err != nil {
		return err
	}
	for _, w := range doc.Warnings {
		con.printf("warning: %s: %s", path, w)
	}
	for _, n := range doc.Notes {
		con.printf("%s: %s", path, n)
	}
	fmt.Fprintf(stdout, "# %s: format %s, %s, height %d\n", path, f.Name, grammars.Plural(doc.Tree.Len(), "node"), doc.Tree.MaxDepth())
	if err := doc.Tree.Dump(stdout); !errors.Is(err, syscall.EPIPE) {
		return err
	}
	return nil // the reader stopped reading (hdd -dump-tree FILE | head)
}

// shellQuote quotes s for sh: as it is when it holds only characters sh
// leaves alone, else in single quotes.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == '+' || r == ',' || r == ':' || r == '=' || r == '@' ||
			r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// reproduce returns a command that, pasted into sh, runs the test on the
// file at path as hdd does: a copy with the same name in a fresh
// directory, which is the working directory, then prints the exit status.
func reproduce(test testSpec, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	name := shellQuote(filepath.Base(path))
	return fmt.Sprintf(`d=$(mktemp -d) && cp %s "$d"/%s && (cd "$d" && %s "$d"/%s; echo "exit status $?")`,
		shellQuote(abs), name, test.shell(), name)
}
