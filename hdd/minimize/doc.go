// Package minimize holds the list minimizers: algorithms that shrink a list
// of items to a 1-minimal sublist that a test still finds interesting. The
// engine (package hdd) runs one over the nodes of each level of the tree,
// and [EndsFirst] over the units of a text; package sim (hdd/minimize/sim)
// measures them on synthetic tests. They are generic over the item type and pure: a
// [Tester] is the only way they learn anything, so they are tested with Go
// functions as oracles. [Run] runs the minimizer an [Algorithm] names.
//
// Every minimizer hands runs of candidates that a serial loop would test one
// after another to [Tester.First], so that a Tester may test them at once
// while the result stays that of the serial loop.
//
// # Sources
//
//   - ddmin: Andreas Zeller and Ralf Hildebrandt, "Simplifying and
//     Isolating Failure-Inducing Input", IEEE TSE 2002.
//   - ddmin-blocks, adaptive: David R. MacIver, "Adaptive delta debugging"
//     (blog post).
//   - greedy: MacIver, "Linear time (ish) test case reduction" (blog post):
//     go on after a success instead of restarting, n + k tests.
//   - the orders (backward, forward, random) and trial's short trial runs:
//     MacIver, "Representing steps in test-case reduction" (notebook).
//   - lithium: Jesse Ruderman's Lithium, as analysed in Frédéric Wang's
//     "Analysis of Lithium's algorithm".
//   - cdd: Mengxiao Zhang, Zhenyang Xu, Yongqiang Tian, Xinru Cheng and
//     Chengnian Sun, "Toward a Better Understanding of Probabilistic Delta
//     Debugging", ICSE 2025.
//   - ends-first: hdd's own, for the texts the engine shortens (see
//     [EndsFirst]).
package minimize
