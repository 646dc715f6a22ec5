package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBadInputTable covers each row of the README's table of failures with
// the real binary: what hdd says, its exit status, and that the input is
// never lost or changed.
func TestBadInputTable(t *testing.T) {
	dir := t.TempDir()
	const payload = `{"a": [1, 2, 3], "b": "crash", "c": {"d": null}}`
	good := script(t, dir, "good.sh", `grep -q crash "$1"`)
	lockedOut := filepath.Join(dir, "locked.json")
	// Another hdd holds the output's lock: this process, with the kernel's lock.
	holder, err := os.OpenFile(lockedOut+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	fmt.Fprintln(holder, os.Getpid())
	if err := syscall.Flock(int(holder.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	loop := filepath.Join(dir, "loop.json")
	os.Symlink(loop, loop)
	huge := filepath.Join(dir, "huge.json")
	if f, err := os.Create(huge); err == nil {
		f.Truncate(300 << 20) // sparse: no disk used
		f.Close()
	}
	pids := filepath.Join(dir, "pids")

	tests := []struct {
		name   string
		input  string // content of the input; "" with file set uses file
		file   string
		args   func(input string) []string
		env    []string
		code   int
		want   []string
		result bool // a reduced, interesting result must be written
	}{
		{name: "empty input", input: "\n", code: 1, want: []string{"empty"}},
		{name: "binary input", input: "\x7fELF\x00\x01\x02", code: 1, want: []string{"binary"}},
		{name: "unreadable input", file: loop, code: 1, want: []string{"cannot read the input"}},
		{name: "directory as input", file: dir, code: 1, want: []string{"is a directory"}},
		{name: "input of 300 MB", file: huge, code: 1, want: []string{"300 MB", "-max-size"}},
		{name: "output not writable", input: payload, code: 1, want: []string{"cannot write the output"},
			args: func(in string) []string { return []string{"-o", "/nonexistent/dir/out.json", good, in} }},
		{name: "two runs on one output", input: payload, code: 1, want: []string{"another hdd", "is writing"},
			args: func(in string) []string { return []string{"-o", lockedOut, good, in} }},
		{name: "temporary directory unusable", input: payload, code: 1, env: []string{"TMPDIR=/dev/null"},
			want: []string{"temporary directory"}},
		{name: "test writes into its directory and deletes the candidate", input: payload, result: true,
			args: func(in string) []string {
				return []string{script(t, dir, "messy.sh", `grep -q crash "$1" || exit 1; rm -f "$1"; echo junk > junk; mkdir -p sub; exit 0`), in}
			}},
		{name: "test prints megabytes", input: payload, result: true,
			args: func(in string) []string {
				return []string{script(t, dir, "loud.sh", `head -c 3000000 /dev/zero | tr '\0' x; grep -q crash "$1"`), in}
			}},
		{name: "unparsable input with a slow test", input: `{"a": [1, 2`, code: 1, want: []string{"not valid json", "1:12"},
			args: func(in string) []string {
				// The original is tested while the input is parsed: the parse
				// error wins, and the test started meanwhile is stopped.
				return []string{script(t, dir, "slow.sh", `sleep 60 & echo $! >> `+pids+`; wait`), in}
			}},
		{name: "test leaves background processes", input: payload, result: true,
			args: func(in string) []string {
				return []string{script(t, dir, "bg.sh", `sleep 60 & echo $! >> `+pids+`; grep -q crash "$1"`), in}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			input := tc.file
			if input == "" {
				input = filepath.Join(t.TempDir(), "in.json")
				os.WriteFile(input, []byte(tc.input), 0o644)
			}
			args := []string{good, input}
			if tc.args != nil {
				args = tc.args(input)
			}
			cmd := exec.Command(hddBin, args...)
			cmd.Env = append(os.Environ(), tc.env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s", code, tc.code, stderr.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr.String())
				}
			}
			if strings.Contains(stderr.String(), "goroutine ") {
				t.Errorf("a stack trace:\n%s", stderr.String())
			}
			if lines := strings.Count(strings.TrimSpace(stderr.String()), "\n") + 1; tc.code != 0 && lines > 3 {
				t.Errorf("the error takes %d lines, want a short message:\n%s", lines, stderr.String())
			}
			if tc.file == "" {
				if b, _ := os.ReadFile(input); string(b) != tc.input {
					t.Errorf("the input changed to %q", b)
				}
			}
			if tc.result {
				got, err := os.ReadFile(reducedPath(input))
				if err != nil || !bytes.Contains(got, []byte("crash")) || len(got) >= len(tc.input) {
					t.Errorf("no reduced result: %q, %v", got, err)
				}
			}
		})
	}
	b, _ := os.ReadFile(pids)
	for _, f := range strings.Fields(string(b)) {
		var pid int
		fmt.Sscan(f, &pid)
		if running(pid) {
			t.Errorf("a background process of the test (pid %d) survived", pid)
		}
	}
	if _, err := os.Stat(lockedOut + ".lock"); err != nil {
		t.Errorf("the other run's lock was removed: %v", err)
	}
}

func TestAlsoInteresting(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	// ddmin-blocks first tries without the first member: "other" but no "crash".
	os.WriteFile(input, []byte(`{"a": "crash", "b": "other", "c": [1, 2]}`), 0o644)
	// Exit 0 for the bug we reduce; exit 7 for a different bug (crash gone, other kept).
	test := script(t, dir, "t.sh", `grep -q crash "$1" && exit 0; grep -q other "$1" && exit 7; exit 1`)
	findings := filepath.Join(dir, "found")
	r := runHDD(t, "-j", "1", "-minimizer", "ddmin-blocks", "-also-interesting", "7", "-findings", findings, test, input)
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(findings, "*-in.json"))
	if len(files) == 0 {
		t.Fatalf("no findings saved:\n%s", r.stderr)
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if !bytes.Contains(b, []byte("other")) || bytes.Contains(b, []byte("crash")) || !json.Valid(b) {
			t.Errorf("%s = %q, want a valid candidate with the other bug only", f, b)
		}
	}
	if got, _ := os.ReadFile(reducedPath(input)); !bytes.Contains(got, []byte("crash")) {
		t.Errorf("the main result lost the bug: %q", got)
	}
}

func TestFlakyOriginalReported(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": "crash", "b": [1, 2]}`), 0o644)
	count := filepath.Join(dir, "count")
	// Interesting on every other run.
	test := script(t, dir, "flaky.sh", `echo x >> `+count+`; n=$(wc -l < `+count+`); [ $((n % 2)) -eq 1 ] && grep -q crash "$1"`)
	r := runHDD(t, "-j", "1", "-repeat", "3", "-max-tests", "20", test, input)
	if !strings.Contains(r.stderr, "flaky") || !strings.Contains(r.stderr, "of 3 runs") {
		t.Errorf("no flakiness figures:\n%s", r.stderr)
	}
}

// TestBudgetsAndResume stops a reduction with -max-tests three times, going
// on each time, and compares the result with an uninterrupted run.
func TestBudgetsAndResume(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("[\n")
	for i := range 60 {
		sep := ","
		if i == 59 {
			sep = ""
		}
		word := "filler"
		if i == 17 || i == 41 {
			word = "crash"
		}
		fmt.Fprintf(&b, "  {\"id\": %d, \"tags\": [\"x\", \"%s\"]}%s\n", i, word, sep)
	}
	b.WriteString("]\n")
	src := b.String()
	test := script(t, dir, "t.sh", `[ $(grep -c crash "$1") -ge 2 ]`)

	whole := filepath.Join(dir, "whole.json")
	os.WriteFile(whole, []byte(src), 0o644)
	r := runHDD(t, "-j", "1", test, whole)
	if r.code != 0 {
		t.Fatalf("uninterrupted: exit %d\n%s", r.code, r.stderr)
	}
	want, _ := os.ReadFile(reducedPath(whole))

	parts := filepath.Join(dir, "parts.json")
	os.WriteFile(parts, []byte(src), 0o644)
	for i := range 3 {
		r := runHDD(t, "-j", "1", "-max-tests", "12", test, parts)
		if r.code != 0 || !strings.Contains(r.stderr, "stopped by -max-tests") {
			t.Fatalf("stop %d: exit %d\n%s", i, r.code, r.stderr)
		}
		if i > 0 && !strings.Contains(r.stderr, "going on from the earlier result") {
			t.Errorf("stop %d did not go on from the earlier result:\n%s", i, r.stderr)
		}
		if got, _ := os.ReadFile(reducedPath(parts)); !json.Valid(got) || !accepts(t, test, reducedPath(parts)) {
			t.Fatalf("stop %d: the partial result is not a valid interesting input: %q", i, got)
		}
	}
	r = runHDD(t, "-j", "1", test, parts)
	if r.code != 0 {
		t.Fatalf("last run: exit %d\n%s", r.code, r.stderr)
	}
	got, _ := os.ReadFile(reducedPath(parts))
	t.Logf("uninterrupted: %d bytes; stopped three times and resumed: %d bytes", len(want), len(got))
	if float64(len(got)) > 1.1*float64(len(want)) {
		t.Errorf("resumed result has %d bytes, more than 110%% of the uninterrupted %d:\n%s\n%s", len(got), len(want), got, want)
	}
}

func TestMaxTime(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	src := jsonArray(301, func(i int) string {
		if i == 300 {
			return `"crash"`
		}
		return fmt.Sprint(i)
	})
	os.WriteFile(input, []byte(src), 0o644)
	test := script(t, dir, "slow.sh", `sleep 0.2; grep -q crash "$1"`)
	start := time.Now()
	r := runHDD(t, "-j", "1", "-max-time", "2s", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "stopped by -max-time") {
		t.Errorf("exit %d:\n%s", r.code, r.stderr)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("took %v with -max-time 2s", el)
	}
	if !accepts(t, test, reducedPath(input)) {
		t.Errorf("the result is not interesting")
	}
}
