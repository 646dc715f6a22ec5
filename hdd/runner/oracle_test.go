package runner

import (
	"context"
	"errors"
	"syscall"
	"testing"

	"github.com/hddreduce/hdd/hdd"
)

// The engine takes an Oracle.
var _ hdd.Oracle = (*Oracle)(nil)

// verdicts is a Tester that returns its verdicts in turn, then errBoom.
type verdicts []Verdict

var errBoom = errors.New("boom")

func (vs *verdicts) Test(ctx context.Context, _ []byte) (Verdict, error) {
	if len(*vs) == 0 {
		return Verdict{}, errBoom
	}
	v := (*vs)[0]
	*vs = (*vs)[1:]
	return v, nil
}

func TestOracle(t *testing.T) {
	vs := verdicts{
		{Exit: 3, Output: []byte("no crash")},
		{Interesting: true},
		{Exit: -1, TimedOut: true},
		{Exit: -1, TimedOut: true},
	}
	o := &Oracle{Tester: &vs}
	if _, ok := o.First(); ok {
		t.Error("First before any run reports a verdict")
	}
	for i, want := range []bool{false, true, false, false} {
		got, err := o.Interesting(context.Background(), nil)
		if err != nil || got != want {
			t.Errorf("run %d: got %v, %v; want %v", i, got, err, want)
		}
	}
	if _, err := o.Interesting(context.Background(), nil); !errors.Is(err, errBoom) {
		t.Errorf("the Tester's error: got %v", err)
	}
	first, ok := o.First()
	if !ok || first.Exit != 3 || string(first.Output) != "no crash" {
		t.Errorf("First = %+v, %v; want the first verdict", first, ok)
	}
	if got := first.String(); got != "the test exited with status 3" {
		t.Errorf("String = %q", got)
	}
	if got := o.Timeouts(); got != 2 {
		t.Errorf("Timeouts = %d, want 2", got)
	}
	if got := (Verdict{Exit: -1, TimedOut: true}).String(); got != "the test timed out" {
		t.Errorf("String of a timeout = %q", got)
	}
	if got, want := (Verdict{Exit: -1, Signal: syscall.SIGSEGV}).String(), "the test was killed by SIGSEGV (segmentation fault)"; got != want {
		t.Errorf("String of a crash = %q, want %q", got, want)
	}
}
