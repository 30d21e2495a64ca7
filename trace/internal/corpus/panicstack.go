package corpus

import (
	"runtime"
	"runtime/debug"
	"strings"
)

func panickingStack() { panic("foo") }

func goexitStack() { runtime.Goexit() }

// PanicStack reads runtime/debug.Stack in a deferred call that recovered
// a panic, as chi's Recoverer middleware does: below the deferred call
// come the runtime's panic frame and the panicking frames, so that chi's
// parser, which reads back from the end to the panic line, finds the
// function that panicked first. It returns the functions of the stack
// down to PanicStack, and the first of chi's parse; then those of a
// deferred call that runtime.Goexit runs, down to the goroutine's
// function.
func PanicStack() string {
	var st string
	func() {
		defer func() {
			if rvr := recover(); rvr != nil {
				st = string(debug.Stack())
			}
		}()
		panickingStack()
	}()
	lines := strings.Split(st, "\n")
	funcs := stackFuncs(lines, "corpus.PanicStack")
	done := make(chan string)
	go func() {
		defer func() { done <- string(debug.Stack()) }()
		goexitStack()
	}()
	exited := stackFuncs(strings.Split(<-done, "\n"), "corpus.PanicStack.func2")
	var parsed []string
	for i := len(lines) - 1; i > 0; i-- {
		parsed = append(parsed, lines[i])
		if strings.HasPrefix(lines[i], "panic(") {
			parsed = parsed[:len(parsed)-2]
			break
		}
	}
	first := parsed[len(parsed)-1]
	first = first[strings.LastIndex(first, "/")+1:]
	first, _, _ = strings.Cut(first, "(")
	return strings.Join(funcs, " ") + "; first: " + first + "; goexit: " + strings.Join(exited, " ")
}

// stackFuncs returns the functions of a goroutine's stack as
// debug.Stack writes it, down to last.
func stackFuncs(lines []string, last string) []string {
	var funcs []string
	for _, l := range lines[1:] {
		if l == "" || strings.HasPrefix(l, "\t") {
			continue
		}
		name, _, _ := strings.Cut(l[strings.LastIndex(l, "/")+1:], "(")
		funcs = append(funcs, name)
		if name == last {
			break
		}
	}
	return funcs
}
