package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/examples/foo"
	"github.com/faultloc/faultloc/examples/triangle"
	"github.com/faultloc/faultloc/internal/workload"
	"github.com/faultloc/faultloc/trace/internal/corpus"
)

// Benchmarks compare the interpreter with native execution on the same
// functions. Each reports ns/event (per recorded instruction) for traced
// runs, each run releasing its trace for the next (Trace.Release). The
// figures of the interpreter against native code and x/tools' interpreter
// are in bench/interp/REPORT.txt (bench/interp).

var benchSink int

func benchRun(b *testing.B, p *Program, pkg, name string, args func(i int) []Value, opts *RunOptions) {
	fn := p.Func(pkg, name)
	if fn == nil {
		b.Fatalf("no %s.%s", pkg, name)
	}
	b.ReportAllocs()
	b.ResetTimer()
	events, bytes := 0, 0
	for i := 0; i < b.N; i++ {
		res, err := p.Run(bgContext, fn, args(i), opts)
		if err != nil || res.Outcome != Returned {
			b.Fatal(err, res)
		}
		benchSink += int(res.Returns[0].Int())
		if opts.CoverOnly && len(res.Covered) == 0 {
			b.Fatal("a coverage-only run covered nothing")
		}
		if res.Trace != nil {
			events += res.Trace.Len()
			bytes += res.Trace.Bytes()
			// The next run reuses its memory, as a client re-running
			// tests does.
			res.Trace.Release()
		}
	}
	if events > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(events), "ns/event")
		b.ReportMetric(float64(bytes)/float64(events), "B/event")
	}
}

func BenchmarkSumSquares(b *testing.B) {
	const n = 100_000
	p := load(b, "./trace/internal/corpus")
	args := func(int) []Value { return []Value{Int(n)} }
	b.Run("traced", func(b *testing.B) { benchRun(b, p, corpusPkg, "SumSquares", args, &RunOptions{NoInit: true}) })
	b.Run("untraced", func(b *testing.B) {
		benchRun(b, p, corpusPkg, "SumSquares", args, &RunOptions{NoInit: true, NoTrace: true})
	})
	b.Run("native", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			benchSink += corpus.SumSquares(n)
		}
	})
}

// seededInts returns a generator of k-argument inputs drawn from a fixed seed.
func seededInts(k, lo, hi int) func(i int) []Value {
	r := rand.New(rand.NewPCG(7, uint64(k)))
	table := make([][]Value, 1024)
	for i := range table {
		table[i] = make([]Value, k)
		for j := range table[i] {
			table[i][j] = Int(int64(lo + r.IntN(hi-lo)))
		}
	}
	return func(i int) []Value { return table[i%len(table)] }
}

func BenchmarkFoo(b *testing.B) {
	p := load(b, "./examples/foo")
	args := seededInts(2, -20, 20)
	b.Run("traced", func(b *testing.B) { benchRun(b, p, fooPkg, "Foo", args, &RunOptions{NoInit: true}) })
	b.Run("untraced", func(b *testing.B) { benchRun(b, p, fooPkg, "Foo", args, &RunOptions{NoInit: true, NoTrace: true}) })
	b.Run("native", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			a := args(i)
			benchSink += foo.Foo(int(a[0].Int()), int(a[1].Int()))
		}
	})
}

func BenchmarkTriangle(b *testing.B) {
	p := loadExamples(b)
	args := seededInts(3, 0, 30)
	pkg := examplesPath + "triangle"
	b.Run("traced", func(b *testing.B) { benchRun(b, p, pkg, "Classify", args, &RunOptions{NoInit: true}) })
	b.Run("untraced", func(b *testing.B) { benchRun(b, p, pkg, "Classify", args, &RunOptions{NoInit: true, NoTrace: true}) })
	b.Run("native", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			a := args(i)
			benchSink += triangle.Classify(int(a[0].Int()), int(a[1].Int()), int(a[2].Int()))
		}
	})
}

func BenchmarkDecide(b *testing.B) {
	p := load(b, "./trace/internal/corpus")
	args := seededInts(4, -500, 500)
	b.Run("traced", func(b *testing.B) { benchRun(b, p, corpusPkg, "Decide", args, &RunOptions{NoInit: true}) })
	b.Run("untraced", func(b *testing.B) {
		benchRun(b, p, corpusPkg, "Decide", args, &RunOptions{NoInit: true, NoTrace: true})
	})
	b.Run("native", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			a := args(i)
			benchSink += corpus.Decide(int(a[0].Int()), int(a[1].Int()), int(a[2].Int()), int(a[3].Int()))
		}
	})
}

const workPkg = "github.com/faultloc/faultloc/internal/workload"

// benchWork runs a workload of package internal/workload (std-free, the
// subjects of bench/interp) with its package initialiser, traced,
// untraced and recording coverage only, and checks the result against
// native.
func benchWork(b *testing.B, name string, n int, native func(int) int) {
	p := load(b, "./internal/workload")
	want := native(n)
	args := func(int) []Value { return []Value{Int(int64(n))} }
	for _, mode := range []struct {
		name string
		opts RunOptions
	}{
		{"traced", RunOptions{MaxSteps: 1 << 40}},
		{"untraced", RunOptions{MaxSteps: 1 << 40, NoTrace: true}},
		{"covered", RunOptions{MaxSteps: 1 << 40, CoverOnly: true}}, // coverage only (cover.go)
	} {
		b.Run(mode.name, func(b *testing.B) {
			before := benchSink
			benchRun(b, p, workPkg, name, args, &mode.opts)
			if got := benchSink - before; got != b.N*want {
				b.Fatalf("%s(%d): results sum to %d over %d runs, want %d each", name, n, got, b.N, want)
			}
		})
	}
	b.Run("native", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			benchSink += native(n)
		}
	})
}

