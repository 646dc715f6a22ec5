package hdd

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/tree"
)

func TestReduceTidies(t *testing.T) {
	tr := leafDoc(t, "keep\n\n\nkeep too  \n")
	var improved []byte
	r := Reducer{
		Oracle:   OracleFunc(func(b []byte) bool { return bytes.Contains(b, []byte("keep too")) }),
		Improved: func(b []byte) { improved = b },
	}
	res, err := r.Reduce(context.Background(), tr, &tree.Policy{Tidies: grammars.Tidies})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Output), "keep\nkeep too\n"; got != want || string(improved) != want {
		t.Errorf("got %q (improved %q), want %q", got, improved, want)
	}
}

// leafDoc returns a tree of src that is one node: what a reduction can do
// with it is the tidies' work.
func leafDoc(t *testing.T, src string) *tree.Tree {
	t.Helper()
	tr := tree.NewTree([]byte(src))
	tr.Add(tree.NoNode, "doc", 0, len(src), 0, "")
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestTidyPanics checks that a tidy that panics, at one job and at four
// (where the tidies also run ahead of the finish), is skipped with a
// warning: the reduction ends with what the other tidies make.
func TestTidyPanics(t *testing.T) {
	broken := tree.Tidy{Name: "broken", Apply: func([]byte) []byte { panic("index out of range") }}
	for _, jobs := range []int{1, 4} {
		tr := leafDoc(t, "keep\n\n\nkeep too  \n")
		var warnings []string
		r := Reducer{
			Oracle: OracleFunc(func(b []byte) bool { return bytes.Contains(b, []byte("keep too")) }),
			Jobs:   jobs,
			Warn:   func(err error) { warnings = append(warnings, err.Error()) },
		}
		res, err := r.Reduce(context.Background(), tr, &tree.Policy{Tidies: append([]tree.Tidy{broken}, grammars.Tidies...)})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(res.Output), "keep\nkeep too\n"; got != want {
			t.Errorf("%d jobs: got %q, want %q", jobs, got, want)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], `tidy "broken"`) {
			t.Errorf("%d jobs: warnings %q, want one about the broken tidy", jobs, warnings)
		}
	}
}

// dropLetter is a tidy that removes letter l and the blank after it.
func dropLetter(l string) tree.Tidy {
	return tree.Tidy{Name: "drop " + l, Apply: func(b []byte) []byte {
		return bytes.ReplaceAll(b, []byte(l+" "), nil)
	}}
}

// TestFinishAhead checks that finish adopts the same tidies and gives the
// same confirmation whatever the jobs: one at a time, in one round (16
// jobs: 7 tests of the texts three tidies can make and 8 confirmations),
// in two (8 jobs), and with too few jobs for two rounds (4), when it goes
// one at a time.
func TestFinishAhead(t *testing.T) {
	tidies := []tree.Tidy{dropLetter("b"), dropLetter("c"), dropLetter("d")}
	tests := []struct {
		name        string
		interesting func(text string) bool
		want        string
	}{
		{"every tidy", func(string) bool { return true }, "a "},
		{"none", func(text string) bool {
			return strings.Contains(text, "b") && strings.Contains(text, "c") && strings.Contains(text, "d")
		}, "a b c d "},
		{"the middle one", func(text string) bool { return strings.Contains(text, "b") && strings.Contains(text, "d") }, "a b d "},
		{"one of two", func(text string) bool { return strings.Contains(text, "b") || strings.Contains(text, "c") }, "a c "},
	}
	for _, tt := range tests {
		for _, jobs := range []int{1, 4, 8, 16} {
			s := letters(t, 4, jobs, tt.interesting)
			s.p.Tidies = tidies
			var improved []string
			s.r.Improved = func(b []byte) { improved = append(improved, string(b)) }
			ok, err := s.finish(context.Background())
			if err != nil || !ok || string(s.best) != tt.want {
				t.Errorf("%s, %d jobs: finish gives %q, %v, %v; want %q, true", tt.name, jobs, s.best, ok, err, tt.want)
			}
			if len(improved) > 0 && improved[len(improved)-1] != tt.want {
				t.Errorf("%s, %d jobs: the last text reported is %q", tt.name, jobs, improved[len(improved)-1])
			}
		}
	}
}

