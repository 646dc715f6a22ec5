package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hddreduce/hdd/hdd"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// statusLine shows a live status line on a terminal: a bar of the bytes
// removed so far, the phase, the size against the original, test runs,
// cache hits, runs per second and the time elapsed.
type statusLine struct {
	bar      *progressbar.ProgressBar
	original int
}

func newStatusLine(w io.Writer, original int) *statusLine {
	bar := progressbar.NewOptions64(int64(max(original, 1)),
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetWidth(20),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionSetElapsedTime(false),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionClearOnFinish(),
	)
	return &statusLine{bar: bar, original: original}
}

// update shows p. It is called from the reducer after each test run.
func (s *statusLine) update(p hdd.Progress) {
	st := p.Stats
	rate := 0.0
	if st.Elapsed > 0 {
		rate = float64(st.Tests) / st.Elapsed.Seconds()
	}
	pct := 0.0
	if s.original > 0 {
		pct = 100 * float64(p.Bytes) / float64(s.original)
	}
	s.bar.Set64(int64(s.original - p.Bytes))
	s.bar.Describe(fmt.Sprintf("%s | %d B (%.1f%%) | %d tests, %d cached | %.1f/s | %v",
		p.Phase, p.Bytes, pct, st.Tests, st.CacheHits, rate, st.Elapsed.Round(time.Second)))
}

// finish clears the line so the summary starts on a clean line.
func (s *statusLine) finish() {
	s.bar.Finish()
}
