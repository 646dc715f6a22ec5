package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/folder"
	"github.com/hddreduce/hdd/hdd"
	"github.com/hddreduce/hdd/hdd/runner"
)

// notInteresting explains that the test rejected the start of the
// reduction: the test's exit status, its last lines of output and a
// command to reproduce the verdict by hand. path is a folder if folder is
// set.
func notInteresting(v runner.Verdict, test testSpec, path string, folder bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: %v\n", hdd.ErrNotInteresting, v)
	if folder {
		// A test written for a file fails here first.
		fmt.Fprintf(&b, "hdd: the input %s is a directory: the test ran in a copy of it, with the copy's path as its argument\n", path)
	}
	if out := strings.TrimSpace(string(v.Output)); out != "" {
		lines := strings.Split(out, "\n")
		if len(lines) > 10 {
			lines = lines[len(lines)-10:]
		}
		fmt.Fprintf(&b, "hdd: the test's last output:\n")
		for _, l := range lines {
			fmt.Fprintf(&b, "hdd:   %s\n", l)
		}
	}
	again := reproduce(test, path)
	if folder {
		again = reproduceFolder(test, path)
	}
	fmt.Fprintf(&b, "hdd: to reproduce: %s", again)
	return errors.New(b.String())
}

// summary writes the lines that end a reduction. For a folder, original
// is the original input's archive; its sizes are those of its files.
func summary(con *console, input string, original int, res *hdd.Result, timeouts int, stop string, folderOrig []byte) {
	st := res.Stats
	state := "reduced"
	if stop != "" {
		state = "partially reduced (" + stop + ")"
	}
	before, after, what := original, st.BytesAfter, ""
	if folderOrig != nil {
		filesBefore, sizeBefore := folder.Stats(folderOrig)
		filesAfter, sizeAfter := folder.Stats(res.Output)
		before, after = sizeBefore, sizeAfter
		what = fmt.Sprintf("%s -> %s, ", grammars.Plural(filesBefore, "file"), grammars.Plural(filesAfter, "file"))
	}
	change := "no smaller"
	if after < before {
		change = percent(before-after, before) + " smaller"
	}
	resumed := ""
	if folderOrig == nil && original != st.BytesBefore {
		// The nodes are this run's: its start's tree, not the input's.
		resumed = fmt.Sprintf(" (this run went on from an earlier result of %s)", grammars.Plural(st.BytesBefore, "byte"))
	}
	con.printf("%s %s: %s%d -> %s (%s), %d -> %s%s", state, input, what, before, grammars.Plural(after, "byte"), change,
		st.NodesBefore, grammars.Plural(st.NodesAfter, "node"), resumed)
	if st.FoldsTried > 0 {
		con.printf("%d of %d folds adopted (%d candidates found interesting at once, combined)", st.Folds, st.FoldsTried, st.Folded)
	}
	con.printf("%s (%d canceled, %d timed out), %d cache hits, %d malformed candidates skipped; %v in all, tests running %v of it; hdd's own CPU %v",
		grammars.Plural(st.Tests, "test run"), st.Canceled, timeouts, st.CacheHits, st.Rejected, st.Elapsed.Round(time.Millisecond),
		st.TestWall.Round(time.Millisecond), ownCPU().Round(time.Millisecond))
}

// Stats is the -stats-json document.
type Stats struct {
	Input     string `json:"input"`
	Output    string `json:"output"`
	Algorithm string `json:"algorithm"`
	Partial   bool   `json:"partial"`
	Tests     int    `json:"tests"`    // test runs started
	Canceled  int    `json:"canceled"` // of which stopped before their verdict
	CacheHits int    `json:"cache_hits"`
	Rejected  int    `json:"rejected"`
	Timeouts  int    `json:"timeouts"`
	// OriginalBytes is the size of the original input; BytesBefore that
	// of the text this run started from, an earlier result of it when
	// the run went on from one.
	OriginalBytes int     `json:"original_bytes"`
	BytesBefore   int     `json:"bytes_before"`
	BytesAfter    int     `json:"bytes_after"`
	NodesBefore   int     `json:"nodes_before"`
	NodesAfter    int     `json:"nodes_after"`
	TestSeconds   float64 `json:"test_seconds"` // summed over parallel runs
	// TestWallSeconds is the wall time during which at least one test ran;
	// the rest of the wall time is hdd's own.
	TestWallSeconds float64 `json:"test_wall_seconds"`
	Seconds         float64 `json:"seconds"`
	// OwnCPUSeconds is hdd's own CPU time (parsing, rendering, checking,
	// hashing, writing files), without the tests it ran.
	OwnCPUSeconds float64 `json:"own_cpu_seconds"`

	// For a folder: its files and the bytes they hold, before and
	// after (the bytes above are those of its archive, which the search
	// counts).
	FilesBefore     int `json:"files_before,omitempty"`
	FilesAfter      int `json:"files_after,omitempty"`
	FileBytesBefore int `json:"file_bytes_before,omitempty"`
	FileBytesAfter  int `json:"file_bytes_after,omitempty"`
}

func writeStats(path, input, out string, alg hdd.Algorithm, res *hdd.Result, timeouts int, partial bool, original int, folderOrig []byte) error {
	st := res.Stats
	s := Stats{
		Input: input, Output: out, Algorithm: alg.String(), Partial: partial, OriginalBytes: original,
		Tests: st.Tests, Canceled: st.Canceled, CacheHits: st.CacheHits, Rejected: st.Rejected, Timeouts: timeouts,
		BytesBefore: st.BytesBefore, BytesAfter: st.BytesAfter, NodesBefore: st.NodesBefore, NodesAfter: st.NodesAfter,
		TestSeconds: st.TestTime.Seconds(), TestWallSeconds: st.TestWall.Seconds(), Seconds: st.Elapsed.Seconds(),
		OwnCPUSeconds: ownCPU().Seconds(),
	}
	if folderOrig != nil {
		s.FilesBefore, s.FileBytesBefore = folder.Stats(folderOrig)
		s.FilesAfter, s.FileBytesAfter = folder.Stats(res.Output)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'), newFilePerm(path))
}
