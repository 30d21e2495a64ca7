package interp

import (
	"maps"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

const corpusPkg = "github.com/faultloc/faultloc/trace/internal/corpus"

// TestCorpusDifferential runs every corpus program natively and
// interpreted; the digests must be equal.
func TestCorpusDifferential(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	for _, name := range slices.Sorted(maps.Keys(corpus.Programs)) {
		t.Run(name, func(t *testing.T) {
			fn := p.Func(corpusPkg, name)
			if fn == nil {
				t.Fatalf("no function %s", name)
			}
			want := corpus.Programs[name]()
			res, err := p.Run(bgContext, fn, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != Returned {
				t.Fatalf("%v\n%v", res, res.Panic.Stack)
			}
			if got := res.Returns[0].Str(); got != want {
				t.Errorf("interpreted:\n%s\nnative:\n%s", got, want)
			}
		})
	}
}
