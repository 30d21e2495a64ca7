// Package a's tests use a library whose initialization a copy can stand
// for (trace/testdata/initsnap/lib).
package a
