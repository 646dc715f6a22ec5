package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/formats"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/minimize"
	"github.com/hddreduce/hdd/hdd/runner"
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
	alsoCode       exitStatus
	findings       string
	maxTests       int
	maxTime        time.Duration
	maxSize        byteSize
	statsJSON      string
	verbose, quiet bool
	dumpTree       bool
	version        bool
	cpuProfile     string
	memProfile     string
	launcher       string           // -launcher
	launcherArgs   string           // -launcher-args
	launch         *runner.Launcher // what they name; nil for local
	workdir        string
	command        string // -c
}

// defaultMaxSize is the largest input hdd reads without -max-size.
const defaultMaxSize = 256 << 20

// defaults returns the options without flags.
func defaults() options {
	return options{algorithm: defaultAlgorithm, minimizer: defaultMinimizer, maxSize: defaultMaxSize, launcher: "local"}
}

// errHelp and errVersion end the parsing of the arguments when -h or
// -version was given.
var (
	errHelp    = errors.New("help requested")
	errVersion = errors.New("version requested")
)

// A usageError is a mistake in the command line: a one-line message, exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// newFlagSet returns the flag set of the command, writing into o.
func newFlagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("hdd", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run prints the errors, in one line
	fs.Usage = func() {}
	fs.StringVar(&o.out, "o", "", "write the result to `file` (default: INPUT with .reduced before its extension)")
	fs.BoolVar(&o.inPlace, "in-place", false, "overwrite INPUT with the result, keeping the original as INPUT.orig")
	fs.BoolVar(&o.fresh, "fresh", false, "start from INPUT even when the output holds an earlier result of this input and test")
	fs.Var(&o.algorithm, "algorithm", "search `name`: hdd, hdd+, hdd* or ddmin (line-based baseline)")
	fs.Var(&o.minimizer, "minimizer", "list minimizer `name` run over each level: "+strings.Join(minimizerNames(), ", "))
	fs.BoolVar(&o.noHoist, "no-hoist", false, "do not replace nodes by nested nodes of the same kind")
	fs.BoolVar(&o.noReplace, "no-replace", false, "do not replace nodes that cannot vanish by their minimal forms ({}, 0, \"\")")
	fs.BoolVar(&o.noShorten, "no-shorten", false, "do not cut texts and strings down character by character")
	fs.BoolVar(&o.noTidy, "no-tidy", false, "do not tidy the result (blank lines, trailing blanks, compact JSON and XML, C indentation)")
	fs.BoolVar(&o.noTransform, "no-transform", false, "do not try format-specific edits (C macro expansion, block unwrapping and type simplification; XML element unwrapping)")
	fs.DurationVar(&o.timeout, "timeout", 0, "kill a test run after `duration` and count it as not interesting (default: 10 times the first run, 5s to 1h)")
	fs.StringVar(&o.format, "format", "", "input `format`: "+strings.Join(formats.Names(), ", ")+" (default: from the file name, else sniffed)")
	fs.IntVar(&o.jobs, "j", min(runtime.NumCPU(), maxJobs), "run up to `n` tests at once, by default one per CPU, at most 1024 (the same n gives the same result every time)")
	fs.IntVar(&o.repeat, "repeat", 1, "run the test up to `n` times per candidate; interesting only if every run is (for a test interesting by chance at times)")
	fs.Var(&o.alsoCode, "also-interesting", "save candidates on which the test exits with `status` (1 to 255) to the findings folder, and go on")
	fs.StringVar(&o.findings, "findings", "", "the findings `folder` for -also-interesting (default: the output's name plus .findings)")
	fs.IntVar(&o.maxTests, "max-tests", 0, "stop after `n` test runs with the best result so far (default: no limit)")
	fs.DurationVar(&o.maxTime, "max-time", 0, "stop after `duration` with the best result so far (default: no limit)")
	fs.Var(&o.maxSize, "max-size", "refuse inputs larger than `size` (bytes, or with a unit: 500KB, 1GB)")
	fs.StringVar(&o.statsJSON, "stats-json", "", "write the run's statistics as JSON to `file`")
	fs.BoolVar(&o.verbose, "v", false, "log each level and phase")
	fs.BoolVar(&o.quiet, "q", false, "print nothing but errors")
	fs.BoolVar(&o.dumpTree, "dump-tree", false, "print the parsed tree of INPUT and exit")
	fs.BoolVar(&o.version, "version", false, "print hdd's version and exit")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of hdd's own work to `file` (for go tool pprof)")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a profile of hdd's memory allocations to `file` at the end (for go tool pprof)")
	fs.StringVar(&o.launcher, "launcher", o.launcher, "run the tests `where`: local, slurm (each run a Slurm job, with srun) or 'exec: CMD ARGS' (runs CMD ARGS TEST CANDIDATE: ssh, a container, qrsh)")
	fs.StringVar(&o.launcherArgs, "launcher-args", "", "srun `options` for -launcher slurm, split as by sh: '-p debug --time=10'")
	fs.StringVar(&o.command, "c", "", "the test as a shell `command` line, in place of TEST: run by bash (sh where there is none) in the run directory, which holds the candidate under INPUT's name, with the candidate's path as $1: -c 'gcc -c crash.c 2>&1 | grep -q \"internal compiler error\"'")
	fs.StringVar(&o.workdir, "workdir", "", "make the tests' run directories in `folder` instead of $TMPDIR (for a cluster: a folder every node shares at the same path)")
	return fs
}

