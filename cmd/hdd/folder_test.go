package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hddreduce/hdd/grammars/folder/archive"
)

// writeTree writes files into dir: a path ending in "/" is an empty
// folder, a value starting with "->" a symbolic link.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for p, v := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		switch {
		case strings.HasSuffix(p, "/"):
			err = os.MkdirAll(full, 0o755)
		case strings.HasPrefix(v, "->"):
			err = os.Symlink(v[2:], full)
		default:
			err = os.WriteFile(full, []byte(v), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// snapshot describes the folder dir byte for byte: every entry's path,
// type, mode, modification time and content or link target.
func snapshot(t testing.TB, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%s %v %d", rel, info.Mode(), info.ModTime().UnixNano())
		switch {
		case info.Mode().IsRegular():
			c, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %q", c)
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			fmt.Fprintf(&b, " -> %s", target)
		}
		b.WriteByte('\n')
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// contents returns the files of the folder dir (path to content; links
// as "->target", empty folders as "path/"), and fails if dir cannot be
// read as hdd reads a folder.
func contents(t testing.TB, dir string) map[string]string {
	t.Helper()
	b, err := archive.Read(dir, 1<<30)
	if err != nil {
		t.Fatalf("cannot read %s: %v", dir, err)
	}
	entries, _, err := archive.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range entries {
		switch e.Kind {
		case archive.Dir:
			m[e.Path+"/"] = ""
		case archive.Link:
			m[e.Path] = "->" + string(e.Data)
		default:
			m[e.Path] = string(e.Data)
		}
	}
	return m
}

// copyTree copies the folder src to dst, which must not exist.
func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	b, err := archive.Read(src, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := archive.Write(dst, b); err != nil {
		t.Fatal(err)
	}
}

// acceptsFolder reports whether the test finds the folder dir
// interesting, run as hdd runs it.
func acceptsFolder(t *testing.T, test, dir string) bool {
	t.Helper()
	return exitOn(t, test, dir) == 0
}

// exitOn returns the exit status of the test on the folder dir, run as
// hdd runs it: in a copy of the folder, with the copy's path as its
// argument.
func exitOn(t *testing.T, test, dir string) int {
	t.Helper()
	cp := filepath.Join(t.TempDir(), filepath.Base(dir))
	copyTree(t, dir, cp)
	cmd := exec.Command(test, cp)
	cmd.Dir = cp
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		t.Fatal(err)
	}
	return 0
}

// smallProject is a folder of a few formats; the tests below look for
// "crash" in main.c.
var smallProject = map[string]string{
	"main.c":           "#include \"util.h\"\n#include \"unused.h\"\nint helper(int x) { return x + 1; }\nint main(void) { return twice(1) + crash(); }\n",
	"util.h":           "static int twice(int x) { return 2 * x; }\nstatic int crash(void) { return 0; }\n",
	"unused.h":         "typedef int unused_t;\n",
	"data/config.json": "{\"name\": \"demo\", \"flags\": [\"-O2\", \"-g\"], \"depth\": 3}\n",
	"notes.txt":        "one\ntwo\nthree\n",
	"bin/tool.sh":      "#!/bin/sh\necho tool\n",
	"cache/":           "",
	"link.h":           "->util.h",
}

// newProject writes smallProject into a new folder "proj" and returns
// its path.
func newProject(t testing.TB) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "proj")
	writeTree(t, in, smallProject)
	return in
}

// crashTest is interesting while main.c, in the working directory, calls
// crash() and util.h defines it.
const crashTest = `[ "$PWD" = "$1" ] || exit 3
grep -q 'crash()' main.c && grep -q 'int crash' util.h`

