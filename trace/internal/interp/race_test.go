//go:build race

package interp

// raceEnabled is set under the race detector (corpus_test.go).
func init() { raceEnabled = true }
