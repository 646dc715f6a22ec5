package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// A benchCase is one directory of the corpus.
type benchCase struct {
	Name  string // FORMAT/NAME
	Dir   string // absolute
	Input string // absolute path of input.EXT
	Test  string // absolute path of test.sh
}

// A row is the outcome of one tool on one case.
type row struct {
	Case, Tool string
	Tests      int
	Bytes      int
	Wall       time.Duration
	OwnCPU     time.Duration // hdd only: its own CPU time, tests excluded
	OwnWall    time.Duration // hdd only: the wall time during which no test ran
	Verified   bool
	Err        string
}

type config struct {
	tools    []string
	hdd      string
	jobs     int
	maxBytes int
	flags    []string
	stderr   io.Writer
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hddbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tools := fs.String("tools", "hdd*", "comma-separated `tools`: hdd variants (hdd*, hdd*/greedy, ...), cvise, creduce")
	hddPath := fs.String("hdd", "", "the hdd `binary` (default: beside hddbench, else on PATH)")
	jobs := fs.Int("j", 1, "parallel test runs for every tool")
	maxBytes := fs.Int("max-bytes", 0, "skip inputs larger than `n` bytes for tools other than the first (0: no limit)")
	extra := fs.String("flags", "", "extra `flags` for hdd, space-separated")
	replayJobs := fs.String("replay", "", "replay recorded verdicts at each of these comma-separated `job counts` (1,2,4,8,16,32,64) instead of running the tools")
	replayTime := fs.Duration("replay-time", time.Second, "the simulated `time` of a test run in -replay")
	replayFail := fs.Duration("replay-fail-time", 0, "if set, the simulated `time` in -replay of a test run whose candidate is not interesting (-replay-time is then that of one whose candidate is)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		fmt.Fprintln(stderr, "usage: hddbench [flags] DIR [CASE...]")
		return 2
	}
	cases, err := findCases(fs.Arg(0), fs.Args()[1:])
	if err != nil {
		fmt.Fprintf(stderr, "hddbench: %v\n", err)
		return 1
	}
	cfg := config{tools: strings.Split(*tools, ","), jobs: *jobs, maxBytes: *maxBytes, flags: strings.Fields(*extra), stderr: stderr}
	if cfg.hdd, err = findHDD(*hddPath); err != nil {
		fmt.Fprintf(stderr, "hddbench: %v\n", err)
		return 1
	}
	if *replayJobs != "" {
		jobs, err := parseJobs(*replayJobs)
		if err == nil && *replayTime <= 0 {
			err = errors.New("-replay-time must be positive")
		}
		if err == nil && *replayFail < 0 {
			err = errors.New("-replay-fail-time must not be negative")
		}
		if err == nil {
			err = cfg.replay(ctx, cases, replayConfig{jobs: jobs, delay: *replayTime, failDelay: *replayFail}, stdout)
		}
		if err != nil {
			fmt.Fprintf(stderr, "hddbench: %v\n", err)
			return 1
		}
		return 0
	}
	var rows []row
	for _, c := range cases {
		size := fileSize(c.Input)
		for i, tool := range cfg.tools {
			if i > 0 && cfg.maxBytes > 0 && size > cfg.maxBytes {
				continue
			}
			if ctx.Err() != nil {
				break
			}
			r := cfg.runTool(ctx, c, tool)
			fmt.Fprintf(stderr, "hddbench: %s %s: %d tests, %d bytes, %v, verified %v %s\n",
				c.Name, tool, r.Tests, r.Bytes, r.Wall.Round(time.Second), r.Verified, r.Err)
			rows = append(rows, r)
		}
	}
	printTable(stdout, rows)
	return 0
}

// findCases lists the cases under dir, or the named ones.
func findCases(dir string, names []string) ([]benchCase, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	tests, err := filepath.Glob(filepath.Join(dir, "*", "*", "test.sh"))
	if err != nil {
		return nil, err
	}
	var cases []benchCase
	for _, t := range tests {
		d := filepath.Dir(t)
		name, _ := filepath.Rel(dir, d)
		if len(names) > 0 && !contains(names, name) {
			continue
		}
		inputs, _ := filepath.Glob(filepath.Join(d, "input.*"))
		if len(inputs) != 1 {
			return nil, fmt.Errorf("%s: want one input.* file, found %d", d, len(inputs))
		}
		cases = append(cases, benchCase{Name: name, Dir: d, Input: inputs[0], Test: t})
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("no cases (FORMAT/NAME/test.sh) under %s", dir)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func findHDD(path string) (string, error) {
	if path != "" {
		return filepath.Abs(path)
	}
	if exe, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), "hdd")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	p, err := exec.LookPath("hdd")
	if err != nil {
		return "", errors.New("no hdd binary: build one (go build -o /tmp/hdd ./cmd/hdd) and pass -hdd /tmp/hdd")
	}
	return p, nil
}

func fileSize(path string) int {
	info, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return int(info.Size())
}

// workCopy makes a private directory holding a copy of the case's input,
// and returns both paths; the caller removes work.
func workCopy(c benchCase) (work, input string, err error) {
	work, err = os.MkdirTemp("", "hddbench")
	if err != nil {
		return "", "", err
	}
	input = filepath.Join(work, filepath.Base(c.Input))
	src, err := os.ReadFile(c.Input)
	if err == nil {
		err = os.WriteFile(input, src, 0o644)
	}
	if err != nil {
		os.RemoveAll(work)
		return "", "", err
	}
	return work, input, nil
}

