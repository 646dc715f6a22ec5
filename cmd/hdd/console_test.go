package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/hddreduce/hdd/hdd"
)

// TestConsole checks that a message clears the status line before it and
// draws it again after it, and that the status line fits the terminal.
func TestConsole(t *testing.T) {
	var b bytes.Buffer
	c := &console{w: &b, fd: -1}
	c.printf("plain %d", 1)
	c.show("ignored: not a terminal", true)
	if got := b.String(); got != "hdd: plain 1\n" {
		t.Fatalf("not a terminal: got %q", got)
	}

	b.Reset()
	c = &console{w: &b, fd: 0, width: func() int { return 40 }}
	long := "hdd: level 2/10 | 123456 B left (50.0%) | 12 tests, 3 cached, 4.0/s | 3s"
	c.show(long, true)
	c.printf("a log line")
	c.clear()
	want := "\r\x1b[K" + long[:39] + // the status line, cut to 39 columns
		"\r\x1b[K" + "hdd: a log line\n" + long[:39] + // cleared, the line, drawn again
		"\r\x1b[K" // cleared for good
	if got := b.String(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestStatusText(t *testing.T) {
	p := hdd.Progress{Phase: "level 3/7", Bytes: 500, Stats: hdd.Stats{Tests: 1, CacheHits: 2, Elapsed: 2 * time.Second}}
	got := statusText(p, 1000)
	if want := "hdd: level 3/7 | 500 B left (50.0%) | 1 test, 2 cached, 0.5/s | 2s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		part, whole int
		want        string
	}{{0, 10, "0%"}, {10, 10, "100%"}, {7, 19999, "<0.1%"}, {19992, 19999, ">99.9%"}, {1, 3, "33.3%"}, {1, 0, "-"}} {
		if got := percent(tc.part, tc.whole); got != tc.want || strings.Contains(got, "100.0") {
			t.Errorf("percent(%d, %d) = %q, want %q", tc.part, tc.whole, got, tc.want)
		}
	}
}