// TestFinishAheadIsOneRound checks that with enough jobs every run of
// finish is under way at once: each run waits until all 15 have started.
func TestFinishAheadIsOneRound(t *testing.T) {
	const runs = 15
	var mu sync.Mutex
	started := 0
	all := make(chan struct{})
	s := letters(t, 4, 16, func(text string) bool {
		mu.Lock()
		if started++; started == runs {
			close(all)
		}
		mu.Unlock()
		select {
		case <-all:
		case <-time.After(10 * time.Second):
			t.Errorf("a run of %q waited in vain for the others", text)
		}
		return true
	})
	s.p.Tidies = []tree.Tidy{dropLetter("b"), dropLetter("c"), dropLetter("d")}
	ok, err := s.finish(context.Background())
	if err != nil || !ok || string(s.best) != "a " {
		t.Fatalf("finish gives %q, %v, %v; want \"a \", true", s.best, ok, err)
	}
	if s.stats.Tests != runs {
		t.Errorf("%d runs, want %d", s.stats.Tests, runs)
	}
}

// TestFinishAheadInTwoRounds checks that with jobs for half of finish's
// runs, it still makes them all at once, never more at a time than the
// jobs: 15 runs at 8 jobs, where one at a time would make 4 (three tidies
// and a confirmation, all interesting).
func TestFinishAheadInTwoRounds(t *testing.T) {
	const jobs = 8
	var mu sync.Mutex
	running, most := 0, 0
	s := letters(t, 4, jobs, func(string) bool {
		mu.Lock()
		running++
		most = max(most, running)
		mu.Unlock()
		time.Sleep(20 * time.Millisecond)
		mu.Lock()
		running--
		mu.Unlock()
		return true
	})
	s.p.Tidies = []tree.Tidy{dropLetter("b"), dropLetter("c"), dropLetter("d")}
	ok, err := s.finish(context.Background())
	if err != nil || !ok || string(s.best) != "a " {
		t.Fatalf("finish gives %q, %v, %v; want \"a \", true", s.best, ok, err)
	}
	if s.stats.Tests != 15 || most > jobs || most < 2 {
		t.Errorf("%d runs, at most %d at once; want 15, at most %d", s.stats.Tests, most, jobs)
	}
}

// TestFinishOneTidyTwoJobs checks that where one tidy shortens the text
// and its runs do not fit in one round, finish runs one at a time: two
// rounds either way, and one run fewer (at 2 jobs, a test and a
// confirmation, not a test and two confirmations).
func TestFinishOneTidyTwoJobs(t *testing.T) {
	s := letters(t, 4, 2, func(string) bool { return true })
	s.p.Tidies = []tree.Tidy{dropLetter("b")}
	ok, err := s.finish(context.Background())
	if err != nil || !ok || string(s.best) != "a c d " {
		t.Fatalf("finish gives %q, %v, %v; want \"a c d \", true", s.best, ok, err)
	}
	if s.stats.Tests != 2 {
		t.Errorf("%d runs, want 2", s.stats.Tests)
	}
}

// TestFinishBeside checks that the runs finishBeside starts serve finish
// when the search ends with the text they were started for, and that
// finish makes its own when the search adopted more since.
func TestFinishBeside(t *testing.T) {
	tidies := []tree.Tidy{dropLetter("b"), dropLetter("c")}
	tests := []struct {
		name      string
		adopt     bool // whether a candidate is adopted between finishBeside and finish
		wantRuns  int  // the runs of finishBeside and finish
		wantFinal string
	}{
		// From "a b c d ", the tests of the texts the tidies lead to,
		// "a c d ", "a d " and "a b d " (not interesting), and the
		// confirmations of those finish may end with, "a d ", "a c d ",
		// "a b d " and "a b c d ": 7 runs, and finish makes none.
		{name: "same best", wantRuns: 7, wantFinal: "a d "},
		// After d is adopted away (a run), finish starts again from
		// "a b c ": 7 runs of its own.
		{name: "adopted since", adopt: true, wantRuns: 7 + 1 + 7, wantFinal: "a "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := letters(t, 4, 16, func(text string) bool { return strings.HasPrefix(text, "a") && !strings.Contains(text, "b d") })
			s.p.Tidies = tidies
			var wg sync.WaitGroup
			if n := s.finishBeside(context.Background(), 15, &wg); n == 0 {
				t.Fatal("finishBeside started nothing")
			}
			wg.Wait()
			if again := s.finishBeside(context.Background(), 15, &wg); again != 0 {
				t.Errorf("finishBeside started %d runs again for the same best", again)
			}
			if tt.adopt {
				if ok, err := s.try(context.Background(), s.cur.Remove(4)); !ok || err != nil {
					t.Fatalf("removing d: %v, %v", ok, err)
				}
			}
			ok, err := s.finish(context.Background())
			if err != nil || !ok || string(s.best) != tt.wantFinal {
				t.Errorf("finish gives %q, %v, %v; want %q, true", s.best, ok, err, tt.wantFinal)
			}
			if s.stats.Tests != tt.wantRuns {
				t.Errorf("%d runs, want %d", s.stats.Tests, tt.wantRuns)
			}
		})
	}
}
