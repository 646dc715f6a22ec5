package runner

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
)

// ErrNoReaper is returned by [NewReaper] on systems where a process cannot
// adopt the orphans of its descendants (everywhere but Linux).
var ErrNoReaper = errors.New("escaped test processes cannot be found on this system")

// markerVar is the environment variable that tags every process of a test
// run: its value names the run, and descendants inherit it, so a process
// that has left the run's process group can still be traced to its run.
const markerVar = "HDD_RUN"

// A Reaper finds and kills the processes that a test leaves running outside
// its process group: daemons, and children started with setsid or setpgid.
// Killing the process group after a run (which [Command] always does)
// cannot reach them.
//
// On Linux, [NewReaper] makes the calling process a child subreaper
// (prctl PR_SET_CHILD_SUBREAPER), so orphaned descendants of the tests are
// re-parented to it instead of to init. After each run, the Reaper kills
// those of its orphans that carry the run's marker in their environment
// (HDD_RUN, set for every run), and reaps them. Orphans whose environment
// names no run are killed once no run is going on, and by [Reaper.Close].
// Processes that are not the calling process's descendants, and those that
// clear their environment while another run is going on until then, are
// beyond reach. On other systems NewReaper fails with [ErrNoReaper] and
// escaped processes survive.
//
// A Reaper must be the only user of wait for the calling process's children
// other than os/exec (which waits for the processes it started), and all
// tests must be started through Commands that share it. It is safe for
// concurrent use.
type Reaper struct {
	mu      sync.Mutex
	running map[int]bool    // pids of the test processes started and not yet waited for
	groups  map[int]bool    // the process groups of the tests (their pids)
	active  map[string]bool // markers of the runs going on
	seq     atomic.Uint64
	killed  atomic.Int64
}

// Killed returns how many escaped processes the Reaper has killed so far.
func (r *Reaper) Killed() int { return int(r.killed.Load()) }

// newRun returns the marker of a new run, as an environment entry, and
// records the run as going on.
func (r *Reaper) newRun() (marker string) {
	marker = fmt.Sprintf("%d.%d", os.Getpid(), r.seq.Add(1))
	r.mu.Lock()
	r.active[marker] = true
	r.mu.Unlock()
	return marker
}

// start calls startProcess, which starts a test process and returns its
// pid, with the lock held, so a collection never takes a process that is
// being started for an orphan.
func (r *Reaper) start(startProcess func() (pid int, err error)) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	pid, err := startProcess()
	if err == nil {
		r.running[pid], r.groups[pid] = true, true
	}
	return err
}

// exited records that the test process pid has been waited for.
func (r *Reaper) exited(pid int) {
	r.mu.Lock()
	delete(r.running, pid)
	r.mu.Unlock()
}

// endRun kills the escaped processes of the run with the given marker, and
// records the run as over.
func (r *Reaper) endRun(marker string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.active, marker)
	r.collect(func(m string) bool {
		return m == marker || m != "" && !r.active[m] || m == "" && len(r.active) == 0
	})
}

// Close kills every escaped process left, whatever run it came from. Call
// it once no test runs any more.
func (r *Reaper) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.collect(func(string) bool { return true })
}
