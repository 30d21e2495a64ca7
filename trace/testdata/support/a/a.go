// Package a is the target of the test of test helpers
// (Program.Support): its own file imports testenv, a package named as
// test code is; its test imports internal/testutil, a test helper, and
// helper, which is not named as one.
package a

import "github.com/faultloc/faultloc/trace/testdata/support/testenv"

// Double returns 2x, plus testenv's offset.
func Double(x int) int { return 2*x + testenv.Offset() }
