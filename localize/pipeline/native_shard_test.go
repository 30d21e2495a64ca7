package pipeline

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/native"
)

// TestNativeInsteadShard: when the interpreter lists no case (here an
// error the test gives), the native run ranks the failing cases, and a
// shard (Options.Shard) reports only its own of them, while its
// Failing names every one, as the interpreted path's does: merged, the
// shards give one report per case, as one machine does.
func TestNativeInsteadShard(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	prog := testutil.LoadTax(t)
	listing := errors.New("listing failed (given by the test)")
	for _, tt := range []struct {
		name    string
		shard   func(string) bool
		reports []string
	}{
		{"unsharded", nil, []string{"TestTax", "TestNet"}},
		{"shard of TestTax", func(name string) bool { return name == "TestTax" }, []string{"TestTax"}},
		{"shard of TestZero", func(name string) bool { return name == "TestZero" }, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := &Result{Package: taxPkg}
			var heard []string
			ok := nativeInstead(context.Background(), prog, taxPkg, &Options{Shard: tt.shard}, nil, nil, caseClock{}, false, res, listing, func(rep *localize.Report) { heard = append(heard, rep.Test) })
			if !ok {
				t.Fatalf("no failing case from the native run (errors %v)", res.Errors)
			}
			slices.Sort(res.Failing)
			if !slices.Equal(res.Failing, []string{"TestNet", "TestTax"}) {
				t.Errorf("failing %q; want TestNet and TestTax, the shard's or not", res.Failing)
			}
			var reported []string
			for _, rep := range res.Reports {
				reported = append(reported, rep.Test)
				if rep.Mode != native.Mode {
					t.Errorf("%s's report has mode %q, want %q", rep.Test, rep.Mode, native.Mode)
				}
			}
			want := slices.Clone(tt.reports)
			slices.Sort(want)
			slices.Sort(reported)
			slices.Sort(heard)
			if !slices.Equal(reported, want) || !slices.Equal(heard, want) {
				t.Errorf("reports of %q, heard %q; want %q", reported, heard, want)
			}
		})
	}
}
