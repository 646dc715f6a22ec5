package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain runs the test binary as the replaying test when hdd runs it so
// in TestReplay, as main runs hddbench.
func TestMain(m *testing.M) {
	if os.Getenv(envRecording) != "" && len(os.Args) == 2 {
		os.Exit(replayMain(os.Args[1]))
	}
	os.Exit(m.Run())
}

// smallCase builds hdd and a corpus of one JSON case in a temporary
// directory, and returns the binary and the corpus.
func smallCase(t *testing.T) (hdd, cases string) {
	dir := t.TempDir()
	hdd = filepath.Join(dir, "hdd")
	if out, err := exec.Command("go", "build", "-o", hdd, "../hdd").CombinedOutput(); err != nil {
		t.Fatalf("building hdd: %v\n%s", err, out)
	}
	cases = filepath.Join(dir, "cases")
	c := filepath.Join(cases, "json", "small")
	os.MkdirAll(c, 0o755)
	os.WriteFile(filepath.Join(c, "input.json"), []byte(`{"a": [1, 2, {"b": "boom"}], "c": "x"}`), 0o644)
	os.WriteFile(filepath.Join(c, "test.sh"), []byte("#!/bin/sh\ngrep -q boom \"$1\"\n"), 0o755)
	return hdd, cases
}

func TestBench(t *testing.T) {
	hdd, cases := smallCase(t)

	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-hdd", hdd, "-tools", "hdd*,hdd/greedy", cases}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"| json/small | hdd* |", "| json/small | hdd/greedy |"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "NO") {
		t.Errorf("an output was not verified:\n%s\n%s", out, stderr.String())
	}
	// The counted runs must match what hdd reports.
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "| json/small") {
			f := strings.Split(line, "|")
			if strings.TrimSpace(f[3]) == "0" {
				t.Errorf("no test runs counted: %s", line)
			}
		}
	}
}

func TestReplay(t *testing.T) {
	hdd, cases := smallCase(t)
	for _, tc := range []struct {
		flags    string
		estimate bool // the recording run has a log to cut into phases
	}{
		{"", true},
		{"-q", false}, // -q excludes the -v the estimate needs
	} {
		t.Run("flags="+tc.flags, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), []string{"-hdd", hdd, "-flags", tc.flags, "-replay", "1,4", "-replay-time", "20ms", cases}, &stdout, &stderr)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr.String())
			}
			out := stdout.String()
			for _, want := range []string{"| json/small | 1 |", "| json/small | 4 |"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s\n%s", want, out, stderr.String())
				}
			}
			at := strings.Index(out, "Estimate:")
			if got := at >= 0 && strings.Contains(out[at:], "\n| 4 | "); got != tc.estimate {
				t.Errorf("estimate printed: %v, want %v:\n%s", got, tc.estimate, out)
			}
			if strings.Contains(out, "NO") {
				t.Errorf("an output was not verified:\n%s", out)
			}
		})
	}
}

func TestBenchNoCases(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-hdd", "/bin/true", t.TempDir()}, &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), "no cases") {
		t.Errorf("stderr = %q", stderr.String())
	}
}

func TestRounds(t *testing.T) {
	tests := []struct {
		name string
		log  string
		want int
	}{
		{"one", "replayed start 1 10\nend 1 20\n", 1},
		{"two at once", "replayed start 1 10\nnew start 2 11\nend 1 20\nend 2 21\n", 1},
		{"one after the other", "replayed start 1 10\nend 1 20\nreplayed start 2 21\nend 2 30\n", 2},
		{"a third after the first of two", "replayed start 1 10\nreplayed start 2 15\nend 1 20\nreplayed start 3 22\nend 2 25\nend 3 32\n", 2},
		{"canceled, never ended", "replayed start 1 10\nreplayed start 2 11\nend 1 20\n", 1},
	}
	for _, tt := range tests {
		if got := rounds([]byte(tt.log)); got != tt.want {
			t.Errorf("%s: rounds = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestReplayFailTime checks that the replaying test takes -replay-time for
// an interesting candidate and -replay-fail-time for another, by the times
// it logs.
func TestReplayFailTime(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "good"), filepath.Join(dir, "bad")
	key := func(b string) string { s := sha256.Sum256([]byte(b)); return hex.EncodeToString(s[:]) }
	recording := filepath.Join(dir, "recording")
	for path, text := range map[string]string{good: "good", bad: "bad", recording: key("good") + " 0\n" + key("bad") + " 1\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	counts := filepath.Join(dir, "counts")
	t.Setenv(envRecording, recording)
	t.Setenv(envCounts, counts)
	t.Setenv(envDelay, "400ms")
	t.Setenv(envDelayFail, "1ms")
	for _, tc := range []struct {
		path string
		code int
	}{{good, 0}, {bad, 1}} {
		if got := replayMain(tc.path); got != tc.code {
			t.Errorf("%s: exit %d, want %d", filepath.Base(tc.path), got, tc.code)
		}
	}
	b, err := os.ReadFile(counts)
	if err != nil {
		t.Fatal(err)
	}
	var at []int64 // start, end of each run
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(l)
		n, _ := strconv.ParseInt(f[len(f)-1], 10, 64)
		at = append(at, n)
	}
	if len(at) != 4 {
		t.Fatalf("counts:\n%s", b)
	}
	if good := time.Duration(at[1] - at[0]); good < 400*time.Millisecond {
		t.Errorf("the interesting candidate's run took %v, want 400ms", good)
	}
	if bad := time.Duration(at[3] - at[2]); bad >= 400*time.Millisecond {
		t.Errorf("the other candidate's run took %v, want 1ms", bad)
	}
}
