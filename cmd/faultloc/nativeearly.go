package main

import (
	"context"

	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// startNativeEarly begins the native evidence stage's go test run of
// pattern, loaded as cfg says, with the cases runRE selects first, as
// pipeline.Run's stage would (native.Start), so that its build and the
// selected cases' runs go on while the command loads the program:
// pipeline.Run uses it (pipeline.Options.NativeStarted). It returns nil
// when it cannot start it (go list fails, pattern is not one package):
// pipeline.Run then starts its own. The caller stops it (Stop) when it
// does not hand it to pipeline.Run, as when the load fails.
func startNativeEarly(ctx context.Context, cfg *trace.Config, pattern, runRE string) *native.Started {
	s, err := native.Start(ctx, cfg, pattern, &native.Options{First: runRE})
	if err != nil {
		return nil
	}
	testHookNativeEarly("started")
	return s
}

// stopNativeEarly stops s (nil: none) and waits for its processes.
func stopNativeEarly(s *native.Started) {
	if s != nil {
		s.Stop()
		testHookNativeEarly("stopped")
	}
}

// adoptedEarly tells the test hook whether pipeline.Run used the early
// native run (res nil: it did not run).
func adoptedEarly(res *pipeline.Result) {
	if res != nil && res.Native != nil && res.Native.Early {
		testHookNativeEarly("adopted")
	}
}

// testHookNativeEarly hears, in a test, "started" when the command began
// the native run before loading the program, "loaded" when the load
// ended (with or without an error), "adopted" when pipeline.Run used
// the early run, and "stopped" once the command stopped it (its
// processes ended).
var testHookNativeEarly = func(event string) {}

// earlyNative is native.Started, for runLocalize, where the -native
// flag's variable hides the package's name.
type earlyNative = native.Started