func TestFolderExample(t *testing.T) {
	needTool(t, "gcc")
	ex := filepath.Join("..", "..", "testdata", "examples", "folder")
	dir := t.TempDir()
	input := filepath.Join(dir, "proj")
	copyTree(t, filepath.Join(ex, "proj"), input)
	before := snapshot(t, input)
	test, _ := filepath.Abs(filepath.Join(ex, "test.sh"))
	stats := filepath.Join(dir, "stats.json")
	// One job: the golden result is the serial search's, on any machine.
	r := runHDD(t, "-j", "1", "-stats-json", stats, test, input)
	if r.code != 0 {
		t.Fatalf("hdd exited %d:\n%s", r.code, r.stderr)
	}
	if after := snapshot(t, input); after != before {
		t.Errorf("the input folder changed:\n%s\nwas:\n%s", after, before)
	}
	out := input + ".reduced"
	if !acceptsFolder(t, test, out) {
		t.Errorf("the test rejects the result")
	}
	got := contents(t, out)
	var paths []string
	for p := range got {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	// The warning is in config.h's macro, used in stats.c: the other nine
	// files go, and those two are reduced.
	if strings.Join(paths, " ") != "include/config.h src/stats.c" {
		t.Errorf("the result holds %v, want include/config.h and src/stats.c", paths)
	}
	orig := contents(t, input)
	for _, p := range paths {
		if len(got[p]) >= len(orig[p])/2 {
			t.Errorf("%s is barely reduced (%d of %d bytes):\n%s", p, len(got[p]), len(orig[p]), got[p])
		}
	}
	var st Stats
	b, _ := os.ReadFile(stats)
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	if st.FilesBefore != 11 || st.FilesAfter != 2 || st.FileBytesAfter >= st.FileBytesBefore/10 {
		t.Errorf("stats %+v", st)
	}
	if !strings.Contains(r.stderr, "11 files -> 2 files") {
		t.Errorf("the summary does not count the files:\n%s", r.stderr)
	}
	// The progress lines count the bytes of the files too, as the first
	// line and the summary do, not those of the archive that holds them.
	sizes := regexp.MustCompile(`(?m)^hdd: (?:level|hoisting|shortening|tidy).*?(\d+) bytes$`).FindAllStringSubmatch(r.stderr, -1)
	if len(sizes) == 0 || sizes[len(sizes)-1][1] != strconv.Itoa(st.FileBytesAfter) {
		t.Errorf("the last progress line does not give the result's %d bytes:\n%s", st.FileBytesAfter, r.stderr)
	}
	// The golden result shows what a reduction of a folder reads like.
	golden := filepath.Join(ex, "want")
	if *update {
		os.RemoveAll(golden)
		copyTree(t, out, golden)
	}
	if want := contents(t, golden); fmt.Sprint(want) != fmt.Sprint(got) {
		t.Errorf("result differs from %s (go test -update if intended):\ngot:  %q\nwant: %q", golden, got, want)
	}
}

// TestFolderTestWritesIntoItsCopy runs a test that writes into its
// working directory, deletes and changes files of its copy and makes an
// unwritable folder there: the result is the same as with a test that
// does not, and the input is untouched.
func TestFolderTestWritesIntoItsCopy(t *testing.T) {
	clean := script(t, t.TempDir(), "clean.sh", crashTest)
	messy := script(t, t.TempDir(), "messy.sh", crashTest+` || exit 1
echo junk > junk.txt; rm -f *.h data/config.json; echo 'int crash;' >> main.c
mkdir -p ro/sub && chmod 500 ro; ln -s /etc outside; exit 0`)
	var results []map[string]string
	for _, test := range []string{clean, messy} {
		input := newProject(t)
		before := snapshot(t, input)
		if r := runHDD(t, "-j", "2", test, input); r.code != 0 {
			t.Fatalf("%s: exit %d\n%s", filepath.Base(test), r.code, r.stderr)
		}
		if after := snapshot(t, input); after != before {
			t.Errorf("%s changed the input folder:\n%s\nwas:\n%s", filepath.Base(test), after, before)
		}
		results = append(results, contents(t, input+".reduced"))
	}
	if fmt.Sprint(results[0]) != fmt.Sprint(results[1]) {
		t.Errorf("a test writing into its copy changed the result:\n%q\nwant\n%q", results[1], results[0])
	}
	if _, ok := results[0]["unused.h"]; ok || len(results[0]) != 2 {
		t.Errorf("result %q, want main.c and util.h only", results[0])
	}
}

// TestFolderResume stops a folder's reduction with -max-tests and goes
// on, then finds the output edited: it is kept aside, never overwritten.
func TestFolderResume(t *testing.T) {
	input := newProject(t)
	test := script(t, t.TempDir(), "t.sh", crashTest)
	full := filepath.Join(filepath.Dir(input), "full")
	if r := runHDD(t, "-j", "1", "-o", full, test, input); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	out := input + ".reduced"
	for i := range 3 {
		r := runHDD(t, "-j", "1", "-max-tests", "6", test, input)
		if r.code != 0 {
			t.Fatalf("run %d: exit %d\n%s", i, r.code, r.stderr)
		}
		if i > 0 && !strings.Contains(r.stderr, "going on from the earlier result") {
			t.Errorf("run %d does not go on:\n%s", i, r.stderr)
		}
		if !acceptsFolder(t, test, out) {
			t.Errorf("run %d: the partial result is not interesting", i)
		}
	}
	if r := runHDD(t, "-j", "1", test, input); r.code != 0 || !strings.Contains(r.stderr, "going on from the earlier result") {
		t.Fatalf("last run: exit %d, want it to go on\n%s", r.code, r.stderr)
	}
	if got, want := contents(t, out), contents(t, full); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("interrupted and resumed: %q\nuninterrupted: %q", got, want)
	}

	// An output edited since is not a result of this input any more.
	os.WriteFile(filepath.Join(out, "mine.txt"), []byte("my notes\n"), 0o644)
	edited := snapshot(t, out)
	r := runHDD(t, "-j", "1", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "changed after hdd wrote it") || !strings.Contains(r.stderr, "proj.reduced.~1~") {
		t.Fatalf("exit %d, want the edited output kept aside:\n%s", r.code, r.stderr)
	}
	if aside := snapshot(t, out+".~1~"); aside != edited {
		t.Errorf("the edited output kept aside differs:\n%s\nwant:\n%s", aside, edited)
	}
	// A file where the output folder goes is kept aside too.
	os.RemoveAll(out)
	os.WriteFile(out, []byte("a file of mine\n"), 0o644)
	if r := runHDD(t, "-j", "1", test, input); r.code != 0 || !strings.Contains(r.stderr, "proj.reduced.~2~") {
		t.Fatalf("exit %d, want the file kept aside:\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(out + ".~2~"); string(b) != "a file of mine\n" {
		t.Errorf("the file kept aside holds %q", b)
	}
	if !acceptsFolder(t, test, out) {
		t.Errorf("the result is not interesting")
	}
}

// TestFolderInPlace reduces a folder in place: INPUT.orig holds the
// original, modes are kept, a second run goes on, and an INPUT.orig of
// another input is kept aside.
func TestFolderInPlace(t *testing.T) {
	input := newProject(t)
	os.Chmod(filepath.Join(input, "util.h"), 0o600)
	os.Chmod(input, 0o750)
	// A read-only folder that holds a file keeps its permissions in the
	// backup.
	ro := filepath.Join(input, "docs")
	writeTree(t, ro, map[string]string{"notes.txt": "read me\n"})
	os.Chmod(ro, 0o555)
	t.Cleanup(func() { os.Chmod(ro, 0o755); os.Chmod(filepath.Join(input+".orig", "docs"), 0o755) })
	orig := contents(t, input)
	test := script(t, t.TempDir(), "t.sh", crashTest)
	if r := runHDD(t, "-in-place", test, input); r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if got := contents(t, input+".orig"); fmt.Sprint(got) != fmt.Sprint(orig) {
		t.Errorf("proj.orig = %q, want the original %q", got, orig)
	}
	got := contents(t, input)
	if len(got) != 2 || !acceptsFolder(t, test, input) {
		t.Errorf("proj = %q, want main.c and util.h reduced and interesting", got)
	}
	for p, want := range map[string]fs.FileMode{input: 0o750, filepath.Join(input, "util.h"): 0o600, filepath.Join(input+".orig", "util.h"): 0o600, input + ".orig": 0o750, filepath.Join(input+".orig", "docs"): 0o555} {
		if info, err := os.Stat(p); err != nil || info.Mode().Perm() != want {
			t.Errorf("%s: %v, want mode %v", p, modeOf(info, err), want)
		}
	}
	if r := runHDD(t, "-in-place", test, input); r.code != 0 || !strings.Contains(r.stderr, "going on from") {
		t.Errorf("second run: exit %d, want it to go on:\n%s", r.code, r.stderr)
	}
	// Another folder in its place: proj.orig is not its original.
	os.RemoveAll(input)
	writeTree(t, input, map[string]string{"main.c": "int crash() { return 1; }\nint main(void) { return crash(); }\n", "util.h": "int crash;\n"})
	r := runHDD(t, "-in-place", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "proj.orig.~1~") {
		t.Fatalf("exit %d, want the other original kept aside:\n%s", r.code, r.stderr)
	}
	if got := contents(t, input+".orig.~1~"); fmt.Sprint(got) != fmt.Sprint(orig) {
		t.Errorf("proj.orig.~1~ = %q, want the first original", got)
	}
}

// TestFolderBadInput refuses folders hdd must not copy, and outputs that
// would write into the input or replace it: one line, exit 1, no test
// run, nothing written.
func TestFolderBadInput(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret.h"), []byte("int secret;\n"), 0o644)
	tests := []struct {
		name  string
		extra map[string]string // added to smallProject
		fifo  string
		args  func(in string) []string
		want  string
	}{
		{name: "link outside, absolute", extra: map[string]string{"inc/s.h": "->" + filepath.Join(outside, "secret.h")},
			want: "symbolic link inc/s.h leads outside the folder"},
		{name: "link outside, relative", extra: map[string]string{"inc/s.h": "->../../x.h"}, want: "leads outside"},
		{name: "link to the parent", extra: map[string]string{"up": "->.."}, want: "leads outside"},
		{name: "named pipe", fifo: "data/pipe", want: "data/pipe is a named pipe"},
		{name: "too large", args: func(in string) []string { return []string{"-max-size", "100"} }, want: "more than the 100 bytes"},
		{name: "output inside the input", args: func(in string) []string { return []string{"-o", filepath.Join(in, "out")} },
			want: "is inside the input folder"},
		{name: "output holding the input", args: func(in string) []string { return []string{"-o", filepath.Dir(in)} },
			want: "holds the input"},
		{name: "statistics inside the input", args: func(in string) []string { return []string{"-stats-json", filepath.Join(in, "s.json")} },
			want: "is inside the input folder"},
		{name: "findings inside the input", args: func(in string) []string {
			return []string{"-also-interesting", "3", "-findings", filepath.Join(in, "found")}
		}, want: "is inside the input folder"},
		{name: "run directories inside the input", extra: map[string]string{"work/": ""},
			args: func(in string) []string { return []string{"-workdir", filepath.Join(in, "work")} },
			want: "-workdir %IN%/work is inside the input folder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "proj")
			writeTree(t, in, smallProject)
			writeTree(t, in, tc.extra)
			if tc.fifo != "" {
				if err := syscall.Mkfifo(filepath.Join(in, tc.fifo), 0o644); err != nil {
					t.Skip(err)
				}
			}
			ran := filepath.Join(t.TempDir(), "ran")
			test := script(t, t.TempDir(), "t.sh", `echo >> `+ran+`; `+crashTest)
			before := snapshot(t, in)
			var args []string
			if tc.args != nil {
				args = tc.args(in)
			}
			r := runHDD(t, append(args, test, in)...)
			tc.want = strings.ReplaceAll(tc.want, "%IN%", in)
			if r.code != 1 || !strings.Contains(r.stderr, tc.want) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
				t.Errorf("exit %d, want a one-line error saying %q:\n%s", r.code, tc.want, r.stderr)
			}
			if _, err := os.Stat(ran); err == nil {
				t.Errorf("a test ran")
			}
			if after := snapshot(t, in); after != before {
				t.Errorf("the input changed:\n%s", after)
			}
			if names, _ := os.ReadDir(dir); len(names) != 1 {
				t.Errorf("written beside the input: %v", names)
			}
		})
	}
	t.Run("test inside the folder -in-place replaces", func(t *testing.T) {
		in := newProject(t)
		test := script(t, in, "t.sh", crashTest)
		before := snapshot(t, in)
		r := runHDD(t, "-in-place", test, in)
		if r.code != 1 || !strings.Contains(r.stderr, "is inside the input folder, which -in-place replaces") {
			t.Errorf("exit %d:\n%s", r.code, r.stderr)
		}
		if after := snapshot(t, in); after != before {
			t.Errorf("the input changed:\n%s", after)
		}
	})
	t.Run("TMPDIR inside the input", func(t *testing.T) {
		in := newProject(t)
		tmp := filepath.Join(in, "tmp")
		os.Mkdir(tmp, 0o755)
		before := snapshot(t, in)
		cmd := exec.Command(hddBin, script(t, t.TempDir(), "t.sh", crashTest), in)
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "($TMPDIR) "+tmp+" is inside the input folder") {
			t.Errorf("%v, want a refusal:\n%s", err, out)
		}
		if after := snapshot(t, in); after != before {
			t.Errorf("the input changed:\n%s", after)
		}
	})
	t.Run("no files", func(t *testing.T) {
		in := filepath.Join(t.TempDir(), "proj")
		writeTree(t, in, map[string]string{"a/": "", "b/c/": ""})
		r := runHDD(t, script(t, t.TempDir(), "t.sh", "exit 0"), in)
		if r.code != 1 || !strings.Contains(r.stderr, "no files") {
			t.Errorf("exit %d:\n%s", r.code, r.stderr)
		}
	})
}

