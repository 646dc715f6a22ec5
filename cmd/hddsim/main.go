// Hddsim runs hdd's list minimizers against synthetic oracles and prints a
// table of oracle calls and result sizes per model and input size, then the
// numbers that bear on each claim of the sources.
//
// Usage:
//
//	hddsim [-n 100,1000] [-trials 10] [-seed 1] [-cap calls] [-cache] [-claims=false]
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/hddreduce/hdd/hdd/minimize/sim"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("hddsim", flag.ContinueOnError)
	sizes := fs.String("n", "100,1000", "comma-separated input `sizes`")
	trials := fs.Int("trials", 10, "random instances per model and size")
	seed := fs.Uint64("seed", 1, "random `seed`")
	limit := fs.Int("cap", 0, "stop a run after this many oracle `calls` and report it as >calls (0: no cap)")
	cache := fs.Bool("cache", false, "count each distinct candidate once per run, as the engine's cache does")
	claims := fs.Bool("claims", true, "print the numbers for each claim of the sources after the table")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var ns []int
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "hddsim: bad size %q\n", f)
			return 2
		}
		ns = append(ns, n)
	}
	if *trials < 1 || *limit < 0 {
		fmt.Fprintln(os.Stderr, "hddsim: -trials must be positive and -cap not negative")
		return 2
	}
	rows := sim.Table(os.Stdout, ns, sim.Options{Trials: *trials, Seed: *seed, Cap: *limit, Cache: *cache})
	if *claims {
		fmt.Println()
		sim.Claims(os.Stdout, rows)
	}
	return 0
}
