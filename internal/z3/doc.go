// Package z3 is faultloc's own cgo binding to the system libz3 (4.8.12 or
// later, linked with -lz3). It exposes exactly what the maxsat package needs:
// contexts; Bool, bit-vector and Int sorts; constants and numerals; the
// operators of Go's integer semantics (bit-vector arithmetic, signed and
// unsigned comparisons, division and remainder, shifts, extension,
// extraction, concatenation) and Int arithmetic; cardinality and
// pseudo-Boolean constraints; solvers with push/pop, checks under
// assumptions, unsat cores, models, statistics, timeouts and interruption;
// and Optimize with assert-soft, which faultloc uses only as a test oracle
// and benchmark peer.
//
// # Safety rules, and why
//
// Z3's default error handler prints a message and calls exit(1). NewContext
// installs a handler that does nothing; every C helper in this package reads
// Z3_get_error_code right after its Z3 call, resets it, and the Go side turns
// a non-zero code into an *Error. After an error the context stays usable.
//
// Contexts are reference counted (Z3_mk_context_rc). A term returned by Z3
// lives only until the next API call unless its count is raised, so each
// helper calls Z3_inc_ref inside the same C call that made the term. Terms
// and sorts are then pinned until Context.Close, which frees everything at
// once; solvers, optimizers and models hold their own references, released
// by their Close or by the Context's Close. There are no finalizers: they
// would run on another goroutine, and a context belongs to one goroutine.
//
// Z3's ctrl_c parameter (default true) replaces the process's SIGINT
// handler during a check and loses Go's SA_ONSTACK flag; every Solver and
// Optimize is created with ctrl_c=false. Long checks are stopped with a
// timeout (SetTimeout) or by cancelling the context.Context passed to Check,
// which calls Z3_interrupt from a watcher goroutine: the one cross-goroutine
// call this package makes, and only while the check runs, so an interrupt
// never leaks into a later check.
//
// Unsat-core elements are the very assumption ASTs (Z3 hash-conses terms),
// so AST equality maps a core back to the caller's selectors. Bit-vector
// numerals are created and read as uint64, so values >= 2^63 are exact;
// wider values come back as a *big.Int. Note that SMT-LIB defines x/0 for
// bit-vectors (bvudiv gives all ones, bvurem gives x) where Go panics: a
// caller encoding Go must test the divisor itself.
//
// Built without cgo (CGO_ENABLED=0), the package keeps its API (types.go
// and nocgo.go) and every call returns a *NoSolverError, so that the
// packages above it build and say plainly that the solver is missing;
// Available tells the two builds apart.
//
// The package is internal: its API follows Z3's shape, not Go's, and may
// change with the needs of maxsat.
package z3
