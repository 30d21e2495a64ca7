package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"sort"
	"syscall"
)

// command is one subcommand of faultloc.
type command struct {
	summary string // one line for `faultloc help`
	// run executes the command with its arguments (after the command name)
	// and returns the process exit status: 0 when it ran, 1 on a usage or
	// load error (reported on stderr), 2 when the command itself failed,
	// exitInterrupted when ctx ended the run before it was done.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

// commands maps a command name to its implementation. Each command lives
// in its own file of this directory and registers itself from an init
// function; doc.go is their reference, which `faultloc help` prints.
var commands = map[string]command{}

func register(name string, c command) {
	if _, dup := commands[name]; dup {
		panic("faultloc: command registered twice: " + name)
	}
	commands[name] = c
}

// exitInterrupted is the exit status of a run that a signal or a
// deadline stopped, after it wrote what it had done.
const exitInterrupted = 3

// memoryLimit is the Go runtime's soft memory limit of the command,
// unless GOMEMLIMIT sets one: an interpreted run may hold its whole
// allocation budget (trace.DefaultMaxAlloc, 4 GiB: a larger budget grows
// only while the live heap grows by at most that), and without a limit the
// collector lets the heap grow to twice what is live before it collects.
const memoryLimit = 5 << 30

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	ctx, stop := interruptible(context.Background())
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// interruptible returns a context that the first SIGINT (Ctrl-C) or
// SIGTERM cancels, context.Cause naming the signal, so that the command
// writes what it has done. Once it is canceled the signals' default
// action is back: a second signal ends the process at once. A signal
// that was ignored when the process started stays ignored (a background
// job of a non-interactive shell starts with SIGINT ignored): catching it
// would leave its action, after the first, ignored, so that a second
// could not end the process.
func interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	var sigs []os.Signal
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !signal.Ignored(sig) {
			sigs = append(sigs, sig)
		}
	}
	if len(sigs) == 0 { // NotifyContext with no signal would catch every one
		return context.WithCancel(parent)
	}
	ctx, stop := signal.NotifyContext(parent, sigs...)
	context.AfterFunc(ctx, stop)
	return ctx, stop
}

// run is main without the process: the test seam.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return 1
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "faultloc: unknown command %q (run 'faultloc help')\n", args[0])
		return 1
	}
	return c.run(ctx, args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "faultloc localizes faults in Go packages from their tests.")
	fmt.Fprintln(w, "\nUsage:\n\n\tfaultloc <command> [flags] [arguments]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'faultloc <command> -h' for a command's flags.")
}
