package gotest

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// logFrames logs the frames above it as runtime.Caller and
// runtime.CallersFrames give them (the directory of each file: the name
// of runtime.goexit's depends on the architecture): a test's
// function, a subtest's and a goroutine's have no caller natively but
// testing.tRunner and runtime.goexit.
func logFrames(t *testing.T) {
	for i := 1; ; i++ {
		pc, file, line, ok := runtime.Caller(i)
		if !ok {
			break
		}
		t.Log(i, runtime.FuncForPC(pc).Name(), filepath.Base(filepath.Dir(file)), line > 0)
	}
	pcs := make([]uintptr, 16)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		t.Log(f.Function, filepath.Base(filepath.Dir(f.File)), f.Line > 0)
		if !more {
			break
		}
	}
}

func TestCallerFrames(t *testing.T) {
	logFrames(t)
	t.Run("sub", func(t *testing.T) { logFrames(t) })
	done := make(chan bool)
	go func() { logFrames(t); done <- true }()
	<-done
	time.AfterFunc(time.Millisecond, func() { logFrames(t); done <- true })
	<-done
}
