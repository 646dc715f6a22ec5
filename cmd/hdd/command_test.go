package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommand runs the test given with -c: it reduces as the same test in
// a script does, finds the candidate by INPUT's name and by $1, goes on
// from its own result but not from another test's, and its line to
// reproduce, pasted into sh, gives the verdict again.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	orig := `{"a": [1, 2, 3], "b": "crash", "c": {"d": "it's here"}}`
	os.WriteFile(input, []byte(orig), 0o644)
	// Quotes of both kinds, a pipe, the candidate by name and by $1.
	const command = `grep -q "crash" in.json && test "$(basename "$1")" = 'in.json' && cat "$1" | grep -q "it's"`
	test := script(t, dir, "t.sh", command)

	byScript := filepath.Join(dir, "script.json")
	s := runHDD(t, "-j", "1", "-o", byScript, test, input)
	byCommand := filepath.Join(dir, "command.json")
	c := runHDD(t, "-j", "1", "-o", byCommand, "-c", command, input)
	if s.code != 0 || c.code != 0 {
		t.Fatalf("exit %d with the script, %d with -c:\n%s\n%s", s.code, c.code, s.stderr, c.stderr)
	}
	want, _ := os.ReadFile(byScript)
	got, _ := os.ReadFile(byCommand)
	if string(got) != string(want) || len(got) >= len(orig) {
		t.Errorf("-c gave %q, the script %q, from %d bytes", got, want, len(orig))
	}
	if testRuns(c.stderr) == "" || testRuns(c.stderr) != testRuns(s.stderr) {
		t.Errorf("-c ran %q tests, the script %q", testRuns(c.stderr), testRuns(s.stderr))
	}

	// The same command goes on from its result; another test does not.
	again := runHDD(t, "-j", "1", "-o", byCommand, "-c", command, input)
	if again.code != 0 || !strings.Contains(again.stderr, "going on from the earlier result") {
		t.Errorf("the same -c again: exit %d, want it to go on from its result:\n%s", again.code, again.stderr)
	}
	other := runHDD(t, "-j", "1", "-o", byCommand, "-c", command+" ", input)
	if other.code != 0 || !strings.Contains(other.stderr, "made with another test, -c '") {
		t.Errorf("another -c: exit %d, want the result kept aside:\n%s", other.code, other.stderr)
	}
	if b, _ := os.ReadFile(input); string(b) != orig {
		t.Errorf("input changed to %q", b)
	}

	// Not interesting: the line to reproduce runs the command again.
	r := runHDD(t, "-c", `echo "saw $(basename "$1")"; exit 3`, input)
	_, line, ok := strings.Cut(r.stderr, "to reproduce: ")
	if r.code != 1 || !ok {
		t.Fatalf("exit %d, want 1 and a line to reproduce:\n%s", r.code, r.stderr)
	}
	sh := exec.Command("sh", "-c", strings.TrimSpace(line))
	sh.Dir = t.TempDir()
	out, err := sh.CombinedOutput()
	if err != nil || string(out) != "saw in.json\nexit status 3\n" {
		t.Errorf("the command %s\nprinted %q, %v", line, out, err)
	}
}

// testRuns returns the count of test runs in hdd's summary.
func testRuns(stderr string) string {
	i := strings.Index(stderr, " test runs")
	if i < 0 {
		return ""
	}
	return stderr[strings.LastIndexByte(stderr[:i], ' ')+1 : i]
}

// TestCommandWithDash runs a -c command line that begins with "-" as a
// command, not as an option of the shell.
func TestCommandWithDash(t *testing.T) {
	dir := t.TempDir()
	script(t, dir, "-probe", `test -f "$1"`)
	spec := commandTest(`-probe "$1"`)
	cand := filepath.Join(dir, "cand.txt")
	os.WriteFile(cand, []byte("x"), 0o644)
	cmd := exec.Command(spec.path, append(spec.args, cand)...)
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s %q: %v\n%s", spec.path, spec.args, err, out)
	}
}
