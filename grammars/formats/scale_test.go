package formats

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// The benchmarks here document hdd's own cost per candidate and per
// reduction as inputs grow, on the synthetic inputs of gen_test.go:
//
//	go test -run '^$' -bench . -benchtime 1x ./grammars/formats/        # reductions: one each
//	go test -run '^$' -bench 'Parse|Render|Check' ./grammars/formats/   # per-candidate costs
//
// BenchmarkParse, BenchmarkRender and BenchmarkCheck time the three steps
// hdd takes for every input or candidate; BenchmarkReduce runs whole
// reductions in process with a cheap test (the marker is present) and
// reports test runs, peak memory and where the time went. TestScale runs
// the small sizes of the same reductions under go test.

// halfCandidate returns a configuration removing about half of the input: it
// flips a coin for each of the outermost shrinkable nodes that span less
// than 1% of the input (descending into the others), with a fixed seed.
// XML namespace declarations stay, so that the candidate is well-formed and
// Check reads all of it.
func halfCandidate(t *tree.Tree) tree.Candidate {
	rng := rand.New(rand.NewPCG(1, 2))
	var ids []tree.NodeID
	var visit func(id tree.NodeID)
	visit = func(id tree.NodeID) {
		n := &t.Nodes[id]
		if bytes.HasPrefix(t.Text(id), []byte("xmlns")) {
			return
		}
		if t.CanShrink(id) && int(n.End-n.Start)*100 < len(t.Src) {
			if rng.IntN(2) == 0 {
				ids = append(ids, id)
			}
			return
		}
		for _, c := range t.Children(id) {
			visit(c)
		}
	}
	visit(0)
	return tree.Candidate{}.Remove(ids...)
}

// synthCache keeps generated inputs across benchmarks: generating 2 MB of
// C costs more than parsing it.
var synthCache sync.Map // "fmt/size" → []byte

func cachedSynth(f synthFormat, sz synthSize) []byte {
	key := f.name + "/" + sz.name
	if b, ok := synthCache.Load(key); ok {
		return b.([]byte)
	}
	b := synthInput(f, sz.bytes)
	synthCache.Store(key, b)
	return b
}

