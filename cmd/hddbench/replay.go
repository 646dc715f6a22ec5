package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The scaling benchmark replays a reduction with recorded verdicts: a run
// with the case's real test records the verdict of every candidate by the
// SHA-256 of its content; then hdd runs again with a test that answers
// from the recording after a fixed simulated time (a sleep). At each -j, a
// first, untimed run records the verdicts of the candidates the serial run
// never tried (run with the real test, and counted as such); hdd tries the
// same candidates at every run with the same -j when its tests take the
// same time, so the timed run that follows answers every test from the
// recording in the simulated time. With -replay-fail-time, the tests'
// lengths differ, and so may the candidates hdd tries (it refills the
// jobs of quick tests): a candidate the timed run tries first is run with
// the real test there, untimed, and counted as new.
// Every verdict is real, and 64 sleeping tests need no cores, so the
// scaling to -j 64 can be measured on a small machine.

// Environment of the replaying test, which is hddbench itself (see
// replayMain).
const (
	envRecording = "HDDBENCH_RECORDING"  // the recording: lines "SHA256 EXIT"
	envTest      = "HDDBENCH_TEST"       // the case's real test
	envDelay     = "HDDBENCH_DELAY"      // the simulated time of a test, or "" to record
	envDelayFail = "HDDBENCH_DELAY_FAIL" // if set, that of a test whose candidate is not interesting
	envCounts    = "HDDBENCH_COUNTS"     // a file getting a line per run: "replayed" or "new"
)

// replayConfig is the configuration of the scaling benchmark.
type replayConfig struct {
	jobs  []int
	delay time.Duration
	// failDelay, if not zero, is the simulated time of a test whose
	// candidate is not interesting, delay then being that of one whose
	// candidate is: a compiler that stops at a syntax error, against a
	// program that builds and runs.
	failDelay time.Duration
}

// A replayRow is the outcome of one replayed reduction.
type replayRow struct {
	Case     string
	Jobs     int
	Wall     time.Duration
	Tests    int // test runs hdd started
	New      int // of which not in the serial run's recording: recorded by a run at this -j first, or by this run
	OwnCPU   time.Duration
	Rounds   int // the test runs one after another (see rounds)
	Bytes    int
	Verified bool
	Err      string

	// Phases are the verdicts of the recording run, cut into hdd's phases
	// (see estimate); set only on the recording run.
	Phases [][]bool `json:"-"`
}

// replay runs the scaling benchmark on the cases and prints its table.
func (cfg *config) replay(ctx context.Context, cases []benchCase, rc replayConfig, stdout io.Writer) error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("cannot find hddbench itself, the replaying test: %w", err)
	}
	var rows []replayRow
	var phased [][][]bool // the recording runs' verdicts by phase, for the estimate
	for _, c := range cases {
		if ctx.Err() != nil {
			break
		}
		rec, err := os.CreateTemp("", "hddbench-recording")
		if err != nil {
			return err
		}
		rec.Close()
		defer os.Remove(rec.Name())
		// The recording run: the real test, one job.
		first := cfg.replayRun(ctx, c, self, rec.Name(), 1, 0, 0)
		fmt.Fprintf(cfg.stderr, "hddbench: %s: recorded %d verdicts (%d bytes, %v) %s\n", c.Name, first.Tests, first.Bytes, first.Wall.Round(time.Millisecond), first.Err)
		if first.Err != "" {
			rows = append(rows, first)
			continue
		}
		if len(first.Phases) > 0 {
			phased = append(phased, first.Phases)
		}
		for _, j := range rc.jobs {
			var fresh replayRow
			if j > 1 {
				fresh = cfg.replayRun(ctx, c, self, rec.Name(), j, 0, 0) // records what -j 1 did not try
			}
			r := cfg.replayRun(ctx, c, self, rec.Name(), j, rc.delay, rc.failDelay)
			r.New += fresh.New // with those the timed run tried first
			fmt.Fprintf(cfg.stderr, "hddbench: %s -j %d: %v, %d tests (%d new), %d bytes, verified %v %s\n",
				c.Name, j, r.Wall.Round(time.Millisecond), r.Tests, r.New, r.Bytes, r.Verified, r.Err)
			rows = append(rows, r)
		}
	}
	printReplay(stdout, rows, rc)
	printEstimates(stdout, phased, rc.jobs)
	return nil
}

