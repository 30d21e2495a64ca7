// Package loadgate makes the timing assertions of tests that run
// processes or long calls against a bound: a bound is asserted on a
// machine whose load is at most twice its CPUs, and only logged on a
// busier one, where the steps that cannot stop at once stretch with the
// load and a miss says nothing of the code.
//
// A test that measured an overshoot reports it with [Errorf]:
//
//	if over > margin {
//		loadgate.Errorf(t, "exited %v past its bound of %v", over, bound)
//	}
//
// which fails the test on a quiet machine and logs the line on a loaded
// one, the load average appended either way. [Average] reads the load
// average (Linux's /proc/loadavg; 0, hence quiet, where the system does
// not say) and [Quiet] is the rule.
package loadgate