// runLogged runs cmd with its output kept, and returns how long it took
// and, if it failed, the first line of its output.
func runLogged(cmd *exec.Cmd) (wall time.Duration, errText string) {
	wall, errText, _ = runCapture(cmd)
	return wall, errText
}

// runCapture is runLogged returning the output too.
func runCapture(cmd *exec.Cmd) (wall time.Duration, errText string, output string) {
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	start := time.Now()
	err := cmd.Run()
	wall = time.Since(start)
	if err != nil {
		errText = firstLine(log.String(), err)
	}
	return wall, errText, log.String()
}

// runTool runs one tool on a copy of the case's input.
func (cfg *config) runTool(ctx context.Context, c benchCase, tool string) row {
	r := row{Case: c.Name, Tool: tool}
	work, input, err := workCopy(c)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer os.RemoveAll(work)
	count := filepath.Join(work, "runs")
	var cmd *exec.Cmd
	var output string
	switch tool {
	case "cvise", "creduce":
		if _, err := exec.LookPath(tool); err != nil {
			r.Err = tool + " is not installed"
			return r
		}
		// C-Vise and C-Reduce run the test with no argument in a copy of
		// the directory, the file under its own name, and reduce it in place.
		wrapper := writeWrapper(work, count, c.Test, filepath.Base(input))
		cmd = exec.CommandContext(ctx, tool, "--n", fmt.Sprint(max(cfg.jobs, 1)), wrapper, filepath.Base(input))
		if tool == "cvise" {
			cmd.Args = append(cmd.Args[:1], append([]string{"--not-c"}, cmd.Args[1:]...)...)
			switch filepath.Ext(input) { // C and C++: C-Vise's clang_delta passes apply
			case ".c", ".h", ".i", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".ii":
				cmd.Args = append(cmd.Args[:1], cmd.Args[2:]...)
			}
		}
		cmd.Dir = work
		output = input
	default:
		alg, mz, _ := strings.Cut(tool, "/")
		wrapper := writeWrapper(work, count, c.Test, "")
		output = filepath.Join(work, "out"+filepath.Ext(input))
		args := []string{"-algorithm", alg, "-j", fmt.Sprint(max(cfg.jobs, 1)), "-stats-json", filepath.Join(work, "stats.json"), "-o", output}
		if mz != "" {
			args = append(args, "-minimizer", mz)
		}
		args = append(args, cfg.flags...)
		cmd = exec.CommandContext(ctx, cfg.hdd, append(args, wrapper, input)...)
	}
	r.Wall, r.Err = runLogged(cmd)
	if b, err := os.ReadFile(count); err == nil {
		r.Tests = bytes.Count(b, []byte{'\n'})
	}
	if b, err := os.ReadFile(filepath.Join(work, "stats.json")); err == nil {
		var st struct {
			Own      float64 `json:"own_cpu_seconds"`
			TestWall float64 `json:"test_wall_seconds"`
		}
		if json.Unmarshal(b, &st) == nil {
			r.OwnCPU = time.Duration(st.Own * float64(time.Second))
			r.OwnWall = r.Wall - time.Duration(st.TestWall*float64(time.Second))
		}
	}
	r.Bytes = fileSize(output)
	r.Verified = verify(ctx, c.Test, output)
	return r
}

// writeWrapper writes a script that counts its runs into count and runs
// test on its argument, or on the file name arg when set.
func writeWrapper(dir, count, test, arg string) string {
	target := `"$@"`
	if arg != "" {
		target = `"$PWD/` + arg + `"`
	}
	p := filepath.Join(dir, "counted-test.sh")
	body := fmt.Sprintf("#!/bin/sh\necho run >> '%s'\nexec bash '%s' %s\n", count, test, target)
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		panic(err) // the directory was just made by us
	}
	return p
}

// verify runs the case's test on output in a fresh directory.
func verify(ctx context.Context, test, output string) bool {
	if _, err := os.Stat(output); err != nil {
		return false
	}
	dir, err := os.MkdirTemp("", "hddbench-verify")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, "bash", test, output)
	cmd.Dir = dir
	return cmd.Run() == nil
}

func firstLine(log string, err error) string {
	for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
		if strings.Contains(l, "hdd:") && !strings.Contains(l, "warning") {
			return strings.TrimSpace(l)
		}
	}
	return err.Error()
}

// printTable writes the rows as a Markdown table. For hdd, "hdd's own
// time" is the wall time of the whole process (start-up, parsing, writing
// included) during which no test ran: what the user waits for hdd rather
// than for the test.
func printTable(w io.Writer, rows []row) {
	fmt.Fprintln(w, "| case | tool | test runs | final bytes | wall | hdd's own time | own / wall | hdd CPU | verified |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---|")
	for _, r := range rows {
		ownWall, share, cpu := "-", "-", "-"
		if r.OwnCPU > 0 {
			ownWall = r.OwnWall.Round(time.Millisecond).String()
			share = fmt.Sprintf("%.1f%%", 100*r.OwnWall.Seconds()/r.Wall.Seconds())
			cpu = r.OwnCPU.Round(time.Millisecond).String()
		}
		ok := "yes"
		if !r.Verified {
			ok = "NO"
		}
		if r.Err != "" {
			ok += " (" + r.Err + ")"
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.1fs | %s | %s | %s | %s |\n", r.Case, r.Tool, r.Tests, r.Bytes, r.Wall.Seconds(), ownWall, share, cpu, ok)
	}
}