// replayRun runs hdd at -j jobs on a copy of the case's input, with the
// replaying test, whose runs take delay, or failDelay, if not zero, where
// the candidate is not interesting; delay 0 records with the real test.
func (cfg *config) replayRun(ctx context.Context, c benchCase, self, recording string, jobs int, delay, failDelay time.Duration) replayRow {
	r := replayRow{Case: c.Name, Jobs: jobs}
	work, input, err := workCopy(c)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer os.RemoveAll(work)
	counts := filepath.Join(work, "counts")
	output := filepath.Join(work, "out"+filepath.Ext(input))
	stats := filepath.Join(work, "stats.json")
	args := append([]string{"-j", strconv.Itoa(jobs), "-o", output, "-stats-json", stats}, cfg.flags...)
	// The recording run's log cuts its verdicts into phases. With -q
	// (which excludes -v) there is no log, and no estimate.
	phased := delay == 0 && jobs == 1 && !slices.Contains(cfg.flags, "-q")
	if phased && !slices.Contains(cfg.flags, "-v") {
		args = append(args, "-v")
	}
	cmd := exec.CommandContext(ctx, cfg.hdd, append(args, self, input)...)
	d := ""
	if delay > 0 {
		d = delay.String()
	}
	cmd.Env = append(os.Environ(), envRecording+"="+recording, envTest+"="+c.Test, envDelay+"="+d, envCounts+"="+counts)
	if delay > 0 && failDelay > 0 {
		cmd.Env = append(cmd.Env, envDelayFail+"="+failDelay.String())
	}
	var log string
	r.Wall, r.Err, log = runCapture(cmd)
	if phased {
		r.Phases = phases(log, recorded(recording))
	}
	if b, err := os.ReadFile(counts); err == nil {
		r.New = bytes.Count(b, []byte("new start "))
		r.Rounds = rounds(b)
	}
	if b, err := os.ReadFile(stats); err == nil {
		var st struct {
			Tests  int     `json:"tests"`
			OwnCPU float64 `json:"own_cpu_seconds"`
		}
		if json.Unmarshal(b, &st) == nil {
			r.Tests, r.OwnCPU = st.Tests, time.Duration(st.OwnCPU*float64(time.Second))
		}
	}
	r.Bytes = fileSize(output)
	r.Verified = verify(ctx, c.Test, output)
	return r
}

