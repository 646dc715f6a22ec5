package hdd_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd"
)

// TestPreflightOverlaps checks that with jobs to spare, the first tests of
// the search run while the original is checked, that the empty file runs
// once though the search asks for it too, and that the result is the one
// of one job.
func TestPreflightOverlaps(t *testing.T) {
	const src = "(a (b crash) (c d) e)"
	serial, err := (&hdd.Reducer{Oracle: contains("crash")}).Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	runs := map[string]int{}
	other := make(chan struct{}) // closed when a test of another text starts
	oracle := hdd.OracleFunc(func(c []byte) bool {
		text := string(c)
		mu.Lock()
		if runs[text]++; text != src && text != "" && len(runs) >= 2 {
			select {
			case <-other:
			default:
				close(other)
			}
		}
		mu.Unlock()
		if text == src {
			select {
			case <-other:
			case <-time.After(10 * time.Second):
				t.Error("a check of the original waited in vain for a test of the search")
			}
		}
		return contains("crash")(c)
	})
	r := hdd.Reducer{Oracle: oracle, Jobs: 8}
	res, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Output) != string(serial.Output) {
		t.Errorf("got %q, one job gives %q", res.Output, serial.Output)
	}
	if runs[""] != 1 {
		t.Errorf("the empty file ran %d times, want once", runs[""])
	}
}

// blockingOracle finds neither its text nor the empty file interesting,
// and holds every other run until its context is done.
type blockingOracle struct {
	text    string
	running atomic.Int64
}

func (o *blockingOracle) Interesting(ctx context.Context, c []byte) (bool, error) {
	o.running.Add(1)
	defer o.running.Add(-1)
	if string(c) == o.text || len(c) == 0 {
		return false, nil
	}
	select {
	case <-ctx.Done():
		return false, ctx.Err()
	case <-time.After(10 * time.Second):
		return false, errors.New("a test of the search was not stopped")
	}
}

// TestPreflightStopsTheSearch checks that when the original is not
// interesting, the tests started beside its checks are stopped, and have
// ended when ReduceChecked returns ErrNotInteresting.
func TestPreflightStopsTheSearch(t *testing.T) {
	const src = "(a (b crash) (c d) e)"
	o := &blockingOracle{text: src}
	r := hdd.Reducer{Oracle: o, Jobs: 8}
	start := time.Now()
	_, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if !errors.Is(err, hdd.ErrNotInteresting) {
		t.Fatalf("err = %v, want ErrNotInteresting", err)
	}
	if n := o.running.Load(); n != 0 {
		t.Errorf("%d tests still running after Reduce returned", n)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("Reduce took %v: the tests beside the checks were not stopped", el)
	}
}

// errOracle fails to run the test on its text; the other runs take a
// while, and count how many were stopped.
type errOracle struct {
	text    string
	stopped atomic.Int64
	others  atomic.Int64
}

func (o *errOracle) Interesting(ctx context.Context, c []byte) (bool, error) {
	if string(c) == o.text || len(c) == 0 {
		return false, errors.New("cannot run the test")
	}
	o.others.Add(1)
	time.Sleep(50 * time.Millisecond)
	if ctx.Err() != nil {
		o.stopped.Add(1)
	}
	return false, nil
}

// TestPreflightErrorLetsTestsEnd checks that when the checks could not
// run the test, Reduce returns their error, and the tests beside them end
// on their own rather than being stopped while they start (which fails
// too when what failed is the launcher, such as srun).
func TestPreflightErrorLetsTestsEnd(t *testing.T) {
	const src = "(a (b crash) (c d) e)"
	o := &errOracle{text: src}
	r := hdd.Reducer{Oracle: o, Jobs: 8}
	_, err := r.Reduce(context.Background(), sexp(t, src), sexpPolicy)
	if err == nil || errors.Is(err, hdd.ErrNotInteresting) {
		t.Fatalf("err = %v, want the checks' error", err)
	}
	if o.others.Load() == 0 {
		t.Fatal("no test ran beside the checks")
	}
	if n := o.stopped.Load(); n != 0 {
		t.Errorf("%d of %d tests beside the checks were stopped", n, o.others.Load())
	}
}
