//go:build long

package trace

// longTests is set by the build tag long (go test -tags long, which
// .ci/run runs after go test ./...): tests that sample an evaluation by
// default then run all of it.
const longTests = true