// printReplay writes the table of the scaling benchmark: per case and -j,
// the wall time, the speedup over -j 1, the test runs (and how many were
// not in the recording) and the final bytes; then the geometric mean of
// the speedups at each -j.
func printReplay(w io.Writer, rows []replayRow, rc replayConfig) {
	if rc.failDelay > 0 {
		fmt.Fprintf(w, "Replayed verdicts, %v per test run of an interesting candidate, %v of another.\n\n", rc.delay, rc.failDelay)
	} else {
		fmt.Fprintf(w, "Replayed verdicts, %v per test run.\n\n", rc.delay)
	}
	fmt.Fprintln(w, "| case | -j | wall | speedup | rounds | speedup in rounds | test runs | not tried at -j 1 | final bytes | hdd CPU | verified |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
	serial := map[string]replayRow{}
	logSum, count := map[int]float64{}, map[int]int{}
	runs, serialRuns, larger := map[int]int{}, map[int]int{}, map[int]int{}
	rlogSum := map[int]float64{}
	for _, r := range rows {
		if r.Jobs == 1 && serial[r.Case].Case == "" && r.Err == "" && r.Wall > 0 && r.Tests > 0 {
			serial[r.Case] = r
		}
		speedup, rspeedup := "-", "-"
		if s, ok := serial[r.Case]; ok && r.Err == "" && r.Rounds > 0 {
			x := float64(s.Rounds) / float64(r.Rounds)
			rspeedup = fmt.Sprintf("%.2f", x)
			rlogSum[r.Jobs] += math.Log(x)
		}
		if s, ok := serial[r.Case]; ok && r.Err == "" {
			x := s.Wall.Seconds() / r.Wall.Seconds()
			speedup = fmt.Sprintf("%.2f", x)
			logSum[r.Jobs] += math.Log(x)
			count[r.Jobs]++
			runs[r.Jobs] += r.Tests
			serialRuns[r.Jobs] += s.Tests
			if r.Bytes > s.Bytes {
				larger[r.Jobs]++
			}
		}
		ok := "yes"
		if !r.Verified {
			ok = "NO"
		}
		if r.Err != "" {
			ok += " (" + r.Err + ")"
		}
		fmt.Fprintf(w, "| %s | %d | %.1fs | %s | %d | %s | %d | %d | %d | %v | %s |\n", r.Case, r.Jobs, r.Wall.Seconds(), speedup, r.Rounds, rspeedup, r.Tests, r.New, r.Bytes, r.OwnCPU.Round(time.Millisecond), ok)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| -j | geometric mean speedup (wall) | (rounds) | test runs, all cases | over -j 1 | cases with more bytes than -j 1 | cases |")
	fmt.Fprintln(w, "|---:|---:|---:|---:|---:|---:|---:|")
	for _, j := range rc.jobs {
		if count[j] > 0 {
			fmt.Fprintf(w, "| %d | %.2f | %.2f | %d | %.2fx | %d | %d |\n", j, math.Exp(logSum[j]/float64(count[j])), math.Exp(rlogSum[j]/float64(count[j])),
				runs[j], float64(runs[j])/float64(max(serialRuns[j], 1)), larger[j], count[j])
		}
	}
}

// rounds returns the length of the longest chain of test runs in the log
// of the replaying tests: each run counts one after the latest end, among
// the runs that had ended when it started. It is the wall time in units of
// the simulated test time on a machine where hdd's own work and starting a
// process take no time, so it does not change with the machine's load.
func rounds(log []byte) int {
	type event struct {
		t     int64
		pid   int
		start bool
	}
	var events []event
	for _, l := range strings.Split(string(log), "\n") {
		f := strings.Fields(l)
		var e event
		switch {
		case len(f) == 4 && f[1] == "start":
			e.start = true
			f = f[2:]
		case len(f) == 3 && f[0] == "end":
			f = f[1:]
		default:
			continue
		}
		e.pid, _ = strconv.Atoi(f[0])
		e.t, _ = strconv.ParseInt(f[1], 10, 64)
		events = append(events, e)
	}
	slices.SortStableFunc(events, func(a, b event) int { return cmp.Compare(a.t, b.t) })
	now, began := 0, map[int]int{}
	for _, e := range events {
		if e.start {
			began[e.pid] = now
		} else if s, ok := began[e.pid]; ok {
			now = max(now, s+1)
		}
	}
	return now
}

// parseJobs parses a comma-separated list of job counts.
func parseJobs(s string) ([]int, error) {
	var jobs []int
	for _, f := range strings.Split(s, ",") {
		j, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || j < 1 {
			return nil, fmt.Errorf("-replay wants job counts such as 1,2,4,8, not %q", s)
		}
		jobs = append(jobs, j)
	}
	if jobs[0] != 1 {
		jobs = append([]int{1}, jobs...) // the speedups are over -j 1
	}
	return jobs, nil
}

// replayMain is hddbench run as the replaying test, by hdd, on the
// candidate at path: it answers from the recording after the simulated
// time, or runs the real test, records its verdict and counts it. It
// returns the exit status.
func replayMain(path string) int {
	start := time.Now()
	candidate, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hddbench replay: %v\n", err)
		return 125
	}
	sum := sha256.Sum256(candidate)
	key := hex.EncodeToString(sum[:])
	delay, err := envDuration(envDelay)
	failDelay, ferr := envDuration(envDelayFail)
	if err = errors.Join(err, ferr); err != nil {
		fmt.Fprintf(os.Stderr, "hddbench replay: %v\n", err)
		return 125
	}
	recording := os.Getenv(envRecording)
	code, found := lookup(recording, key)
	if !found || delay == 0 {
		cmd := exec.Command("bash", os.Getenv(envTest), path)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		code = 0
		if err := cmd.Run(); err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				fmt.Fprintf(os.Stderr, "hddbench replay: %v\n", err)
				return 125
			}
			code = ee.ExitCode()
		}
		if !found {
			appendLocked(recording, fmt.Sprintf("%s %d\n", key, code))
		}
	}
	what := "replayed"
	if !found {
		what = "new"
	}
	counts := os.Getenv(envCounts)
	appendLocked(counts, fmt.Sprintf("%s start %d %d\n", what, os.Getpid(), start.UnixNano()))
	if code != 0 && delay > 0 && failDelay > 0 {
		delay = failDelay
	}
	time.Sleep(delay - time.Since(start))
	appendLocked(counts, fmt.Sprintf("end %d %d\n", os.Getpid(), time.Now().UnixNano()))
	return code
}

// envDuration returns the duration in the environment variable name, 0
// if it is not set.
func envDuration(name string) (time.Duration, error) {
	d := os.Getenv(name)
	if d == "" {
		return 0, nil
	}
	return time.ParseDuration(d)
}

// recorded returns the verdicts of the recording, in the order they were
// recorded (true: interesting, exit status 0).
func recorded(recording string) []bool {
	b, err := os.ReadFile(recording)
	if err != nil {
		return nil
	}
	var out []bool
	for _, l := range strings.Split(string(b), "\n") {
		if _, v, ok := strings.Cut(l, " "); ok {
			out = append(out, v == "0")
		}
	}
	return out
}

// lookup finds the exit status recorded for key.
func lookup(recording, key string) (code int, found bool) {
	f, err := os.Open(recording)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), " ")
		if ok && k == key {
			code, err := strconv.Atoi(v)
			return code, err == nil
		}
	}
	return 0, false
}

// appendLocked appends line to the file at path under an exclusive lock,
// so that parallel runs do not interleave.
func appendLocked(path, line string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
	f.WriteString(line)
}
