package runner

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// NewReaper makes the calling process a child subreaper and returns a
// Reaper for the tests it runs.
func NewReaper() (*Reaper, error) {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return nil, fmt.Errorf("cannot adopt escaped test processes: %w", err)
	}
	return &Reaper{running: make(map[int]bool), groups: make(map[int]bool), active: make(map[string]bool)}, nil
}

// collect kills and reaps the children of the calling process that are not
// test processes and whose marker doomed accepts, then those of their
// children that become orphans in turn, and reaps children that have
// exited. It is called with r.mu held.
func (r *Reaper) collect(doomed func(marker string) bool) {
	type victim struct{ pid, pgrp int }
	for range 16 { // a killed process's children are orphans in the next round
		// First the list, then the kills: a process counts as escaped if
		// it was found alive outside the groups killed whole (the tests'
		// and those of the escaped processes killed in earlier rounds),
		// whatever the order of the list.
		var victims []victim
		for _, pid := range children() {
			if r.running[pid] {
				continue
			}
			state, pgrp, ok := procStat(pid)
			if !ok || state == 'Z' {
				var ws unix.WaitStatus
				unix.Wait4(pid, &ws, unix.WNOHANG, nil)
				continue
			}
			// A member of the group of a test that has ended was killed
			// with it (its environment may be gone already); one of a
			// test that still runs is that test's business.
			if r.groups[pgrp] && !r.running[pgrp] || doomed(procMarker(pid)) {
				victims = append(victims, victim{pid, pgrp})
			}
		}
		if len(victims) == 0 {
			return
		}
		for _, v := range victims {
			if !r.groups[v.pgrp] {
				r.killed.Add(1)
			}
		}
		for _, v := range victims {
			if v.pgrp == v.pid { // a group of its own (setsid): take its members too
				unix.Kill(-v.pid, unix.SIGKILL)
				r.groups[v.pid] = true
			}
			unix.Kill(v.pid, unix.SIGKILL)
			var ws unix.WaitStatus
			for {
				if _, err := unix.Wait4(v.pid, &ws, 0, nil); err != unix.EINTR {
					break
				}
			}
		}
	}
}

// children returns the pids of the calling process's children that the
// kernel lists under its main thread: the orphans it adopts as a subreaper
// go to the main thread, while the test processes it starts are listed
// under the thread that forked them, so this is the list to search, and a
// short one (about 10 µs to read, where reading every thread's list takes
// 20 times as long).
func children() []int {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(os.Getpid()) + "/children")
	if err != nil {
		return childrenByScan()
	}
	var pids []int
	for _, f := range bytes.Fields(b) {
		if pid, err := strconv.Atoi(string(f)); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// childrenByScan returns the pids of the calling process's children by
// reading every process's parent, for kernels without the children file.
func childrenByScan() []int {
	self := os.Getpid()
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, ok := procParent(pid); ok && ppid == self {
			pids = append(pids, pid)
		}
	}
	return pids
}

// procFields returns the fields of /proc/PID/stat after the command name:
// state, parent, process group, ...
func procFields(pid int) [][]byte {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	return bytes.Fields(b[i+1:])
}

// procStat returns the state and process group of process pid.
func procStat(pid int) (state byte, pgrp int, ok bool) {
	f := procFields(pid)
	if len(f) < 3 || len(f[0]) != 1 {
		return 0, 0, false
	}
	pgrp, err := strconv.Atoi(string(f[2]))
	return f[0][0], pgrp, err == nil
}

// procParent returns the parent of process pid.
func procParent(pid int) (int, bool) {
	f := procFields(pid)
	if len(f) < 2 {
		return 0, false
	}
	ppid, err := strconv.Atoi(string(f[1]))
	return ppid, err == nil
}

// procMarker returns the value of HDD_RUN in the environment process pid
// started with, or "".
func procMarker(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return ""
	}
	for _, kv := range bytes.Split(b, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte(markerVar+"=")); ok {
			return string(v)
		}
	}
	return ""
}
