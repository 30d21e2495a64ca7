// Package order's tests depend on the package state earlier tests leave,
// as go test runs them (one process, in order): TestB passes under go
// test, and fails when run alone.
package order

// Count counts calls of Inc.
var Count int

// Label is set by TestA's subtest.
var Label string

// Names are the names of TestD's subtests: TestA adds one.
var Names []string

// Inc increments Count and returns it.
func Inc() int {
	Count++
	return Count
}

// Requests and Replies connect a server goroutine that TestA starts to
// the tests after it.
var (
	Requests = make(chan int)
	Replies  = make(chan int)
)

// Serve doubles the requests.
func Serve() {
	for x := range Requests {
		Replies <- 2 * x
	}
}
