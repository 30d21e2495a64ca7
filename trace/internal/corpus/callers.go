package corpus

import (
	"fmt"
	"path/filepath"
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
// (methods and closures named as the runtime does), files and lines.
func Callers() string {
	c := &callersT{}
	return strings.Join(c.method(), "\n")
}
