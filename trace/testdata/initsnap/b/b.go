// Package b's tests use a library whose initializer prints
// (trace/testdata/initsnap/noisy).
package b
