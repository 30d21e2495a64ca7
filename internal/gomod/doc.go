// Package gomod finds the module that holds a directory: the nearest
// go.mod file at or above it, as the go command finds the main module
// when GOWORK is off.
package gomod
