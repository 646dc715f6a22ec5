// Hddbench runs hdd, and C-Vise and C-Reduce where installed, on a corpus of
// reduction cases and prints one table: case, tool, test runs, final bytes,
// wall time, hdd's own CPU time, and whether the case's own test accepts the
// output.
//
// Usage:
//
//	hddbench [flags] DIR [CASE...]
//
// DIR holds cases laid out as FORMAT/NAME/input.EXT plus an executable
// FORMAT/NAME/test.sh that takes the candidate's path as its one argument
// and exits 0 when it is interesting (the layout of the public benchmark
// corpus). CASE selects cases by FORMAT/NAME; the default is every case.
// Each tool works on a copy of the input in a temporary directory, with a
// wrapper around test.sh that counts its runs.
//
// Flags:
//
//	-tools LIST   comma-separated tools: hdd variants written ALGORITHM or
//	              ALGORITHM/MINIMIZER (hdd*, hdd*/greedy, hdd+/adaptive,
//	              ddmin ...), cvise, creduce (default "hdd*")
//	-hdd PATH     the hdd binary (default: hdd next to hddbench, else on PATH)
//	-j N          parallel test runs for every tool (default 1)
//	-max-bytes N  skip inputs larger than N bytes for tools other than the
//	              default hdd (0: no limit)
//	-flags STR    extra flags for hdd, space-separated
//	-replay JOBS  instead of running the tools, replay each case's recorded
//	              verdicts at each comma-separated job count (1,2,4,...,64;
//	              see replay.go) and print wall, rounds, runs and bytes per
//	              case and -j; then the estimate of the fastest schedule
//	              that keeps the -j 1 result (see estimate.go)
//	-replay-time D  the simulated time of a test run in -replay (default 1s)
//	-replay-fail-time D  if set, the simulated time of a test run whose
//	              candidate is not interesting; -replay-time is then that
//	              of a run whose candidate is
//
// Example, on the public corpus:
//
//	go build -o /tmp/hdd ./cmd/hdd && go run ./cmd/hddbench -hdd /tmp/hdd \
//	    -tools 'hdd*,hdd*/greedy,cvise' ../shared/bench/cases
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	if os.Getenv(envRecording) != "" && len(os.Args) == 2 {
		// hdd runs hddbench as the replaying test of -replay.
		os.Exit(replayMain(os.Args[1]))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