// parseArgs parses the command line into options and the positional
// arguments. Flags may come before, between or after the positional
// arguments (`hdd ./test.sh crash.c -o out.c`); after "--" everything is
// positional. It returns errHelp or errVersion when asked for those, and a
// *usageError for a mistake.
func parseArgs(args []string) (options, []string, error) {
	o := defaults()
	fs := newFlagSet(&o)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return o, nil, errHelp
			}
			return o, nil, usagef("%v", err)
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	if o.version {
		return o, pos, errVersion
	}
	return o, pos, o.validate(fs, pos)
}

// maxJobs is the most -j allows: more tests at once than any machine
// runs, whose scheduling alone would keep hdd busy for minutes (a Ctrl-C
// with -j 20000 took minutes to end).
const maxJobs = 1024

// validate rejects impossible values and a wrong number of arguments.
func (o *options) validate(fs *flag.FlagSet, pos []string) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case o.timeout < 0 || set["timeout"] && o.timeout == 0:
		return usagef("-timeout must be a positive duration such as 30s or 2m (got %v)", o.timeout)
	case o.jobs < 1:
		return usagef("-j must be at least 1 (got %d)", o.jobs)
	case o.repeat < 1:
		return usagef("-repeat must be at least 1 (got %d)", o.repeat)
	case o.maxTests < 0 || set["max-tests"] && o.maxTests == 0:
		return usagef("-max-tests must be at least 1 (got %d)", o.maxTests)
	case o.maxTime < 0 || set["max-time"] && o.maxTime == 0:
		return usagef("-max-time must be a positive duration such as 10m (got %v)", o.maxTime)
	case o.maxSize <= 0:
		return usagef("-max-size must be more than 0 bytes (got %v)", o.maxSize)
	case o.inPlace && o.out != "":
		return usagef("-in-place and -o exclude each other")
	case o.findings != "" && !o.alsoCode.set:
		return usagef("-findings goes with -also-interesting")
	case o.verbose && o.quiet:
		return usagef("-v and -q exclude each other")
	case o.jobs > maxJobs:
		return usagef("-j must be at most %d (got %d): each job is a test process at once", maxJobs, o.jobs)
	}
	if o.format != "" {
		if _, err := formats.ByName(o.format); err != nil {
			return usagef("-format: %v", err)
		}
	}
	var err error
	if o.launch, err = launcherFlags(o.launcher, o.launcherArgs); err != nil {
		return err
	}
	if o.dumpTree {
		if len(pos) != 1 {
			return usagef("-dump-tree takes one INPUT file (usage: hdd -dump-tree [-format F] INPUT)")
		}
		return nil
	}
	if set["c"] {
		switch {
		case strings.TrimSpace(o.command) == "":
			return usagef("-c needs a command line, such as -c 'grep -q Error \"$1\"'")
		case len(pos) == 0:
			return usagef("missing INPUT (usage: hdd [flags] -c COMMAND INPUT; hdd -h for help)")
		case len(pos) > 1:
			return usagef("with -c, give INPUT alone: the command is the test (got %s)", strings.Join(pos, " "))
		}
		return nil
	}
	switch len(pos) {
	case 0:
		return usagef("missing TEST and INPUT (usage: hdd [flags] TEST INPUT; hdd -h for help)")
	case 1:
		return usagef("missing INPUT after the test %s (usage: hdd [flags] TEST INPUT; hdd -h for help)", pos[0])
	case 2:
		return nil
	}
	return usagef("too many arguments: %s (usage: hdd [flags] TEST INPUT; the test takes no arguments of its own: put them in a script)", strings.Join(pos[2:], " "))
}

