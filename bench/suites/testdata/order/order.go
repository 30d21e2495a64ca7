// Package order's tests are the subjects of bench/suites' TestRunCaseInOrder
// and TestRunCaseBounds: TestAfterSetup needs the state TestSetup leaves,
// TestFails fails whatever ran before it, and TestSlow, before it, burns
// CPU and does not end.
package order

// Ready is set by TestSetup.
var Ready bool
