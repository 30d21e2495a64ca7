// Package order's tests are the subjects of bench/suites' TestRunCaseInOrder:
// TestAfterSetup needs the state TestSetup leaves, TestFails fails
// whatever ran before it, and TestSlow, before it, does not end.
package order

// Ready is set by TestSetup.
var Ready bool
