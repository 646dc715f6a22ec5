package runner

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// killWorkingIn kills the calling user's processes whose working
// directory is one of dirs or below one, and returns how many it killed:
// the tests of a run of hdd that was killed, and their children, which
// start in the run directory.
func killWorkingIn(dirs []string) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	self := os.Getpid()
	n := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd"))
		if err != nil { // gone, a zombie, or another user's
			continue
		}
		for _, dir := range dirs {
			if cwd == dir || strings.HasPrefix(cwd, dir+"/") {
				if unix.Kill(pid, unix.SIGKILL) == nil {
					n++
				}
				break
			}
		}
	}
	return n
}

// isZombie reports whether process pid has exited and waits for its
// parent to reap it.
func isZombie(pid int) bool {
	state, _, ok := procStat(pid)
	return ok && state == 'Z'
}
