package gotestmain

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestCallerFrames logs the frames above it: under a TestMain too, a
// test's function has no caller natively but testing.tRunner and
// runtime.goexit (the directory of each file is logged: the name of
// runtime.goexit's depends on the architecture).
func TestCallerFrames(t *testing.T) {
	for i := 0; ; i++ {
		pc, file, line, ok := runtime.Caller(i)
		if !ok {
			break
		}
		t.Log(i, runtime.FuncForPC(pc).Name(), filepath.Base(filepath.Dir(file)), line > 0)
	}
}
