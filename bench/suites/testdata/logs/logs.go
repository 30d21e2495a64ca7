// Package logs's tests are the subjects of bench/suites' TestSameLog:
// their logs hold what go test -json and the interpreter give
// differently unless the comparison allows for it.
package logs

// Surrogate is U+D800 encoded as UTF-8 would encode it, which is not
// valid UTF-8.
const Surrogate = "\xed\xa0\x80"
