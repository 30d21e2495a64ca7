// Package frontend builds the package pipeline's options from the
// settings of a localization, for the two front ends that run the
// pipeline on failing tests: the command (faultloc localize) and the go
// test helper (faultloctest). Both build their options with
// [Settings.Options], so that the same settings give the same technique,
// scorers, refiners and tie-break, and the two rank a failing case the
// same way (cmd/faultloc's TestExplainSameRanking compares them).
package frontend
