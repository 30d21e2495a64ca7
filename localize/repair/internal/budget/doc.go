// Package budget shares a context's deadline among the phases of a
// repair: [Share] and [ShareFrom] bring a deadline forward to a share
// of the time left, with a cause that says which phase's share ended,
// so that a bound phase leaves the rest of the time to the phases after
// it. A context without a deadline gets none.
package budget