// TestFolderLock refuses to write an output folder another hdd holds.
func TestFolderLock(t *testing.T) {
	in := newProject(t)
	holdLock(t, lockPath(in+".reduced"))
	r := runHDD(t, script(t, t.TempDir(), "t.sh", crashTest), in)
	if r.code != 1 || !strings.Contains(r.stderr, fmt.Sprintf("another hdd (pid %d) is writing", os.Getpid())) {
		t.Errorf("exit %d:\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(in + ".reduced"); err == nil {
		t.Errorf("the output was written")
	}
}

// TestFolderOutputDiskFull fills the output's file system during a
// folder's reduction: the best result is kept in a folder beside the
// input, and hdd says where.
func TestFolderOutputDiskFull(t *testing.T) {
	dir := t.TempDir()
	small := newSmallFS(t, dir)
	mnt := small.dir
	input := filepath.Join(dir, "proj")
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("f%02d.txt", i)] = strings.Repeat("filler line\n", 20)
	}
	files["f17.txt"] += "crash\n"
	writeTree(t, input, files)
	count := filepath.Join(dir, "count")
	test := script(t, dir, "t.sh", `echo >> `+count+`
[ $(wc -l < `+count+`) -eq 4 ] && dd if=/dev/zero of=`+mnt+`/filler bs=4k count=1000 2>/dev/null
grep -q crash f17.txt`)
	kept := small.runFull(t, "-j", "1", "-o", filepath.Join(mnt, "out"), test, input)
	if filepath.Dir(kept) != dir || !acceptsFolder(t, test, kept) {
		t.Errorf("the result went to %s, want an interesting folder beside the input in %s", kept, dir)
	}
	if got := contents(t, kept); len(got) != 1 || len(got["f17.txt"]) > 10 {
		t.Errorf("%s holds %q, want f17.txt reduced", kept, got)
	}
}

