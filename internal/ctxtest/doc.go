// Package ctxtest gives tests a context whose deadline passes when the
// test says so, so that a test can check what a deadline does without
// waiting for a clock.
package ctxtest
