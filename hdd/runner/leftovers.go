package runner

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Run directories are named for the run of hdd that made them, so that a
// later run can tell those whose maker is gone: "hdd-run-HOST.PID-N" and
// "hdd-tmp-HOST.PID-N", where N is os.MkdirTemp's random part.
const (
	runDirPrefix = "hdd-run-"
	tmpDirPrefix = "hdd-tmp-"
)

// thisHost returns the host name as run directories' names hold it: the
// bytes that are not ASCII letters, digits, dots, dashes or underscores
// become underscores.
var thisHost = sync.OnceValue(func() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-_", r)) {
			return r
		}
		return '_'
	}, host)
})

// runDirPattern returns the os.MkdirTemp pattern of a run directory of
// this process, of the kind prefix names.
func runDirPattern(prefix string) string {
	return prefix + thisHost() + "." + strconv.Itoa(os.Getpid()) + "-"
}

// leftoverOf returns the process id of the run of hdd on host that made
// the run directory named name, or 0 if name is not such a directory.
func leftoverOf(name, host string) int {
	rest, ok := strings.CutPrefix(name, runDirPrefix)
	if !ok {
		if rest, ok = strings.CutPrefix(name, tmpDirPrefix); !ok {
			return 0
		}
	}
	i := strings.LastIndexByte(rest, '-')
	if i < 0 || !digits(rest[i+1:]) {
		return 0
	}
	maker, ok := strings.CutPrefix(rest[:i], host+".")
	if !ok || !digits(maker) || maker[0] == '0' {
		return 0
	}
	pid, err := strconv.Atoi(maker)
	if err != nil {
		return 0
	}
	return pid
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// Leftovers are what [RemoveLeftovers] found and removed.
type Leftovers struct {
	Dirs      int   // run directories and tests' TMPDIRs removed
	Processes int   // test processes killed
	Runs      []int // the process ids of the runs of hdd that left them
}

// RemoveLeftovers removes the run directories (and the tests' TMPDIRs) in
// parent that runs of hdd on this host left when they ended without
// cleaning up, killed by SIGKILL or by the out-of-memory killer, and,
// where the system tells which (Linux), kills the test processes that
// still work in them. A directory counts as left over only if its name
// says this host made it, the process that made it is gone, and it
// belongs to the calling user: the run directories of runs still going
// on, here or on other hosts sharing parent (a -workdir on a cluster),
// stay. A process id in use again by another process keeps its run's
// directories until that process ends.
//
// Errors are not reported: a directory that cannot be removed stays, and
// is not counted.
func RemoveLeftovers(parent string) Leftovers {
	var out Leftovers
	entries, err := os.ReadDir(parent)
	if err != nil {
		return out
	}
	alive := map[int]bool{os.Getpid(): true}
	var dirs []string
	for _, e := range entries {
		pid := leftoverOf(e.Name(), thisHost())
		if pid == 0 || !e.IsDir() {
			continue
		}
		live, seen := alive[pid]
		if !seen {
			live = processAlive(pid)
			alive[pid] = live
		}
		path := filepath.Join(parent, e.Name())
		if live || !ownedBySelf(path) {
			continue
		}
		dirs = append(dirs, path)
		if !slices.Contains(out.Runs, pid) {
			out.Runs = append(out.Runs, pid)
		}
	}
	if len(dirs) == 0 {
		return out
	}
	out.Processes = killWorkingIn(dirs)
	for _, dir := range dirs {
		if removeAll(dir) == nil {
			out.Dirs++
		}
	}
	return out
}
