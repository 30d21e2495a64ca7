package corpus

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
)

// short is a function name without its package path.
func short(name string) string { return name[strings.LastIndex(name, "/")+1:] }

// callersInner walks its callers with runtime.Callers, FuncForPC and
// CallersFrames, stopping where the corpus package's frames end.
//
//go:noinline
func callersInner() []string {
	var out []string
	pcs := make([]uintptr, 16)
	n := runtime.Callers(1, pcs)
	for _, pc := range pcs[:n] {
		f := runtime.FuncForPC(pc - 1)
		if f == nil || !strings.Contains(f.Name(), "/corpus.") {
			break
		}
		file, line := f.FileLine(pc - 1)
		out = append(out, fmt.Sprintf("%s %s:%d", short(f.Name()), filepath.Base(file), line))
	}
	frames := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := frames.Next()
		if !strings.Contains(fr.Function, "/corpus.") {
			break
		}
		out = append(out, fmt.Sprintf("frame %s %d %v", short(fr.Function), fr.Line, fr.Func != nil && fr.Func.Name() == fr.Function))
		if !more {
			break
		}
	}
	pc, file, line, ok := runtime.Caller(0)
	out = append(out, fmt.Sprintf("caller %s %s:%d %v", short(runtime.FuncForPC(pc).Name()), filepath.Base(file), line, ok))
	var nilFunc *runtime.Func
	out = append(out, fmt.Sprintf("nil func %q, pc 0 %v, pc -1 %v", nilFunc.Name(), runtime.FuncForPC(0) == nil, runtime.FuncForPC(^uintptr(0)) == nil))
	return out
}

type callersT struct{ n int }

//go:noinline
func (c *callersT) method() []string {
	out := callersInner()
	func() {
		pc, _, line, _ := runtime.Caller(0)
		out = append(out, fmt.Sprintf("closure %s %d", short(runtime.FuncForPC(pc).Name()), line))
	}()
	return out
}

// Callers names its callers through the runtime package: function names
// (methods and closures named as the runtime does), files and lines; and
// functions by their code pointers (reflect.Value.Pointer, as lexers and
// routers name their state functions and handlers).
func Callers() string {
	c := &callersT{}
	return strings.Join(append(c.method(), funcNames()...), "\n")
}

// callersState is a state function type, as lexers have.
type callersState func(n int) callersState

func callersStart(n int) callersState {
	if n == 0 {
		return nil
	}
	return callersStart
}

// callersMk makes closures of one function.
//
//go:noinline
func callersMk(d int) func() int { return func() int { return d } }

func funcNames() []string {
	name := func(f any) string {
		fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer())
		if fn == nil {
			return "<nil>"
		}
		return short(fn.Name())
	}
	k := 1
	add := func(x int) int { return x + k }
	one, two := callersMk(1), callersMk(2)
	var nilFn func()
	out := []string{
		name(callersInner), name(callersStart), name(callersState(callersStart)(1)), name(add), name(one),
		fmt.Sprint(reflect.ValueOf(one).Pointer() == reflect.ValueOf(two).Pointer(), reflect.ValueOf(one).Pointer() == reflect.ValueOf(add).Pointer(), reflect.ValueOf(nilFn).Pointer()),
		fmt.Sprint(runtime.FuncForPC(reflect.ValueOf(callersStart).Pointer()).Entry() == reflect.ValueOf(callersStart).Pointer()),
	}
	return out
}

// callersW's who names itself and its caller as the runtime reports
// them.
type callersW struct{}

//go:noinline
func (callersW) who() string {
	self, _, _, _ := runtime.Caller(0)
	pc, _, line, ok := runtime.Caller(1)
	return fmt.Sprintf("%s called by %s:%d %v", short(runtime.FuncForPC(self).Name()), short(runtime.FuncForPC(pc).Name()), line, ok)
}

// callersHolder promotes who: (*callersHolder).who is a wrapper.
type callersHolder struct{ callersW }

type callersWho interface{ who() string }

// CallersWrappers calls a method through a method value, a promoted
// method behind an interface, a method expression and a pointer method
// expression: the wrappers Go makes for them are not frames that
// runtime.Caller reports.
func CallersWrappers() string {
	var w callersW
	f := w.who
	var i callersWho = &callersHolder{}
	g := callersW.who
	h := (*callersW).who
	return strings.Join([]string{
		f(),
		i.who(),
		g(w),
		h(&w),
	}, "\n")
}
