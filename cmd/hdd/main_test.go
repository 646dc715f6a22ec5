package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hddBin is the real hdd binary, built once by TestMain.
var hddBin string

var update = flag.Bool("update", false, "update the golden results of the examples")

func TestMain(m *testing.M) {
	// HDD_TEST_BIN runs the tests against another build, an older one say.
	if hddBin = os.Getenv("HDD_TEST_BIN"); hddBin != "" {
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "hdd-bin")
	if err != nil {
		panic(err)
	}
	hddBin = filepath.Join(dir, "hdd")
	if out, err := exec.Command("go", "build", "-o", hddBin, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// needTool returns the path of a tool the test needs. Under CI the tool
// must be there (.ci/run installs it); elsewhere the test is skipped.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// script writes an executable shell script into dir.
func script(t testing.TB, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// jsonArray returns a one-line JSON array of n items, item(i) for each.
func jsonArray(n int, item func(i int) string) string {
	items := make([]string, n)
	for i := range items {
		items[i] = item(i)
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// crashArray is a JSON array of n "filler" strings but for "crash" at
// index at: the input of tests whose oracle greps for crash.
func crashArray(n, at int) string {
	return jsonArray(n, func(i int) string {
		if i == at {
			return `"crash"`
		}
		return `"filler"`
	})
}

// copyFile copies src into dir and returns the new path.
func copyFile(t *testing.T, src, dir string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, filepath.Base(src))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type result struct {
	code   int
	stderr string
	stdout string
}

// runHDD runs the real binary.
func runHDD(t testing.TB, args ...string) result {
	t.Helper()
	return runHDDEnv(t, nil, args...)
}

// runHDDEnv runs the real binary with env added to its environment.
func runHDDEnv(t testing.TB, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, hddBin, args...)
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, stderr.String(), stdout.String()}
}

// accepts reports whether the test script finds file interesting.
func accepts(t *testing.T, test, file string) bool {
	t.Helper()
	return exec.Command(test, file).Run() == nil
}

func TestExamples(t *testing.T) {
	tests := []struct {
		name, dir, input string
		tool             string
		maxBytes         int
		want             []string // substrings the result must keep
	}{
		{"json", "json", "order.json", "", 60, []string{`"coupon"`, `"qty"`, `-1`}},
		{"c", "c", "crash.c", "gcc", 80, []string{"/ 0"}},
		{"html", "xml", "page.html", "xmllint", 60, []string{"</b>"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.tool != "" {
				needTool(t, tc.tool)
			}
			dir := t.TempDir()
			ex := filepath.Join("..", "..", "testdata", "examples", tc.dir)
			input := copyFile(t, filepath.Join(ex, tc.input), dir)
			test, _ := filepath.Abs(filepath.Join(ex, "test.sh"))
			before, _ := os.ReadFile(input)
			stats := filepath.Join(dir, "stats.json")
			r := runHDD(t, "-stats-json", stats, test, input)
			if r.code != 0 {
				t.Fatalf("hdd exited %d:\n%s", r.code, r.stderr)
			}
			out := reducedPath(input)
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if after, _ := os.ReadFile(input); !bytes.Equal(before, after) {
				t.Errorf("the input was modified")
			}
			if !accepts(t, test, out) {
				t.Errorf("the test rejects the result:\n%s", got)
			}
			if len(got) > tc.maxBytes {
				t.Errorf("result has %d bytes, want at most %d:\n%s", len(got), tc.maxBytes, got)
			}
			for _, w := range tc.want {
				if !bytes.Contains(got, []byte(w)) {
					t.Errorf("result lacks %q:\n%s", w, got)
				}
			}
			var st Stats
			b, err := os.ReadFile(stats)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			if st.Tests < 3 || st.BytesAfter != len(got) || st.BytesBefore != len(before) {
				t.Errorf("stats %+v do not match the run (result %d bytes, input %d)", st, len(got), len(before))
			}
			if !strings.Contains(r.stderr, "test runs") {
				t.Errorf("no summary on stderr:\n%s", r.stderr)
			}
			t.Logf("%s: %d -> %d bytes in %d test runs\n%s", tc.name, len(before), len(got), st.Tests, got)
			// The golden result shows what a typical reduction reads like.
			golden := filepath.Join(ex, "want"+filepath.Ext(tc.input))
			if *update {
				os.WriteFile(golden, got, 0o644)
			}
			if want, err := os.ReadFile(golden); err != nil || !bytes.Equal(got, want) {
				t.Errorf("result differs from %s (go test -update if intended):\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

func TestBadRuns(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"a": [1, 2, 3], "b": "crash"}`), 0o644)
	good := script(t, dir, "good.sh", `grep -q crash "$1"`)
	never := script(t, dir, "never.sh", `echo "no crash here" >&2; exit 3`)
	notExec := filepath.Join(dir, "notexec.sh")
	os.WriteFile(notExec, []byte("#!/bin/sh\nexit 0\n"), 0o644)
	badInterp := script(t, dir, "badinterp.sh", "")
	os.WriteFile(badInterp, []byte("#!/nonexistent/interpreter\nexit 0\n"), 0o755)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte("{\"a\": 1,\n \"b\": }\n"), 0o644)
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, nil, 0o644)

	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"not interesting", []string{never, input}, 1, []string{"not interesting", "exited with status 3", "no crash here", "to reproduce"}},
		{"missing test", []string{filepath.Join(dir, "nope.sh"), input}, 1, []string{"nope.sh"}},
		{"test not executable", []string{notExec, input}, 1, []string{"not executable"}},
		{"bad interpreter", []string{badInterp, input}, 1, []string{"bad interpreter"}},
		{"missing input", []string{good, filepath.Join(dir, "nope.json")}, 1, []string{"cannot read the input"}},
		{"directory input", []string{good, dir}, 1, []string{"is a directory"}},
		{"unparsable input", []string{good, bad}, 1, []string{"bad.json", "2:"}},
		{"empty input", []string{good, empty}, 1, []string{"empty"}},
		{"usage", []string{good}, 2, []string{"usage"}},
		{"bad algorithm", []string{"-algorithm", "magic", good, input}, 2, []string{"unknown algorithm"}},
		{"output is input", []string{"-o", input, good, input}, 1, []string{"-in-place"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runHDD(t, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d\n%s", r.code, tc.code, r.stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
			if strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stderr has a panic:\n%s", r.stderr)
			}
		})
	}
	if b, _ := os.ReadFile(input); string(b) != `{"a": [1, 2, 3], "b": "crash"}` {
		t.Errorf("input changed to %q", b)
	}
}

func TestInPlace(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	orig := `{"a": [1, 2, 3], "b": "crash", "c": {"d": null}}`
	os.WriteFile(input, []byte(orig), 0o644)
	good := script(t, dir, "good.sh", `grep -q crash "$1"`)
	r := runHDD(t, "-in-place", good, input)
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(input + ".orig"); string(b) != orig {
		t.Errorf("in.json.orig = %q, want the original", b)
	}
	if b, _ := os.ReadFile(input); len(b) >= len(orig) || !bytes.Contains(b, []byte("crash")) {
		t.Errorf("in.json = %q, want a smaller interesting file", b)
	}
	// A second in-place run goes on from the result and keeps the backup.
	r = runHDD(t, "-in-place", good, input)
	if r.code != 0 || !strings.Contains(r.stderr, "in.json.orig holds the original") {
		t.Errorf("second run: exit %d:\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(input + ".orig"); string(b) != orig {
		t.Errorf("the backup was overwritten: %q", b)
	}
	// -fresh starts over from the original, with a tree of its own.
	reduced, _ := os.ReadFile(input)
	r = runHDD(t, "-fresh", "-in-place", good, input)
	if r.code != 0 || !strings.Contains(r.stderr, "starting over from the original in") ||
		!strings.Contains(r.stderr, fmt.Sprintf("reducing %s.orig (json, %d bytes", input, len(orig))) {
		t.Errorf("-fresh run: exit %d, want 0 and a reduction of the original:\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(input); !bytes.Equal(b, reduced) {
		t.Errorf("-fresh gave %q, want %q as the first run", b, reduced)
	}
	if b, _ := os.ReadFile(input + ".orig"); string(b) != orig {
		t.Errorf("the backup was overwritten: %q", b)
	}
}

// TestTimeoutKillsHangingTest runs a test that hangs on most candidates, with
// a grandchild, and checks the runs are killed and nothing is left behind.
func TestTimeoutKillsHangingTest(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	os.WriteFile(input, []byte(`{"keep": "crash", "x": [1, 2], "y": {"z": 3}}`), 0o644)
	pids := filepath.Join(dir, "pids")
	test := script(t, dir, "hang.sh", `
grep -q crash "$1" || exit 1
if grep -q '"x"' "$1"; then exit 0; fi
sleep 60 & echo $! >> `+pids+`
wait`)
	stats := filepath.Join(dir, "stats.json")
	start := time.Now()
	r := runHDD(t, "-timeout", "2s", "-stats-json", stats, test, input)
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	if el := time.Since(start); el > time.Minute {
		t.Errorf("took %v", el)
	}
	var st Stats
	b, _ := os.ReadFile(stats)
	json.Unmarshal(b, &st)
	if st.Timeouts == 0 {
		t.Errorf("no timeouts counted: %+v", st)
	}
	b, _ = os.ReadFile(pids)
	for _, f := range strings.Fields(string(b)) {
		var pid int
		if _, err := fmt.Sscan(f, &pid); err != nil {
			continue
		}
		if running(pid) {
			t.Errorf("grandchild %d is still running", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// running reports whether process pid exists and is not a zombie (killed but
// not yet reaped by an init process that may never reap it).
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

func TestInterruptKeepsBest(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.json")
	src := crashArray(2000, 1500)
	os.WriteFile(input, []byte(src), 0o644)
	test := script(t, dir, "slow.sh", `sleep 0.3; grep -q crash "$1"`)
	out := filepath.Join(dir, "out.json")
	cmd := exec.Command(hddBin, "-j", "1", "-o", out, test, input)
	// Interrupt once a first improvement is on disk.
	var stderr bytes.Buffer
	err := stopOnceWritten(t, cmd, &stderr, out, 300*time.Millisecond, os.Interrupt)
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "partial") {
		t.Errorf("stderr does not say the result is partial:\n%s", stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("no result on disk after the interrupt: %v", err)
	}
	if !accepts(t, test, out) || !json.Valid(got) {
		t.Errorf("the partial result is not interesting valid JSON: %q", got)
	}
	if len(got) >= len(src) {
		t.Errorf("the partial result is no smaller (%d bytes)", len(got))
	}
}

func TestDumpTree(t *testing.T) {
	r := runHDD(t, "-dump-tree", filepath.Join("..", "..", "testdata", "examples", "json", "order.json"))
	if r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	for _, w := range []string{"format json", "member", "removable", "separator"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("dump lacks %q:\n%s", w, r.stdout[:min(len(r.stdout), 2000)])
		}
	}
}

// TestDumpTreeIntoHead stops quietly, with status 0, when what reads the
// dump stops reading (hdd -dump-tree FILE | head -1).
func TestDumpTreeIntoHead(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.c")
	// A dump far larger than a pipe holds (a long JSON list would be
	// folded, one node).
	if err := os.WriteFile(in, []byte(strings.Repeat("int f(int a) { return a + 1; }\n", 3000)), 0o644); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(hddBin, "-dump-tree", in)
	cmd.Stdout, cmd.Stderr = w, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	werr := cmd.Wait()
	if err != nil || !strings.HasPrefix(line, "# ") {
		t.Errorf("first line %q (%v)", line, err)
	}
	if werr != nil || stderr.Len() > 0 {
		t.Errorf("hdd: %v, stderr %q; want status 0 and nothing said", werr, stderr.String())
	}
}

// TestProfiles checks that -cpuprofile and -memprofile write profiles
// (gzipped protocol buffers, as go tool pprof reads them).
func TestProfiles(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	if err := os.WriteFile(in, []byte(jsonArray(50, func(i int) string { return fmt.Sprint(i) })), 0o644); err != nil {
		t.Fatal(err)
	}
	test := script(t, dir, "test.sh", `grep -q 17 "$1"`)
	cpu, mem := filepath.Join(dir, "cpu.prof"), filepath.Join(dir, "mem.prof")
	if r := runHDD(t, "-q", "-cpuprofile", cpu, "-memprofile", mem, test, in); r.code != 0 {
		t.Fatalf("exit %d:\n%s", r.code, r.stderr)
	}
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			t.Errorf("%s is not a gzipped profile: % x", filepath.Base(p), b[:min(len(b), 8)])
		}
	}
}

// TestLargeJSONUnfolds reduces JSON inputs too large to parse whole at
// once: their deeper levels are parsed as the search reaches them, and the
// long flat array is pruned in runs of items first. -j 1 and -j 4 give the
// same result.
func TestLargeJSONUnfolds(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, doc, needle, want string
	}{
		{"records", jsonArray(20000, func(i int) string {
			return fmt.Sprintf(`{"id": %d, "tags": ["a", "b"], "owner": {"login": "u%d"}}`, i, i)
		}), `"u12345"`, `"u12345"`},
		{"numbers", jsonArray(60000, func(i int) string { return fmt.Sprint(i * 3) }), "123456", "123456"},
	}
	for _, tt := range tests {
		in := filepath.Join(dir, tt.name+".json")
		if err := os.WriteFile(in, []byte(tt.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		test := script(t, dir, tt.name+".sh", fmt.Sprintf(`grep -q '%s' "$1"`, tt.needle))
		for _, j := range []string{"1", "4"} {
			out := filepath.Join(dir, tt.name+".out"+j)
			r := runHDD(t, "-v", "-j", j, "-o", out, test, in)
			if r.code != 0 {
				t.Fatalf("%s, -j %s: exit %d:\n%s", tt.name, j, r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, "parsed the") {
				t.Errorf("%s, -j %s: the log does not show the tree parsed again:\n%s", tt.name, j, r.stderr)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("%s, -j %s: got %q, want %q", tt.name, j, got, tt.want)
			}
		}
	}
}

// stopOnceWritten starts cmd with its stderr into stderr, sends it sig
// once a file is at out (waiting up to a minute) and after more, and
// returns how it ended.
func stopOnceWritten(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, out string, after time.Duration, sig os.Signal) error {
	t.Helper()
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(out); err == nil {
			break
		}
	}
	time.Sleep(after)
	cmd.Process.Signal(sig)
	return cmd.Wait()
}