// TestFolderHangup closes hdd's terminal during a folder's reduction:
// the tests stop, the best result is kept, no lock or run folder is left.
func TestFolderHangup(t *testing.T) {
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	input := newProject(t)
	pids := filepath.Join(dir, "pids")
	test := script(t, dir, "slow.sh", `echo $$ >> `+pids+`; sleep 0.3; `+crashTest)
	out := filepath.Join(dir, "out")
	cmd := exec.Command(hddBin, "-j", "2", "-o", out, test, input)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	err := stopOnceWritten(t, cmd, &stderr, out, 200*time.Millisecond, syscall.SIGHUP)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "partial") {
		t.Fatalf("got %v, want exit status 1 and a partial result\n%s", err, stderr.String())
	}
	if !acceptsFolder(t, test, out) {
		t.Errorf("the partial result is not interesting")
	}
	noneRunning(t, pids)
	if _, err := os.Stat(lockPath(out)); err == nil {
		t.Errorf("the lock file was left behind")
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "hdd-run-*")); len(left) > 0 {
		t.Errorf("run directories left behind: %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".out.tmp*")); len(left) > 0 {
		t.Errorf("temporary output folders left behind: %v", left)
	}
}

// TestFolderDaemonsKilled runs a folder's test that starts a daemon on
// every run: none may survive.
func TestFolderDaemonsKilled(t *testing.T) {
	needTool(t, "setsid")
	input := newProject(t)
	pids := filepath.Join(t.TempDir(), "pids")
	test := script(t, t.TempDir(), "daemon.sh", `setsid sh -c 'echo $$ >> `+pids+`; exec sleep 300' >/dev/null 2>&1 &
`+crashTest)
	r := runHDD(t, "-j", "2", test, input)
	if r.code != 0 || !strings.Contains(r.stderr, "outside its process group") {
		t.Fatalf("exit %d, want a warning about the daemons:\n%s", r.code, r.stderr)
	}
	noneRunning(t, pids)
}