// printHelp writes the help text: usage, what the test is, the flags and
// an example.
func printHelp(w io.Writer) {
	o := defaults()
	fs := newFlagSet(&o)
	fmt.Fprint(w, `usage: hdd [flags] TEST INPUT
       hdd [flags] -c COMMAND INPUT
       hdd [flags] TEST DIR
       hdd -dump-tree [-format F] INPUT

hdd reduces INPUT (C, C++, Go, Rust, Python, JavaScript, TypeScript, Java,
CSS, XML, HTML, JSON, JSON Lines or any text by lines) to a smaller file on
which TEST still succeeds. TEST is an executable, run as
TEST CANDIDATE: exit status 0 means the candidate is interesting (the bug
still shows). Each run takes place in a fresh private temporary directory
holding only the candidate (with INPUT's name), with a TMPDIR of its own
(both removed after the run), so TEST must name other
files by absolute paths: compile with -I/home/me/proj/include, not -I.; a
script finds files beside itself as "$(dirname "$0")/expected.txt".
With -c, COMMAND is the test, run by bash (sh where there is none) as
bash -c -- COMMAND hdd-test CANDIDATE in the same directory: it names the
candidate by INPUT's name or as "$1".

The result goes to INPUT with .reduced before its extension (or -o FILE); the
input is never changed unless -in-place is given. Run the same command again
after an interruption to go on from the earlier result.

A folder DIR is reduced as a whole, its files each by its own format: TEST
runs as TEST CANDIDATE_DIR in CANDIDATE_DIR, a private copy of the candidate
folder (so it names the folder's files relatively), and the result goes to
DIR.reduced (or -o DIR2; -in-place keeps DIR.orig).

Flags (they may also follow TEST and INPUT):
`)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprint(w, `
Example:
  hdd -o /tmp/order.min.json testdata/examples/json/test.sh testdata/examples/json/order.json

See go doc github.com/hddreduce/hdd/cmd/hdd for the manual.
`)
}

// version returns hdd's version: the module version when installed with
// go install, else the VCS revision the binary was built from.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "hdd (version unknown)"
	}
	v := info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = " with local changes"
			}
		}
	}
	if (v == "" || v == "(devel)") && rev != "" {
		v = "revision " + rev[:min(12, len(rev))] + modified
	}
	return fmt.Sprintf("hdd %s (%s)", v, info.GoVersion)
}

// An exitStatus is the value of -also-interesting: an exit status from 1
// to 255, or unset.
type exitStatus struct {
	code int
	set  bool
}

func (e *exitStatus) String() string {
	if e == nil || !e.set {
		return ""
	}
	return strconv.Itoa(e.code)
}

func (e *exitStatus) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return fmt.Errorf("want an exit status from 1 to 255, not %q", s)
	case n == 0:
		return errors.New("0 is the status of the bug being reduced; give the status of another bug, from 1 to 255")
	case n < 1 || n > 255:
		return fmt.Errorf("want an exit status from 1 to 255, not %d", n)
	}
	e.code, e.set = n, true
	return nil
}

// A byteSize is a number of bytes written with an optional unit (KB, MB,
// GB, powers of 1024).
type byteSize int64

var sizeUnits = []struct {
	suffix string
	shift  uint
}{{"GB", 30}, {"G", 30}, {"MB", 20}, {"M", 20}, {"KB", 10}, {"K", 10}, {"B", 0}}

func (b *byteSize) String() string {
	if b == nil {
		return "0"
	}
	n := int64(*b)
	for _, u := range sizeUnits {
		if u.shift > 0 && n > 0 && n%(1<<u.shift) == 0 && len(u.suffix) == 2 {
			return strconv.FormatInt(n>>u.shift, 10) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Set(s string) error {
	num, shift := strings.ToUpper(strings.TrimSpace(s)), uint(0)
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(num, u.suffix); ok {
			num, shift = strings.TrimSpace(rest), u.shift
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > 1<<62>>shift {
		return fmt.Errorf("want a size such as 300000, 500KB or 1GB, not %q", s)
	}
	*b = byteSize(n << shift)
	return nil
}

// mb formats a size in whole megabytes, or in bytes below one.
func mb(n int64) string {
	if n < 1<<20 {
		return grammars.Plural(int(n), "byte")
	}
	return fmt.Sprintf("%d MB", n>>20)
}
