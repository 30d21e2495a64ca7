//go:build !long

package trace

// longTests is false without the build tag long: see long_test.go.
const longTests = false
