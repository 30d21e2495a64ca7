// Package testrun emulates go test under faultloc's interpreter: it runs
// a loaded package's Test, Fuzz and Example functions as go test -json
// would (subtests selected as by -run, TestMain around them, fuzz targets
// on their seed corpus, examples judged by their output comment, the
// tests go test runs before a case), stands in for the testing package's
// T, F, M and functions (assertions, logs, t.Run, cleanups, t.Setenv,
// t.Context), lists a package's cases, and turns a run into the verdict,
// assertions and output of one case.
//
// It is a client of package interp through the operations interp
// exports for it (interp.Call, interp.RegisterBridge, interp.RunWith...)
// and registers itself as interp's GoTester when it is initialized: the
// go test methods of interp.Program (RunGoTest, ListTests, TestFuncs,
// FuzzCase...), which package trace exports, call it. Package trace
// imports it for that; nothing else needs to.
package testrun
