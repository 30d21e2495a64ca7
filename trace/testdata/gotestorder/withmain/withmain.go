// Package withmain's TestB depends on TestA's change of a package
// variable, through a TestMain.
package withmain

// N is set by TestA.
var N int