func BenchmarkParse(b *testing.B) {
	for _, f := range synthFormats {
		for _, sz := range synthSizes {
			b.Run(f.name+"/"+sz.name, func(b *testing.B) {
				src := cachedSynth(f, sz)
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				var nodes int
				for b.Loop() {
					doc, err := f.format.Parse(context.Background(), src)
					if err != nil {
						b.Fatal(err)
					}
					nodes = doc.Tree.Len()
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}

// BenchmarkRender renders a candidate removing half the shrinkable nodes
// with unparse.Text, as the Reducer does for each candidate.
func BenchmarkRender(b *testing.B) {
	for _, f := range synthFormats {
		for _, sz := range synthSizes {
			b.Run(f.name+"/"+sz.name, func(b *testing.B) {
				src := cachedSynth(f, sz)
				doc, err := f.format.Parse(context.Background(), src)
				if err != nil {
					b.Fatal(err)
				}
				c := halfCandidate(doc.Tree)
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				var out []byte
				for b.Loop() {
					out = unparse.Text(doc.Tree, doc.Policy, c)
				}
				b.ReportMetric(float64(len(out)), "out-bytes")
			})
		}
	}
}

// BenchmarkCheck runs the policy's Check on the candidate of BenchmarkRender, for
// the formats that have a Check (JSON candidates are well-formed by
// construction).
func BenchmarkCheck(b *testing.B) {
	for _, f := range synthFormats {
		for _, sz := range synthSizes {
			b.Run(f.name+"/"+sz.name, func(b *testing.B) {
				src := cachedSynth(f, sz)
				doc, err := f.format.Parse(context.Background(), src)
				if err != nil {
					b.Fatal(err)
				}
				if doc.Policy.Check == nil {
					b.Skipf("%s has no Check", f.name)
				}
				text := unparse.Text(doc.Tree, doc.Policy, halfCandidate(doc.Tree))
				accepted := 0.0
				if doc.Policy.Check(text) == nil {
					accepted = 1
				}
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					doc.Policy.Check(text)
				}
				b.ReportMetric(accepted, "accepted")
			})
		}
	}
}

// A scaleRun is the outcome of one in-process reduction.
type scaleRun struct {
	out          []byte
	stats        hdd.Stats
	parse, total time.Duration // parsing; parsing and reducing
	check        time.Duration // time inside the policy's Check
	peakHeap     uint64        // highest sampled heap objects, bytes
	alloc        uint64        // bytes allocated
	peakRSS      int64         // VmHWM after a reset, bytes; -1 where unknown
}

// candidates counts every candidate the search looked at: test runs
// (including the original's, the empty file's and the final one), cache
// hits and candidates Check refused.
func (r scaleRun) candidates() int { return r.stats.Tests + r.stats.CacheHits + r.stats.Rejected }

// scaleReduce parses src and reduces it with hdd* (the command's default)
// and a test that is interesting iff the marker is present, one test at a
// time, measuring time and memory, with the command's garbage collector
// setting.
func scaleReduce(tb testing.TB, f synthFormat, src []byte) scaleRun {
	tb.Helper()
	var r scaleRun
	defer debug.SetGCPercent(debug.SetGCPercent(25)) // as cmd/hdd sets it
	runtime.GC()
	debug.FreeOSMemory()
	resetPeakRSS()
	stop := sampleHeap(&r.peakHeap)
	allocs0 := readMetric("/gc/heap/allocs:bytes")
	start := time.Now()

	doc, err := f.format.Parse(context.Background(), src)
	if err != nil {
		tb.Fatal(err)
	}
	r.parse = time.Since(start)
	var check atomic.Int64
	// The search without the format's transforms and tidies, whose tests
	// are not what this measures.
	red := hdd.Reducer{
		Oracle:      hdd.OracleFunc(func(c []byte) bool { return bytes.Contains(c, []byte(synthMarker)) }),
		Algorithm:   hdd.HDDStar,
		Jobs:        1,
		NoTransform: true,
		NoTidy:      true,
	}
	policy := *doc.Policy
	if policy.Check != nil {
		policy.Check = func(c []byte) error {
			t0 := time.Now()
			err := doc.Policy.Check(c)
			check.Add(int64(time.Since(t0)))
			return err
		}
	}
	res, err := red.Reduce(context.Background(), doc.Tree, &policy)
	if err != nil {
		tb.Fatal(err)
	}
	r.total = time.Since(start)
	r.alloc = readMetric("/gc/heap/allocs:bytes") - allocs0
	stop()
	r.peakRSS = peakRSS()
	r.out, r.stats = res.Output, res.Stats
	r.check = time.Duration(check.Load())
	return r
}

func readMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// sampleHeap records the highest heap in use by objects (live or not yet
// swept) into *peak every millisecond until the returned func is called.
// It can exceed the resident set: unparse.Text allocates a buffer as large
// as the input for every candidate, and the pages a short candidate leaves
// untouched are never resident.
func sampleHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			if v := readMetric("/memory/classes/heap/objects:bytes"); v > *peak {
				*peak = v
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

// resetPeakRSS resets the kernel's high-water mark of this process's
// resident set (Linux; elsewhere it does nothing).
func resetPeakRSS() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns VmHWM, the peak resident set since the last reset, which
// unlike the Go heap includes tree-sitter's C memory; -1 where unknown.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return -1
			}
			return kb << 10
		}
	}
	return -1
}

const mb = 1 << 20

// BenchmarkReduce reduces each synthetic input in process and reports, per
// reduction: test runs, candidates (tests, cache hits and candidates Check
// refused), the size of the result, the peak live heap, the bytes
// allocated, the peak resident set (with tree-sitter's C memory), and the
// milliseconds spent parsing, rendering and checking. Run it with
// -benchtime 1x: a 2 MB reduction takes seconds.
func BenchmarkReduce(b *testing.B) {
	for _, f := range synthFormats {
		for _, sz := range synthSizes {
			b.Run(f.name+"/"+sz.name, func(b *testing.B) {
				src := cachedSynth(f, sz)
				var r scaleRun
				for b.Loop() {
					r = scaleReduce(b, f, src)
				}
				if !bytes.Contains(r.out, []byte(synthMarker)) {
					b.Fatalf("the result lacks the marker: %q", r.out)
				}
				b.ReportMetric(float64(r.stats.Tests), "tests")
				b.ReportMetric(float64(r.candidates()), "cands")
				b.ReportMetric(float64(len(r.out)), "out-bytes")
				b.ReportMetric(float64(r.peakHeap)/mb, "peak-heap-MB")
				b.ReportMetric(float64(r.alloc)/mb, "alloc-MB")
				if r.peakRSS > 0 {
					b.ReportMetric(float64(r.peakRSS)/mb, "peak-RSS-MB")
				}
				b.ReportMetric(float64(r.parse.Microseconds())/1e3, "parse-ms")
				b.ReportMetric(float64(r.check.Microseconds())/1e3, "check-ms")
			})
		}
	}
}

// TestScale runs the reductions of BenchmarkReduce on the 10 KB and 100 KB
// inputs (10 KB only with -short) and checks that each ends at a small,
// well-formed result holding the marker, without a blow-up in test runs.
func TestScale(t *testing.T) {
	for _, f := range synthFormats {
		for _, sz := range synthSizes {
			if sz.long || testing.Short() && sz.bytes > 10<<10 {
				continue
			}
			t.Run(f.name+"/"+sz.name, func(t *testing.T) {
				src := cachedSynth(f, sz)
				r := scaleReduce(t, f, src)
				t.Logf("%d -> %d bytes: %d tests, %d candidates, %v (parse %v, check %v); peak heap %.1f MB, allocated %.1f MB, peak RSS %.1f MB\n%s",
					len(src), len(r.out), r.stats.Tests, r.candidates(), r.total.Round(time.Millisecond),
					r.parse.Round(time.Millisecond), r.check.Round(time.Millisecond),
					float64(r.peakHeap)/mb, float64(r.alloc)/mb, float64(r.peakRSS)/mb, r.out)
				if !bytes.Contains(r.out, []byte(synthMarker)) {
					t.Fatalf("the result lacks the marker:\n%s", r.out)
				}
				if len(r.out) > 100 {
					t.Errorf("the result has %d bytes, want at most 100:\n%s", len(r.out), r.out)
				}
				// One marker among n records costs O(log n) tests per
				// level: about 90 here, whatever the size.
				if r.stats.Tests > 300 {
					t.Errorf("%d test runs, want at most 300", r.stats.Tests)
				}
				if _, err := f.format.Parse(context.Background(), r.out); err != nil {
					t.Fatalf("the result does not parse as %s: %v\n%s", f.name, err, r.out)
				}
			})
		}
	}
}
