package interp

import (
	"maps"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

const corpusPkg = "github.com/faultloc/faultloc/trace/internal/corpus"

// raceEnabled reports a test binary built with -race (race_test.go).
var raceEnabled bool

// raceVaries names the corpus programs whose native result varies under
// the race detector, which is then no oracle: its sync.Pool drops a Put
// item at random.
var raceVaries = map[string]bool{"SyncPool": true}

// TestCorpusDifferential runs every corpus program natively and
// interpreted; the digests must be equal.
func TestCorpusDifferential(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	for _, name := range slices.Sorted(maps.Keys(corpus.Programs)) {
		t.Run(name, func(t *testing.T) {
			if raceEnabled && raceVaries[name] {
				t.Skip("the native result varies under -race")
			}
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
