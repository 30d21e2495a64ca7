package interp

import "os"

// The program's standard output and error. A run's os.Stdout and
// os.Stderr are these two files, the process's as they were when this
// package was initialized, and the interpreter tells them apart by
// identity: what the program writes to them goes to the run's output
// (RunOptions.Stdout, Call.SetStdout, Call.SetStderr), never to the
// process's. The process's variables may change afterwards without
// changing the program's streams: package testing makes os.Stderr the
// same file as os.Stdout under go test -json, and a test capturing its
// own output makes os.Stdout a pipe for a while.
var (
	stdoutFile = os.Stdout
	stderrFile = os.Stderr
)

// StdoutFile returns the file that is the program's os.Stdout in every
// run (what its writes go to is the run's, Call.Stdout).
func StdoutFile() *os.File { return stdoutFile }

// StderrFile returns the file that is the program's os.Stderr in every
// run (what its writes go to is the run's, Call.Stderr).
func StderrFile() *os.File { return stderrFile }
