// Command satar evaluates SAT-TAR (sattar.Run) on the subjects of
// its paper, ported to Go: the linked list's Delete (examples/linkedlist)
// and the binary search tree's Add (examples/bst), each fault alone and
// in pairs, applied as overlays. For each version it reports the rank of
// every faulty line (the lines of the method under test to examine,
// inclusive, ties counted at their worst) by
//
//   - SAT-TAR: from the first failing seed of the fuzz target alone, up
//     to -rounds generated tests, suspects boosted;
//   - the core alone: the suspect list (the cores' statements and the
//     statements the formula cannot model), all equally suspicious;
//   - Tarantula over random tests: the same failing seed and as many
//     random inputs as SAT-TAR added, the median over -draws draws of a
//     fixed-seed generator;
//
// with the number of tests and the time of the session.
//
// Usage:
//
//	go run ./bench/satar [-rounds N] [-draws N] [-seed N] [-out FILE]
package main
