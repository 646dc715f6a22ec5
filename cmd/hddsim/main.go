// Hddsim runs hdd's list minimizers against synthetic oracles and prints a
// table of oracle calls and result sizes per model and input size.
//
// Usage:
//
//	hddsim [-n 100,1000] [-trials 10] [-seed 1]
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/hddreduce/hdd/hdd/sim"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("hddsim", flag.ContinueOnError)
	sizes := fs.String("n", "100,1000", "comma-separated input `sizes`")
	trials := fs.Int("trials", 10, "random instances per model and size")
	seed := fs.Uint64("seed", 1, "random `seed`")
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
	sim.Table(os.Stdout, ns, *trials, *seed)
	return 0
}
