// Package hdd is the search engine: given a tree (package tree) and its
// format's policy (tree.Policy), a [Reducer] shrinks the input with
// hierarchical delta debugging (Misherghi and Su, "HDD: Hierarchical Delta
// Debugging", ICSE 2006) to a small candidate that its [Oracle] still finds
// interesting, and returns it with the tree it belongs to. The search is a
// list of passes over the best candidate so far; each candidate a pass
// proposes is rendered (package unparse), checked by the policy, looked up
// in a cache of verdicts and only then tested.
//
// # Passes
//
// One sweep runs these passes, one file each: prune (prune.go: top down,
// level by level, a list minimizer of package minimize over the present
// nodes of the level; a level is a depth, except that a chain of fixed
// wrappers around the same bytes is one level; after a level that removes
// nodes, the nodes of their shapes below go in one test, echo.go; before
// a level whose nodes stand under many parents, the nodes of each kind
// and label go in one test each, groups.go; a long
// run of one-node levels nested in each other is bisected, chain.go),
// hoist (hoist.go: a node replaced by a descendant of its class),
// transform (transform.go: the
// policy's format-specific edits) and shorten (shorten.go: texts cut down
// unit by unit, the units the policy's). A tree built to a node budget is
// parsed again between the levels (unfold.go). Where the policy says what
// the rest of a candidate does not need (unused.go: declarations nothing
// names, function bodies), prune tries it away at once before the levels
// and during them. [HDD] runs one sweep, [HDDStar] repeats it until no
// pass changes anything (a level's ddmin-blocks then makes at most two
// rounds of single nodes per sweep, and where the policy can parse the
// best text again, the fresh tree is swept too), [HDDPlus] ends with
// single-node removals until none succeeds (singles.go: 1-tree-minimal),
// and [PlainDDMin] runs the minimizer over the root's children only (the
// line-based baseline over a tree of lines). The policy's tidies polish the
// result (tidy.go). Adding a pass is a file and an entry in the list sweep
// (algorithm.go).
//
// # Oracles
//
// An [Oracle] says whether a candidate is interesting, or fails; how the
// test runs is its business ([OracleFunc] adapts a Go function, package
// runner runs an executable). The Reducer checks the original (several
// times, to catch a flaky test) and the empty file first, never tests the
// same text twice (a cache keyed by a hash of the text; eval.go), and tests
// the result once more at the end. The first checks need only the input's
// bytes: [Reducer.Preflight] starts them while the caller parses the
// input, and [Reducer.ReduceChecked] goes on with the tree, testing the
// search's first candidates in the jobs the checks leave idle
// (preflight.go).
//
// # Concurrency
//
// Every step that tries alternatives in order (minimize.Tester's First)
// gets the whole sequence of tests it would make if each failed, such as
// the rest of a ddmin round and the rounds after it, and most steps also
// say which step follows each success: a level's ddmin-blocks or ddmin
// (minimize.Planner), the minimizer that shortens a text (ends-first),
// hoisting, each transform and HDD+'s singles (planStep). With Jobs > 1,
// each round of such a step tests the candidates the serial search is
// likeliest to test next, past successes as well as failures, guessing from
// its recent verdicts, from how much of the text each candidate removes,
// from what the same edits gave over an earlier text and from how often
// edits of the same kinds of nodes succeeded (planned.go), and for hoisting,
// the transforms and each text also the steps that follow if it adopts
// nothing (the next texts, and past the last HDD*'s next sweep); the
// search adopts what the serial search adopts, so the result is that of one
// job. A round does not wait for the tests whose verdicts the serial search
// does not need (a candidate it never tries, on which the test may hang
// until its timeout), nor for the tests started ahead of a level that the
// levels' walks through the verdicts known no longer need (after a level
// that adopts something, or past a success a level does not reach), nor for
// finish's runs beside a round that adopts something: once the search has
// the verdicts it needs, those still running get as long again as they have
// run, at least a second and at least twice the mean test, and are then
// stopped (awaitRound, aheadTests.wait). Tests of about the same length end
// together, and none is stopped or refilled, so the runs, too, are the same
// every time. Where tests take unequal times (a compiler that stops at a
// syntax error, a program that builds and runs), the jobs of those that end
// early are refilled while the walk waits for a slow one, with the
// candidates a round would hold then, a test still running guessed also by
// how long the tests of each verdict take (refill, ranOdds), and the tests
// the walk has passed by that run on are stopped at once (stopPointless);
// the runs then depend on when tests end, the result does not. The steps of
// the other list minimizers keep Jobs tests under way, in order
// (speculate.go); at a success they take the verdicts of the others under
// way, which were made from the same candidate, and when several are
// interesting they test their fold, the candidate that makes all their
// changes at once (then the folds of the two halves), and adopt it if it is
// interesting; otherwise they adopt the first success, as the serial search
// would. With those minimizers, different Jobs may fold different successes
// and end with different, equally minimal results. Which candidates are
// tested depends on Jobs and on the verdicts, never on how long a test
// takes, so the same input, test and Jobs give the same result every time.
// Jobs that would be idle at the end of a level test the first tests of the
// next one, and of the levels after it where those between end when their
// tests fail, and past the last level those of hoisting and the transforms
// (lookahead.go), without changing the result. A round that holds the last
// tests of those passes, with jobs left, runs there the tidies' tests and
// the final confirmation of the best text, which the end of the search
// takes if it ends with that text (tidy.go). With one job, the next
// alternatives are rendered and checked while the current one is tested, so
// that hdd's own work hides behind the test; with several, the plans meet
// the same candidates again and again, and each is rendered once (a memo of
// the texts by the candidates' edits, eval.go). Reduce returns only when
// every test it started has ended.
//
// # Errors
//
// Errors carry no package prefix and no advice for a command line; the
// command adds both.
package hdd
