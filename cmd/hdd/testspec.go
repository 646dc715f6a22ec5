package main

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"

	"github.com/hddreduce/hdd/hdd/runner"
)

// A testSpec is what runs as the interestingness test: an executable
// (TEST), or a command line given with -c, run by a shell.
type testSpec struct {
	path    string   // what runs: TEST as given, or the shell
	exe     string   // path resolved as the runner resolves it (absolute)
	args    []string // the arguments before the candidate's path
	command string   // the -c command line, or ""
}

// commandArg0 is $0 of a -c command: the name its shell gives in its
// messages ("hdd-test: line 1: gcc: command not found").
const commandArg0 = "hdd-test"

// executableTest returns the test TEST, testArg, resolved as the runner
// resolves it.
func executableTest(testArg string) (testSpec, error) {
	exe, err := (&runner.Command{Path: testArg}).Executable()
	if err != nil {
		return testSpec{}, err
	}
	return testSpec{path: testArg, exe: exe}, nil
}

// commandTest returns the test given as -c command, run by bash where
// there is one (its syntax is what users write, C-Vise's -c included),
// else by /bin/sh. ("--" ends the shell's options: a command that starts
// with "-" is a command.)
func commandTest(command string) testSpec {
	shell, err := exec.LookPath("bash")
	if err != nil {
		shell = "/bin/sh"
	}
	return testSpec{path: shell, exe: shell, args: []string{"-c", "--", command, commandArg0}, command: command}
}

// file returns the test's file, which a run must not write: "" for a
// command.
func (t testSpec) file() string {
	if t.command != "" {
		return ""
	}
	return t.exe
}

// identity returns what the output's record keeps of the test (see
// record): the executable's path and the hash of its content, or the
// command line and its hash. The shell that runs a command does not
// count: the same command on another machine is the same test.
func (t testSpec) identity() (name, hash string, err error) {
	if t.command != "" {
		return "-c " + shellQuote(t.command), hashBytes([]byte(t.command)), nil
	}
	hash, err = hashFile(t.exe)
	if err != nil {
		return "", "", fmt.Errorf("cannot read the test: %w", err)
	}
	return t.exe, hash, nil
}

// shell returns the test as words for sh, the candidate's path left out.
// via returns the test as run through the launcher l (nil for local),
// for a command line that reproduces what hdd ran.
func (t testSpec) via(l *runner.Launcher) testSpec {
	if l == nil || len(l.Prefix) == 0 {
		return t
	}
	t.args = slices.Concat(l.Prefix[1:], []string{t.exe}, t.args)
	t.exe = l.Prefix[0]
	return t
}

func (t testSpec) shell() string {
	words := []string{shellQuote(t.exe)}
	for _, a := range t.args {
		words = append(words, shellQuote(a))
	}
	return strings.Join(words, " ")
}
