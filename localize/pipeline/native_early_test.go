package pipeline

import (
	"context"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

// TestNativeStartedEarly: a native run begun before the load
// (Options.NativeStarted) is the native stage's: no go test build of its
// own ("adopted", not "started"), and its evidence ranks the failing
// case the interpreter cannot run. One that does not fit (another -run)
// is stopped and the stage runs its own.
func TestNativeStartedEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	for _, tc := range []struct {
		name, first string
		want        []string
		early       bool
	}{
		{"fits", "", []string{"adopted", "done"}, true},
		{"another -run", "TestNone", []string{"started", "done"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := &trace.Config{Dir: "../native/testdata/nativeonly", Tests: true}
			st, err := native.Start(context.Background(), cfg, ".", &native.Options{First: tc.first})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Stop()
			prog, err := trace.Load(context.Background(), cfg, ".")
			if err != nil {
				t.Fatal(err)
			}
			pkg, err := prog.TargetPackage()
			if err != nil {
				t.Fatal(err)
			}
			events := make(chan string, 8)
			testHooksNative.Store(prog, func(e string) { events <- e })
			defer testHooksNative.Delete(prog)
			res, err := Run(context.Background(), prog, pkg, &Options{NativeStarted: st})
			if err != nil {
				t.Fatal(err)
			}
			var got []string // up to "done", which the stage's goroutine may say after Run returns
			for len(got) == 0 || got[len(got)-1] != "done" {
				got = append(got, <-events)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("native stage events %q, want %q", got, tc.want)
			}
			if res.Native == nil || res.Native.Early != tc.early || !res.Native.Failed("TestDistance") {
				t.Fatalf("native run %+v; want one with TestDistance failed, Early %v", res.Native, tc.early)
			}
			if len(res.Reports) != 1 || res.Reports[0].Mode != native.Mode || len(res.Reports[0].Ranking) == 0 {
				t.Fatalf("%d reports (errors %v); want TestDistance's, ranked by the native run", len(res.Reports), res.Errors)
			}
		})
	}
}
