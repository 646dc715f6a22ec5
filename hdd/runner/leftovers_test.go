package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"
)

func TestLeftoverOf(t *testing.T) {
	tests := []struct {
		name string
		want int
	}{
		{"hdd-run-box.42-123", 42},
		{"hdd-tmp-box.42-9", 42},
		{"hdd-run-box.42-", 0},     // no random part
		{"hdd-run-box.42-12a", 0},  // not os.MkdirTemp's
		{"hdd-run-box.042-1", 0},   // not a process id as written
		{"hdd-run-box.-1", 0},      // no process id
		{"hdd-run-other.42-1", 0},  // another host's
		{"hdd-run-box2.42-1", 0},   // another host's
		{"hdd-run-a.box.42-1", 0},  // another host's
		{"hdd-run-12345", 0},       // an older hdd's: whose is not known
		{"hdd-out-box.42-1", 0},    // not a run directory
		{"xhdd-run-box.42-1", 0},   // not a run directory
		{"hdd-run-box.42.7-1", 0},  // host "box.42" is not this one
		{"hdd-run-box-1.42-77", 0}, // host "box-1"
	}
	for _, tt := range tests {
		if got := leftoverOf(tt.name, "box"); got != tt.want {
			t.Errorf("leftoverOf(%q) = %d, want %d", tt.name, got, tt.want)
		}
	}
	if got := leftoverOf("hdd-run-box-1.42-77", "box-1"); got != 42 {
		t.Errorf("a host name with a dash: got %d, want 42", got)
	}
	if got := leftoverOf("hdd-tmp-node7.lab.example.42-77", "node7.lab.example"); got != 42 {
		t.Errorf("a host name with dots: got %d, want 42", got)
	}
}

// deadPid returns the process id of a process that has ended.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestRemoveLeftovers removes the run directories of runs that are gone,
// read-only parts and all, and kills the tests still working in them; the
// directories of runs alive, of other hosts, and what is not hdd's stay.
func TestRemoveLeftovers(t *testing.T) {
	parent := t.TempDir()
	host := thisHost()
	dead, dead2 := deadPid(t), deadPid(t)
	live := exec.Command("sleep", "60")
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	named := func(prefix string, pid int, n string) string {
		return prefix + host + "." + strconv.Itoa(pid) + "-" + n
	}
	gone := []string{
		named(runDirPrefix, dead, "1"), named(tmpDirPrefix, dead, "2"),
		named(runDirPrefix, dead2, "3"),
	}
	stay := []string{
		named(runDirPrefix, live.Process.Pid, "4"),
		named(runDirPrefix, os.Getpid(), "5"),
		runDirPrefix + "elsewhere." + strconv.Itoa(dead) + "-6",
		runDirPrefix + strconv.Itoa(dead),
		named(runDirPrefix, dead, "x"),
	}
	for _, name := range append(slices.Clone(gone), stay...) {
		if err := os.Mkdir(filepath.Join(parent, name), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	notDir := named(runDirPrefix, dead, "7")
	os.WriteFile(filepath.Join(parent, notDir), nil, 0o600)
	stay = append(stay, notDir)
	ro := filepath.Join(parent, gone[0], "ro")
	os.Mkdir(ro, 0o755)
	os.WriteFile(filepath.Join(ro, "f"), []byte("x"), 0o644)
	os.Chmod(ro, 0o555)

	// A test of the dead run still at work in its run directory.
	orphan := exec.Command("sleep", "60")
	orphan.Dir = filepath.Join(parent, gone[0])
	if err := orphan.Start(); err != nil {
		t.Fatal(err)
	}
	defer orphan.Process.Kill()
	ended := make(chan error, 1)
	go func() { ended <- orphan.Wait() }()

	got := RemoveLeftovers(parent)
	if got.Dirs != len(gone) {
		t.Errorf("removed %d directories, want %d", got.Dirs, len(gone))
	}
	if want := []int{dead, dead2}; !slices.Equal(slices.Sorted(slices.Values(got.Runs)), slices.Sorted(slices.Values(want))) {
		t.Errorf("runs %v, want %v", got.Runs, want)
	}
	for _, name := range gone {
		if _, err := os.Lstat(filepath.Join(parent, name)); err == nil {
			t.Errorf("%s was left", name)
		}
	}
	for _, name := range stay {
		if _, err := os.Lstat(filepath.Join(parent, name)); err != nil {
			t.Errorf("%s was removed: %v", name, err)
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	if got.Processes != 1 {
		t.Errorf("killed %d processes, want 1", got.Processes)
	}
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Errorf("the test at work in a removed run directory was not killed")
	}
	if !processAlive(live.Process.Pid) {
		t.Errorf("a process that was no test was killed")
	}
}

// TestRunDirsNamed checks that a run's directories are named so that
// RemoveLeftovers knows them as this process's.
func TestRunDirsNamed(t *testing.T) {
	parent := t.TempDir()
	dir, err := makeRunDir(parent, runDirPrefix)
	if err != nil {
		t.Fatal(err)
	}
	if got := leftoverOf(filepath.Base(dir), thisHost()); got != os.Getpid() {
		t.Errorf("%s: made by %d, want %d", dir, got, os.Getpid())
	}
	if got := RemoveLeftovers(parent); got.Dirs != 0 {
		t.Errorf("a run directory of this process was removed")
	}
}
