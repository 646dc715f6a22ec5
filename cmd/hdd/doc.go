// Hdd reduces a C, XML/HTML or JSON file to a smaller one that still passes
// an interestingness test, using hierarchical delta debugging.
//
// Usage:
//
//	hdd [flags] TEST INPUT
//	hdd [flags] -c COMMAND INPUT
//	hdd [flags] TEST DIR
//	hdd -dump-tree [-format F] INPUT
//
// TEST is an executable. hdd runs it as `TEST CANDIDATE` in a fresh private
// temporary directory (with a TMPDIR of its own, removed with it), where CANDIDATE is the absolute path of a candidate
// file with INPUT's base name; exit status 0 means the candidate is
// interesting (the bug still shows). TEST must name other files by absolute
// paths. A bare name (test.sh) is the file in the current directory if
// there is one, else a command in $PATH. Flags may also follow TEST and
// INPUT. With -c, COMMAND is the test instead: bash (sh where there is no
// bash) runs it as `bash -c -- COMMAND hdd-test CANDIDATE` in the same
// directory, where it names the candidate by INPUT's name or as "$1".
// Every candidate hdd shows the test is
// well-formed: valid JSON, well-formed XML (or, for malformed input, XML
// or JSON, no new malformation), C that tree-sitter parses with no new
// errors.
//
// hdd parses INPUT into a tree and removes or simplifies parts of it level
// by level, keeping the smallest interesting file. INPUT itself is never
// modified unless -in-place is given.
//
// # Before and after
//
// hdd first runs TEST on the unchanged input, twice, and stops with the
// test's exit status, its last lines of output and a command to reproduce it
// when the input is not interesting; it warns when the two verdicts differ
// and when an empty file is interesting too. A test that cannot be started
// (missing, not executable, bad interpreter) stops the run with an error.
// The best result so far is written to the output file (atomically) every
// time it improves; on Ctrl-C, SIGTERM, SIGHUP or SIGQUIT the running tests
// are killed with their process groups and the summary says the result is
// partial. On Linux, processes a test leaves outside its process group
// (setsid, timeout, daemons) are killed after its run too. The final result is
// tested once more before hdd reports success. A run killed by force
// (SIGKILL) cannot clean up: the next run on the same host removes its run
// directories, and on Linux kills its tests still at work in them.
//
// # Going on
//
// Run the same command again after an interruption and hdd goes on from the
// result in the output, if the record it keeps beside it (.OUTPUT.hdd) shows
// that the output is a result of this same input and test. An output that is
// not is renamed OUTPUT.~N~ when the first result is written, never
// overwritten, and hdd starts from the input. Likewise -in-place keeps an earlier INPUT.orig that is not the
// original of INPUT as INPUT.orig.~N~. No output (-o, -stats-json,
// -cpuprofile, -memprofile, -findings) may be the input, the test, INPUT.orig
// or another output. When the output cannot be written (its disk is full),
// the best result is kept beside the input or in the temporary directory,
// and hdd says where.
//
// # Folders
//
// INPUT may be a folder, DIR. The test then runs as `TEST CANDIDATE_DIR`
// in CANDIDATE_DIR, a private copy of the candidate folder with DIR's name,
// made for each run and removed after it; nothing the test writes there
// is read back. The result is a folder, DIR.reduced (or -o DIR2), written
// beside its place and swapped in at once; -in-place keeps DIR.orig. The
// folder's files, empty folders and links are the top level of one tree,
// removable first; each file's subtree is built by its own format (by its
// name, else sniffed; -format F makes every file F; other text and files
// that do not parse go by lines; binary and blank files are kept whole or
// removed). In C files, an #include line of a file of the folder goes with
// that file, and a header included once may be inlined. Symbolic links
// leading outside DIR, named pipes, sockets and devices, and more than
// -max-size bytes in all are refused; so are outputs inside DIR.
//
// # Flags
//
//	-o FILE              where the result goes (default: INPUT with .reduced
//	                     before its extension, e.g. bug.reduced.c)
//	-c COMMAND           the test as a shell command line, in place of TEST
//	-in-place            write the result over INPUT, keeping INPUT.orig
//	-fresh               start from INPUT even when the output holds an
//	                     earlier result of this input and test (by default
//	                     hdd goes on from it)
//	-algorithm A         hdd, hdd+, hdd* (default) or ddmin (lines, no tree)
//	-minimizer M         the list minimizer of each level: ddmin-blocks
//	                     (default), ddmin, cdd, greedy, greedy-fwd,
//	                     greedy-rand, adaptive, adaptive-fwd, lithium, trial
//	-no-hoist            do not replace nodes by nested nodes of their kind
//	-no-replace          do not replace nodes that cannot vanish by their
//	                     minimal forms ({}, 0, "")
//	-no-shorten          do not cut texts and strings down
//	-no-tidy             do not tidy the result
//	-no-transform        do not try format-specific edits (C macro
//	                     expansion, block unwrapping and type
//	                     simplification; XML element unwrapping)
//	-timeout D           kill a test run after D (default: 10 times the first
//	                     run of the original, at least 5s, at most 1h)
//	-format F            c, xml, html, json or lines (default: from the name)
//	-j N                 parallel test runs (default: the number of CPUs);
//	                     successes found at once are folded into one
//	                     candidate; the same N gives the same result
//	-repeat N            run the test up to N times per candidate; interesting
//	                     only if every run is (for a test interesting by
//	                     chance at times)
//	-also-interesting S  save candidates on which the test exits with S
//	                     (1 to 255) to the findings folder (-findings DIR,
//	                     default OUTPUT.findings) and go on; what the
//	                     folder holds already is not saved again
//	-max-tests N         stop after N test runs with the best result so far
//	-max-time D          stop after D with the best result so far
//	-max-size SIZE       refuse larger inputs (default 256MB; 500KB, 1GB)
//	-stats-json FILE     write the statistics as JSON
//	-v, -q               log each level and phase; print only errors
//	-dump-tree           print the parsed tree of INPUT and exit
//	-version             print the version and exit
//	-cpuprofile FILE     write a CPU profile of hdd's own work (go tool pprof)
//	-memprofile FILE     write a profile of every memory allocation (go tool pprof)
//	-launcher L          where each test runs: local (default), slurm (each
//	                     run a Slurm job of its own, with srun) or
//	                     'exec: CMD ARGS' (runs CMD ARGS TEST CANDIDATE)
//	-launcher-args A     srun options for -launcher slurm: '-p debug -t 10'
//	-workdir DIR         make the run directories in DIR, not $TMPDIR (on a
//	                     cluster: a folder every node sees at the same path)
//
// # Clusters
//
// With -launcher slurm each test run is `srun -N1 -n1 -J NAME TEST
// CANDIDATE`, with a unique job name; raise -j to keep many jobs in flight.
// A run stopped early (timeout, a candidate that lost, Ctrl-C) gets SIGTERM,
// SIGKILL 2 s later if srun is still there, then `scancel --name=NAME`,
// which also removes a job still in the queue; the timeout counts from the
// test's start, not the wait in the queue. When srun fails before the test starts (controller
// down, bad partition, no configuration) hdd stops with srun's message,
// never counting it as "not interesting". The README says what a
// multi-node cluster needs.
//
// # Exit status
//
// 0 when the input was reduced (also when -max-tests or -max-time stopped
// it), 1 when it was not (not interesting, test error, interrupted, the
// result could not be written where asked), 2 for a usage error.
//
// # Example
//
//	hdd -o /tmp/order.min.json testdata/examples/json/test.sh testdata/examples/json/order.json
package main