func BenchmarkWorkSumSquares(b *testing.B) { benchWork(b, "SumSquares", 100_000, workload.SumSquares) }
func BenchmarkWorkTCAS(b *testing.B)       { benchWork(b, "TCAS", 1000, workload.TCAS) }
func BenchmarkWorkClassify(b *testing.B)   { benchWork(b, "Classify", 1000, workload.Classify) }

// BenchmarkWorkTCASMedium is BenchmarkWorkTCAS at the size of a test
// case's run (tens of thousands of events, within a column's first
// chunk), where what a released trace leaves for the next run is its
// first chunks.
func BenchmarkWorkTCASMedium(b *testing.B) { benchWork(b, "TCAS", 40, workload.TCAS) }

// BenchmarkJSON runs corpus.JSON (encoding/json's Marshal, Unmarshal,
// Encoder and Decoder over the program's own types) traced, untraced
// and natively, and checks the interpreted result against native. It is
// what a test that encodes or decodes JSON costs.
func BenchmarkJSON(b *testing.B) { benchProgram(b, "JSON", corpus.JSON) }

// BenchmarkBitsRand runs corpus.BitsRand (math/bits, math and strconv's
// integer functions, a seeded *rand.Rand's methods: the inner loops of
// bit-set and property-based tests, each a bridged call) traced,
// untraced and natively, and checks the interpreted result against
// native.
func BenchmarkBitsRand(b *testing.B) { benchProgram(b, "BitsRand", corpus.BitsRand) }

// BenchmarkSortedInts runs corpus.SortedInts (sorted slices kept by
// shifting with copy and append, visited through closures: the inner
// loops of B-tree tests) traced, untraced and natively, and checks the
// interpreted result against native.
func BenchmarkSortedInts(b *testing.B) { benchProgram(b, "SortedInts", corpus.SortedInts) }

// BenchmarkGuardedCalls runs corpus.GuardedCalls (small methods that
// defer the release of a lock, called tens of thousands of times: a
// concurrent container's Get and Set) traced, untraced and natively,
// and checks the interpreted result against native.
func BenchmarkGuardedCalls(b *testing.B) { benchProgram(b, "GuardedCalls", corpus.GuardedCalls) }

// BenchmarkBuffers runs corpus.Buffers (kilobyte buffers filled and read
// by bridged native calls, an interpreted reader read by native code: a
// framing protocol's or an encoder's test) traced, untraced and
// natively, and checks the interpreted result against native.
func BenchmarkBuffers(b *testing.B) { benchProgram(b, "Buffers", corpus.Buffers) }

// BenchmarkSmallReads runs corpus.SmallReads (reads of a byte or a few
// into 4 KB buffers, by native readers into the program's buffers and
// by native code from the program's reader: a protocol's frame reader
// over iotest.OneByteReader) traced, untraced and natively, and checks
// the interpreted result against native.
func BenchmarkSmallReads(b *testing.B) { benchProgram(b, "SmallReads", corpus.SmallReads) }

// BenchmarkOneByteReads runs corpus.OneByteReads (8000 reads of a byte
// into 4 KB buffers: a native reader's into the program's buffer, the
// program's reader's into bufio's) traced, untraced and natively, and
// checks the interpreted result against native. A read costs what the
// byte read costs, not the buffer's length.
func BenchmarkOneByteReads(b *testing.B) { benchProgram(b, "OneByteReads", corpus.OneByteReads) }

// benchProgram runs the corpus program name traced, untraced and
// natively (native), checking the interpreted result against native.
func benchProgram(b *testing.B, name string, native func() string) {
	p := load(b, "./trace/internal/corpus")
	fn := p.Func(corpusPkg, name)
	want := native()
	for _, mode := range []struct {
		name string
		opts RunOptions
	}{
		{"traced", RunOptions{}},
		{"untraced", RunOptions{NoTrace: true}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			events := 0
			for i := 0; i < b.N; i++ {
				res, err := p.Run(bgContext, fn, nil, &mode.opts)
				if err != nil || res.Outcome != Returned {
					b.Fatal(err, res)
				}
				if got := res.Returns[0].Str(); got != want {
					b.Fatalf("interpreted:\n%s\nnative:\n%s", got, want)
				}
				if res.Trace != nil {
					events += res.Trace.Len()
					res.Trace.Release()
				}
			}
			if events > 0 {
				b.ReportMetric(float64(events)/float64(b.N), "events/run")
			}
		})
	}
	b.Run("native", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			benchSink += len(native())
		}
	})
}

// BenchmarkInitSnapshot runs one short corpus program (corpus.Ints: 600
// steps of its own after 38k of initialization, the libraries' and the
// corpus package's) again and again, plainly and coverage-only, starting
// from the snapshot of initialization (initsnap.go) and running the
// initializers each time: what repeated runs of one test case (mutants,
// probes, coverage) gain.
func BenchmarkInitSnapshot(b *testing.B) {
	p := load(b, "./trace/internal/corpus")
	fn := p.Func(corpusPkg, "Ints")
	want := corpus.Ints()
	for _, mode := range []struct {
		name string
		opts RunOptions
	}{
		{"untraced/snapshot", RunOptions{NoTrace: true}},
		{"untraced/init", RunOptions{NoTrace: true, noInitSnap: true}},
		{"cover/snapshot", RunOptions{CoverOnly: true}},
		{"cover/init", RunOptions{CoverOnly: true, noInitSnap: true}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := p.Run(bgContext, fn, nil, &mode.opts)
				if err != nil || res.Outcome != Returned {
					b.Fatal(err, res)
				}
				if got := res.Returns[0].Str(); got != want {
					b.Fatalf("interpreted %q, native %q", got, want)
				}
			}
		})
	}
}
