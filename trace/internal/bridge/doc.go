// Package bridge holds native stand-ins for functions of packages that
// interpreted code calls and the interpreter does not run from source:
// testify's assertions, math/rand/v2's seeded generators and faultloc's
// own test helper. Each registers itself with package interp when this
// package is linked in (package trace imports it), through
// interp.RegisterBridge and interp.RegisterNativeType, and reaches the
// run only through what interp's extcall.go exports (interp.Call and a
// few operations on interpreted values). The rest of the bridge to the
// standard library, which shares the interpreter's memory layout, its
// scheduler or its per-run state, is in package interp.
package bridge
