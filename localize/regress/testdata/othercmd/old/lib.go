// Package othercmd is a regression subject beside a command of its
// module that no version builds (it imports a package no module
// provides), which the package's tests do not import.
package othercmd

// Double returns 2x.
func Double(x int) int { return 2 * x }
