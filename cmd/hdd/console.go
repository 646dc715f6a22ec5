package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd"
	"golang.org/x/term"
)

// A console writes hdd's messages, one line each with the "hdd: " prefix.
// On a terminal it also keeps a live status line below them, cut to the
// terminal's width so it never wraps, cleared before each message and drawn
// again after it. (A progress-bar library draws a bar, but leaves log lines
// glued to it and wraps on narrow terminals; a line of text is all hdd
// needs.) A console is safe for concurrent use.
type console struct {
	mu     sync.Mutex
	w      io.Writer
	fd     int        // the terminal's descriptor, or -1
	width  func() int // the terminal's width in columns, 0 if unknown
	status string     // the status line on the screen, "" if none
	drawn  time.Time
}

// newConsole returns a console writing to w.
func newConsole(w io.Writer) *console {
	c := &console{w: w, fd: -1}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		c.fd = int(f.Fd())
		c.width = func() int {
			w, _, err := term.GetSize(c.fd)
			if err != nil {
				return 0
			}
			return w
		}
	}
	return c
}

// terminal reports whether the console writes to a terminal.
func (c *console) terminal() bool { return c.fd >= 0 }

// printf writes one message line.
func (c *console) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.status != "" {
		io.WriteString(c.w, "\r\x1b[K")
	}
	fmt.Fprintf(c.w, "hdd: "+format+"\n", args...)
	if c.status != "" {
		io.WriteString(c.w, c.status)
	}
}

// Write writes p as it is, clearing the status line first; it makes the
// console an io.Writer for multi-line text.
func (c *console) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.status != "" {
		io.WriteString(c.w, "\r\x1b[K")
		defer io.WriteString(c.w, c.status)
	}
	return c.w.Write(p)
}

// show draws the status line s, at most ten times a second unless force.
func (c *console) show(s string, force bool) {
	if !c.terminal() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !force && time.Since(c.drawn) < 100*time.Millisecond {
		return
	}
	c.drawn = time.Now()
	if w := c.width(); w > 1 {
		s = cut(s, w-1) // the last column would wrap on some terminals
	}
	c.status = s
	io.WriteString(c.w, "\r\x1b[K"+s)
}

// clear removes the status line.
func (c *console) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.status != "" {
		io.WriteString(c.w, "\r\x1b[K")
		c.status = ""
	}
}

// cut returns the first n characters of s.
func cut(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// statusText is the status line for a snapshot of the reduction: the
// phase, the bytes left against the original, the test runs and the time.
func statusText(p hdd.Progress, original int) string {
	st := p.Stats
	rate := 0.0
	if st.Elapsed > 0 {
		rate = float64(st.Tests) / st.Elapsed.Seconds()
	}
	return fmt.Sprintf("hdd: %s | %d B left (%s) | %s, %d cached, %.1f/s | %v",
		p.Phase, p.Bytes, percent(p.Bytes, original), grammars.Plural(st.Tests, "test"), st.CacheHits, rate, st.Elapsed.Round(time.Second))
}

// percent returns part as a percentage of whole, never rounded to 0% or
// 100% unless it is exactly that.
func percent(part, whole int) string {
	if whole <= 0 {
		return "-"
	}
	p := 100 * float64(part) / float64(whole)
	switch {
	case part == 0 || part == whole:
		return fmt.Sprintf("%.0f%%", p)
	case p < 0.1:
		return "<0.1%"
	case p > 99.9 && part < whole:
		return ">99.9%"
	}
	return fmt.Sprintf("%.1f%%", p)
}