// noneRunning fails for each process named in the file pids that still
// runs, and kills it.
func noneRunning(t *testing.T, pids string) {
	t.Helper()
	b, _ := os.ReadFile(pids)
	for _, f := range strings.Fields(string(b)) {
		var pid int
		fmt.Sscan(f, &pid)
		if running(pid) {
			t.Errorf("process %d of the test is still running", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestFolderFindingsAndJobs saves side findings as folders, with one
// job and three, and gets the same result from the same number of jobs
// every time.
func TestFolderFindingsAndJobs(t *testing.T) {
	// Exit 7 when crash() is gone but helper stays: another bug.
	test := script(t, t.TempDir(), "t.sh", crashTest+` && exit 0; grep -q helper main.c && exit 7; exit 1`)
	var results []string
	for _, jobs := range []string{"1", "3", "3"} {
		input := newProject(t)
		found := filepath.Join(filepath.Dir(input), "found")
		r := runHDD(t, "-j", jobs, "-also-interesting", "7", "-findings", found, test, input)
		if r.code != 0 {
			t.Fatalf("exit %d\n%s", r.code, r.stderr)
		}
		out := input + ".reduced"
		if got := contents(t, out); len(got) != 2 || !acceptsFolder(t, test, out) {
			t.Errorf("-j %s: the result %q is not main.c and util.h, interesting", jobs, got)
		}
		results = append(results, fmt.Sprint(contents(t, out)))
		dirs, _ := filepath.Glob(filepath.Join(found, "*-proj"))
		if len(dirs) == 0 {
			t.Fatalf("-j %s: no findings saved:\n%s", jobs, r.stderr)
		}
		for _, d := range dirs {
			if code := exitOn(t, test, d); code != 7 {
				t.Errorf("the test exits %d on finding %s (%q), want 7", code, d, contents(t, d))
			}
		}
	}
	if results[1] != results[2] {
		t.Errorf("-j 3 gives %s, then %s", results[1], results[2])
	}
}

// TestFolderDumpTree prints a folder's tree: its entries, and a tree per
// file under each.
func TestFolderDumpTree(t *testing.T) {
	r := runHDD(t, "-dump-tree", newProject(t))
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"format folder", "\n  1 file [", `\"main.c\"`, "translation_unit", "\n  1 subfolder [", "\n  1 link [", "    2 document ["} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the dump lacks %q:\n%s", want, r.stdout)
		}
	}
}

// TestFolderDot reduces the current folder, named ".": the candidates and
// the output take the folder's own name.
func TestFolderDot(t *testing.T) {
	in := newProject(t)
	test := script(t, t.TempDir(), "t.sh", `[ "$(basename "$1")" = proj ] || exit 5
`+crashTest)
	cmd := exec.Command(hddBin, "-q", test, ".")
	cmd.Dir = in
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The test, interesting only on folders named proj, ran: the result
	// is reduced.
	if got := contents(t, in+".reduced"); len(got) != 2 || !strings.Contains(got["main.c"], "crash()") {
		t.Errorf("proj.reduced holds %q", got)
	}
	// -in-place on ".": the backup goes beside the folder, proj.orig.
	orig := contents(t, in)
	cmd = exec.Command(hddBin, "-q", "-in-place", test, ".")
	cmd.Dir = in
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("-in-place: %v\n%s", err, out)
	}
	if got := contents(t, in+".orig"); fmt.Sprint(got) != fmt.Sprint(orig) {
		t.Errorf("proj.orig holds %q, want the original %q", got, orig)
	}
	if got := contents(t, in); len(got) != 2 || !strings.Contains(got["main.c"], "crash()") {
		t.Errorf("proj holds %q", got)
	}
}
