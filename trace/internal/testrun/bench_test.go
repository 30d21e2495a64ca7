package testrun

import (
	"sync"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestRunGoTestConcurrent runs cases of one Program from several
// goroutines: a Program is safe for concurrent use.
func TestRunGoTestConcurrent(t *testing.T) {
	p := loadGoTests(t)
	pkg := modPath + "examples/triangle"
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := []string{"TestClassify/T8", "TestClassify/T1", "TestClassify", "Example"}[i]
			for range 5 {
				res, err := p.RunGoTest(bgContext, pkg, name, nil)
				if err != nil || res.Failed != (name != "TestClassify/T1" && name != "Example") {
					t.Errorf("%s: %v, %v", name, res, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkRunGoTest runs the triangle subject's failing case (traced) and
// its whole test (untraced).
func BenchmarkRunGoTest(b *testing.B) {
	p, err := goTestProgram()
	if err != nil {
		b.Fatal(err)
	}
	pkg := modPath + "examples/triangle"
	b.Run("case-traced", func(b *testing.B) {
		for b.Loop() {
			res, err := p.RunGoTest(bgContext, pkg, "TestClassify/T8", nil)
			if err != nil || !res.Failed || len(res.Assertions) != 1 {
				b.Fatal(res, err)
			}
		}
	})
	b.Run("test-untraced", func(b *testing.B) {
		for b.Loop() {
			res, err := p.RunGoTest(bgContext, pkg, "TestClassify", &interp.RunOptions{NoTrace: true})
			if err != nil || !res.Failed {
				b.Fatal(res, err)
			}
		}
	})
	b.Run("list", func(b *testing.B) {
		for b.Loop() {
			cases, err := p.ListTests(bgContext, pkg, nil)
			if err != nil || len(cases) != 9 {
				b.Fatal(cases, err)
			}
		}
	})
}
