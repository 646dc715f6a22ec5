// Package sim measures the list minimizers of package minimize against
// synthetic oracles, counting oracle calls, to check the claims of the
// sources they come from (listed in the minimize package documentation).
// It is the library behind cmd/hddsim.
package sim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hddreduce/hdd/hdd/minimize"
)

// A Model is a family of synthetic interestingness tests over the items
// 0..n-1.
type Model struct {
	Name string
	// New returns the oracle for one trial: it reports whether keep (a
	// sorted subsequence of 0..n-1) is interesting. The full sequence must
	// be interesting.
	New func(n int, rng *rand.Rand) func(keep []int) bool
	// Fixed says that New ignores rng: one trial is enough.
	Fixed bool
	// Monotonic says that every superset of an interesting subset is
	// interesting.
	Monotonic bool
	// Density is the chance that an item is essential (Subset), Clusters
	// and Width the shape of Clustered, Run the length of Runs' runs.
	Density         float64
	Clusters, Width int
	Run             int
}

// Subset is interesting iff it contains a fixed random subset of the items,
// each item chosen with probability density (at least one item).
func Subset(density float64) Model {
	return Model{
		Name:      fmt.Sprintf("subset %g%%", density*100),
		Monotonic: true,
		Density:   density,
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
		Name:      fmt.Sprintf("%d clusters of %d", k, w),
		Monotonic: true,
		Clusters:  k,
		Width:     w,
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

// Runs is interesting iff it contains every item i with i%(b+1) == b: runs
// of b removable items between essential ones, the model of the
// table of ratios to greedy by block size in "Adaptive delta debugging".
func Runs(b int) Model {
	return Model{
		Name:      fmt.Sprintf("runs of %d", b),
		Fixed:     true,
		Monotonic: true,
		Run:       b,
		New: func(n int, _ *rand.Rand) func([]int) bool {
			var want []int
			for i := b; i < n; i += b + 1 {
				want = append(want, i)
			}
			if len(want) == 0 {
				want = []int{n - 1}
			}
			return containsAll(want)
		},
	}
}

// Minimal is interesting only when whole: the input is already minimal.
var Minimal = Model{
	Name:      "already minimal",
	Fixed:     true,
	Monotonic: true,
	New: func(n int, _ *rand.Rand) func([]int) bool {
		return func(keep []int) bool { return len(keep) == n }
	},
}

// Prefix is interesting iff the items are 0..k-1 for some k >= 1: only the
// last item can go (the dependency chain "1..k" of "Linear time (ish) test case
// reduction").
var Prefix = Model{
	Name:  "chain 1..k",
	Fixed: true,
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
	Name:  "chain k..n",
	Fixed: true,
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

// Options set up a simulation.
type Options struct {
	Trials int    // random instances per model and size (fixed models: one)
	Seed   uint64 // the same seed gives the same instances
	// Cap stops a run after Cap oracle calls (0: no cap); a capped run
	// counts as ">Cap" calls.
	Cap int
	// Cache counts a candidate only the first time a run tests it, like
	// the engine, which caches verdicts by text.
	Cache bool
}

// A Row is the outcome of one model and size over several trials.
type Row struct {
	Model  Model
	N      int
	Calls  map[minimize.Algorithm]float64 // mean oracle calls
	Size   map[minimize.Algorithm]float64 // mean result size
	Capped map[minimize.Algorithm]int     // trials stopped by the cap
	// NPlusK is the mean of n+k, k the result size, or of n when the
	// result is the whole input: what "Linear time (ish) test case
	// reduction" says greedy costs when every item but the k essential
	// ones can go.
	NPlusK map[minimize.Algorithm]float64
}

var errCap = errors.New("call cap reached")

// Run runs each minimizer on instances of the model at size n and returns
// the mean calls and result sizes. Every minimizer gets the same instances.
func Run(m Model, n int, ms []minimize.Algorithm, o Options) Row {
	row := Row{Model: m, N: n, Calls: map[minimize.Algorithm]float64{}, Size: map[minimize.Algorithm]float64{}, Capped: map[minimize.Algorithm]int{}, NPlusK: map[minimize.Algorithm]float64{}}
	trials := max(o.Trials, 1)
	if m.Fixed {
		trials = 1
	}
	items := make([]int, n)
	for i := range items {
		items[i] = i
	}
	for _, mz := range ms {
		rng := rand.New(rand.NewPCG(o.Seed, uint64(n)))
		for range trials {
			oracle := m.New(n, rng)
			calls := 0
			seen := map[uint64]bool{}
			test := func(_ context.Context, keep []int) (bool, error) {
				if o.Cache {
					h := hash(keep)
					if seen[h] {
						return oracle(keep), nil
					}
					seen[h] = true
				}
				if o.Cap > 0 && calls >= o.Cap {
					return false, errCap
				}
				calls++
				return oracle(keep), nil
			}
			got, err := minimize.Run(context.Background(), mz, items, minimize.TestFunc[int](test))
			if errors.Is(err, errCap) {
				row.Capped[mz]++
			}
			row.Calls[mz] += float64(calls) / float64(trials)
			row.Size[mz] += float64(len(got)) / float64(trials)
			if len(got) == n {
				row.NPlusK[mz] += float64(n) / float64(trials)
			} else {
				row.NPlusK[mz] += float64(n+len(got)) / float64(trials)
			}
		}
	}
	return row
}

// hash is FNV-1a over the items of keep.
func hash(keep []int) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range keep {
		for range 4 {
			h ^= uint64(x & 0xff)
			h *= 1099511628211
			x >>= 8
		}
	}
	return h
}

// Models is the standard set of models of the simulator.
func Models() []Model {
	ms := []Model{}
	for _, d := range []float64{0.01, 0.05, 0.10, 0.25, 0.50, 0.75, 0.90, 0.99} {
		ms = append(ms, Subset(d))
	}
	ms = append(ms, Clustered(1, 1), Clustered(2, 4), Clustered(4, 16))
	for _, b := range []int{1, 2, 4, 6, 8, 11, 16} {
		ms = append(ms, Runs(b))
	}
	return append(ms, Minimal, Prefix, Suffix)
}

// Table runs every model at every size with every minimizer and writes a
// table: model, n, the calls per minimizer, the result size (one number when
// every minimizer agrees), and the ratios the sources make claims about. It
// returns the rows, for Claims.
func Table(w io.Writer, sizes []int, o Options) []Row {
	ms := minimize.All()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "model\tn\t")
	for _, m := range ms {
		fmt.Fprintf(tw, "%v\t", m)
	}
	fmt.Fprint(tw, "size\tadaptive/greedy\tadaptive/ddmin\tadaptive/ddmin-blocks\t\n")
	var rows []Row
	for _, model := range Models() {
		for _, n := range sizes {
			r := Run(model, n, ms, o)
			rows = append(rows, r)
			fmt.Fprintf(tw, "%s\t%d\t", r.Model.Name, r.N)
			for _, m := range ms {
				fmt.Fprintf(tw, "%s\t", r.calls(m, o.Cap))
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", r.sizes(ms),
				r.ratio(minimize.Adaptive, minimize.Greedy), r.ratio(minimize.Adaptive, minimize.DDMin), r.ratio(minimize.Adaptive, minimize.DDMinBlocks))
		}
	}
	tw.Flush()
	return rows
}

func (r Row) calls(m minimize.Algorithm, cap int) string {
	if r.Capped[m] > 0 {
		return fmt.Sprintf(">%d", cap)
	}
	return fmt.Sprintf("%.0f", r.Calls[m])
}

func (r Row) ratio(a, b minimize.Algorithm) string {
	if r.Capped[a] > 0 || r.Capped[b] > 0 || r.Calls[b] == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", r.Calls[a]/r.Calls[b])
}

func (r Row) sizes(ms []minimize.Algorithm) string {
	var s []string
	for _, m := range ms {
		s = append(s, fmt.Sprintf("%.0f", r.Size[m]))
	}
	if len(slices.Compact(slices.Clone(s))) == 1 {
		return s[0]
	}
	return strings.Join(s, "/")
}

// Claims writes, for each claim of the sources that the simulator can check
// (see the minimize package documentation), the numbers that bear on it, from
// Table's rows.
func Claims(w io.Writer, rows []Row) {
	ok := func(r Row, ms ...minimize.Algorithm) bool {
		for _, m := range ms {
			if r.Capped[m] > 0 || r.Calls[m] == 0 {
				return false
			}
		}
		return true
	}
	ratios := func(kind func(Model) bool, a, b minimize.Algorithm) (lo, hi, geo float64, count int) {
		lo, hi, logSum := math.Inf(1), math.Inf(-1), 0.0
		for _, r := range rows {
			if !kind(r.Model) || !ok(r, a, b) {
				continue
			}
			x := r.Calls[a] / r.Calls[b]
			lo, hi, logSum, count = min(lo, x), max(hi, x), logSum+math.Log(x), count+1
		}
		return lo, hi, math.Exp(logSum / float64(max(count, 1))), count
	}
	isRuns := func(m Model) bool { return m.Run > 0 }
	isSubset := func(m Model) bool { return m.Density > 0 }

	fmt.Fprintln(w, "(a) adaptive under 1.15x greedy on small blocks (runs of b removable items):")
	for _, r := range rows {
		if isRuns(r.Model) && ok(r, minimize.Adaptive, minimize.Greedy) {
			fmt.Fprintf(w, "    b=%-2d n=%-5d adaptive/greedy %.3f  adaptive-fwd/greedy %.3f  trial/greedy %.3f\n", r.Model.Run, r.N,
				r.Calls[minimize.Adaptive]/r.Calls[minimize.Greedy], r.Calls[minimize.AdaptiveForward]/r.Calls[minimize.Greedy], r.Calls[minimize.Trial]/r.Calls[minimize.Greedy])
		}
	}
	lo, hi, geo, k := ratios(func(Model) bool { return true }, minimize.Adaptive, minimize.Greedy)
	fmt.Fprintf(w, "    all %d rows: adaptive/greedy from %.2f to %.2f (geometric mean %.2f)\n", k, lo, hi, geo)

	fmt.Fprintln(w, "(b) adaptive about 0.75x ddmin on the random-subset model (1% to 99%):")
	for _, b := range []minimize.Algorithm{minimize.DDMinBlocks, minimize.DDMin} {
		for _, a := range []minimize.Algorithm{minimize.Adaptive, minimize.AdaptiveForward} {
			lo, hi, geo, k := ratios(isSubset, a, b)
			fmt.Fprintf(w, "    %v/%v over %d rows: from %.2f to %.2f, geometric mean %.2f\n", a, b, k, lo, hi, geo)
		}
	}

	fmt.Fprintln(w, "(c) greedy without restarts costs n + k (k essential items, the rest removable):")
	for _, m := range []minimize.Algorithm{minimize.Greedy, minimize.GreedyForward, minimize.GreedyRandom} {
		worst, count := 0.0, 0
		for _, r := range rows {
			if r.Model.Monotonic && ok(r, m) {
				worst, count = max(worst, math.Abs(r.Calls[m]-r.NPlusK[m])), count+1
			}
		}
		fmt.Fprintf(w, "    %v on %d monotonic rows: |calls - (n+k)| at most %.2f\n", m, count, worst)
	}
	for _, r := range rows {
		if !r.Model.Monotonic && ok(r, minimize.Greedy) {
			fmt.Fprintf(w, "    %-18s n=%-5d greedy %.0f, greedy-fwd %s, greedy-rand %s; n+k = %.0f\n", r.Model.Name, r.N,
				r.Calls[minimize.Greedy], r.calls(minimize.GreedyForward, 0), r.calls(minimize.GreedyRandom, 0), r.NPlusK[minimize.Greedy])
		}
	}

	fmt.Fprintln(w, "(d) Lithium: best case ~log2 n; monotonic k-clustered O(k log n); monotonic O(m log(n/m)):")
	for _, r := range rows {
		if !ok(r, minimize.Lithium) {
			continue
		}
		c, n, m := r.Calls[minimize.Lithium], float64(r.N), r.Size[minimize.Lithium]
		switch {
		case r.Model.Name == Prefix.Name:
			fmt.Fprintf(w, "    %-18s n=%-5d lithium %6.0f = %.2f log2 n  (the essential item first)\n", r.Model.Name, r.N, c, c/math.Log2(n))
		case r.Model.Clusters > 0:
			fmt.Fprintf(w, "    %-18s n=%-5d lithium %6.0f = %.2f k log2 n  (ddmin %s, ddmin-blocks %s)\n", r.Model.Name, r.N, c,
				c/(float64(r.Model.Clusters)*math.Log2(n)), r.calls(minimize.DDMin, 0), r.calls(minimize.DDMinBlocks, 0))
		case isSubset(r.Model) && m < n:
			fmt.Fprintf(w, "    %-18s n=%-5d lithium %6.0f = %6.2f m log2(n/m) = %.2f m  (m=%.0f)\n", r.Model.Name, r.N, c, c/(m*math.Log2(n/m)), c/m, m)
		}
	}
}
