// Package sim measures list minimizers against synthetic oracles, counting
// oracle calls, to check the claims of the documents hdd's algorithms come
// from (see the hdd package documentation).
package sim

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"text/tabwriter"

	"github.com/hddreduce/hdd/hdd"
)

// A Model is a family of synthetic interestingness tests over the items
// 0..n-1.
type Model struct {
	Name string
	// New returns the oracle for one trial: it reports whether keep (a
	// sorted subsequence of 0..n-1) is interesting. The full sequence must
	// be interesting.
	New func(n int, rng *rand.Rand) func(keep []int) bool
}

// Subset is interesting iff it contains a fixed random subset of the items,
// each item chosen with probability density (at least one item).
func Subset(density float64) Model {
	return Model{
		Name: fmt.Sprintf("subset %g%%", density*100),
		New: func(n int, rng *rand.Rand) func([]int) bool {
			var want []int
			for i := range n {
				if rng.Float64() < density {
					want = append(want, i)
				}
			}
			if len(want) == 0 {
				want = []int{rng.IntN(n)}
			}
			return containsAll(want)
		},
	}
}

// Clustered is interesting iff it contains k random intervals of width w.
func Clustered(k, w int) Model {
	return Model{
		Name: fmt.Sprintf("%d clusters of %d", k, w),
		New: func(n int, rng *rand.Rand) func([]int) bool {
			var want []int
			for range k {
				start := rng.IntN(max(n-w, 1))
				for i := start; i < min(start+w, n); i++ {
					want = append(want, i)
				}
			}
			slices.Sort(want)
			return containsAll(slices.Compact(want))
		},
	}
}

// Minimal is interesting only when whole: the input is already minimal.
var Minimal = Model{
	Name: "already minimal",
	New: func(n int, _ *rand.Rand) func([]int) bool {
		return func(keep []int) bool { return len(keep) == n }
	},
}

// Prefix is interesting iff the items are 0..k-1 for some k >= 1: only the
// last item can go (the dependency chain "1..k" of the linear-greedy seed).
var Prefix = Model{
	Name: "chain 1..k",
	New: func(int, *rand.Rand) func([]int) bool {
		return func(keep []int) bool {
			for i, x := range keep {
				if x != i {
					return false
				}
			}
			return len(keep) > 0
		}
	},
}

// Suffix is interesting iff the items are k..n-1 for some k < n: only the
// first item can go (the chain "k..n").
var Suffix = Model{
	Name: "chain k..n",
	New: func(n int, _ *rand.Rand) func([]int) bool {
		return func(keep []int) bool {
			for i, x := range keep {
				if x != n-len(keep)+i {
					return false
				}
			}
			return len(keep) > 0
		}
	},
}

func containsAll(want []int) func([]int) bool {
	return func(keep []int) bool {
		j := 0
		for _, x := range keep {
			if j < len(want) && x == want[j] {
				j++
			}
		}
		return j == len(want)
	}
}

// A Row is the outcome of one model and size over several trials.
type Row struct {
	Model string
	N     int
	Calls map[hdd.Minimizer]float64 // mean oracle calls
	Size  map[hdd.Minimizer]float64 // mean result size
}

// Run runs each minimizer on trials instances of the model at size n and
// returns the mean calls and result sizes. The same seed gives the same
// instances to every minimizer.
func Run(m Model, n, trials int, seed uint64, ms []hdd.Minimizer) Row {
	row := Row{Model: m.Name, N: n, Calls: map[hdd.Minimizer]float64{}, Size: map[hdd.Minimizer]float64{}}
	items := make([]int, n)
	for i := range items {
		items[i] = i
	}
	for _, mz := range ms {
		rng := rand.New(rand.NewPCG(seed, uint64(n)))
		for range trials {
			oracle := m.New(n, rng)
			calls := 0
			test := func(_ context.Context, keep []int) (bool, error) {
				calls++
				return oracle(keep), nil
			}
			got, _ := hdd.Minimize(context.Background(), mz, items, hdd.TestFunc[int](test))
			row.Calls[mz] += float64(calls) / float64(trials)
			row.Size[mz] += float64(len(got)) / float64(trials)
		}
	}
	return row
}

// Models is the standard set of models of the simulator.
func Models() []Model {
	ms := []Model{}
	for _, d := range []float64{0.01, 0.05, 0.10, 0.25, 0.50, 0.75, 0.90, 0.99} {
		ms = append(ms, Subset(d))
	}
	return append(ms, Clustered(1, 1), Clustered(2, 4), Clustered(4, 16), Minimal, Prefix, Suffix)
}

// Table runs every model at every size and writes a table: model, n, then
// calls and result size per minimizer, and the ratios the seeds make claims
// about (adaptive/greedy, adaptive/ddmin).
func Table(w io.Writer, sizes []int, trials int, seed uint64) []Row {
	ms := hdd.Minimizers()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "model\tn\t")
	for _, m := range ms {
		fmt.Fprintf(tw, "%v calls\t", m)
	}
	fmt.Fprint(tw, "result size\tadaptive/greedy\tadaptive/ddmin\t\n")
	var rows []Row
	for _, model := range Models() {
		for _, n := range sizes {
			r := Run(model, n, trials, seed, ms)
			rows = append(rows, r)
			fmt.Fprintf(tw, "%s\t%d\t", r.Model, r.N)
			for _, m := range ms {
				fmt.Fprintf(tw, "%.0f\t", r.Calls[m])
			}
			sizes := ""
			for i, m := range ms {
				if i > 0 {
					sizes += "/"
				}
				sizes += fmt.Sprintf("%.0f", r.Size[m])
			}
			fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t\n", sizes,
				r.Calls[hdd.MinAdaptive]/r.Calls[hdd.MinGreedy], r.Calls[hdd.MinAdaptive]/r.Calls[hdd.MinDDMin])
		}
	}
	tw.Flush()
	return rows
}
