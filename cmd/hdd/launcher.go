package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/hdd/runner"
	"github.com/kballard/go-shellquote"
)

// launcherFlags returns the launcher that -launcher and -launcher-args
// name: nil for local, else srun with the user's options or an exec
// prefix. The words are split as /bin/sh would, without expansions.
func launcherFlags(launcher, args string) (*runner.Launcher, error) {
	kind, prefix, isExec := strings.Cut(launcher, ":")
	kind = strings.TrimSpace(kind)
	switch {
	case isExec && kind == "exec":
		if args != "" {
			return nil, usagef("-launcher-args goes with -launcher slurm; put the options of an exec launcher in -launcher 'exec: CMD ARGS'")
		}
		words, err := shellquote.Split(prefix)
		switch {
		case err != nil:
			return nil, usagef("-launcher %q: %v", launcher, err)
		case len(words) == 0:
			return nil, usagef("-launcher exec: needs a command, as in -launcher 'exec: ssh node1'")
		}
		if strings.ContainsRune(words[0], filepath.Separator) && !filepath.IsAbs(words[0]) {
			// A path from here: the tests run in directories of their own.
			if abs, err := filepath.Abs(words[0]); err == nil {
				words[0] = abs
			}
		}
		return &runner.Launcher{Prefix: words}, nil
	case !isExec && kind == "local":
		if args != "" {
			return nil, usagef("-launcher-args goes with -launcher slurm")
		}
		return nil, nil
	case !isExec && kind == "slurm":
		words, err := shellquote.Split(args)
		if err != nil {
			return nil, usagef("-launcher-args %q: %v", args, err)
		}
		return &runner.Launcher{Slurm: true, Prefix: append([]string{"srun"}, words...)}, nil
	}
	return nil, usagef("-launcher must be local, slurm or 'exec: CMD ARGS' (got %q)", launcher)
}

// checkWorkdir checks that the folder of -workdir exists.
func checkWorkdir(dir string) error {
	if dir == "" {
		return nil
	}
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("-workdir %s: %v", dir, unwrapPath(err))
	case !fi.IsDir():
		return fmt.Errorf("-workdir %s is not a folder", dir)
	}
	return nil
}

// removeKilledRuns removes the run directories in workdir, or in $TMPDIR
// if workdir is "", that runs of hdd stopped by force left, kills their
// tests still running, and says so with logf.
func removeKilledRuns(workdir string, logf func(format string, args ...any)) {
	dir := workdir
	if dir == "" {
		dir = os.TempDir()
	}
	left := runner.RemoveLeftovers(dir)
	if left.Dirs == 0 && left.Processes == 0 {
		return
	}
	what := grammars.Plural(left.Dirs, "run directory")
	if left.Processes > 0 {
		what += " and killed " + grammars.Plural(left.Processes, "test process")
	}
	runs := "a run"
	pids := make([]string, len(left.Runs))
	for i, pid := range left.Runs {
		pids[i] = fmt.Sprint(pid)
	}
	if len(pids) > 1 {
		runs = "runs"
	}
	logf("removed %s that %s of hdd stopped by force (process %s) left in %s", what, runs, strings.Join(pids, ", "), dir)
}
