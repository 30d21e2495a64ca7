package bridge

import (
	"encoding/binary"
	mrand "math/rand"
	"math/rand/v2"
	"reflect"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// Bridges of math/rand/v2: seeded generators (PCG, ChaCha8) and the Rand
// built on them live natively in interpreted memory, so seeded test inputs
// are the same as in native runs. The top-level functions, which draw from
// a randomly seeded source, are deliberately not bridged.
func init() {
	interp.RegisterNativeType("math/rand/v2.Rand", reflect.TypeOf(rand.Rand{}))
	interp.RegisterNativeType("math/rand/v2.PCG", reflect.TypeOf(rand.PCG{}))
	interp.RegisterNativeType("math/rand/v2.ChaCha8", reflect.TypeOf(rand.ChaCha8{}))
	for name, f := range map[string]any{
		"math/rand/v2.NewPCG":     rand.NewPCG,
		"math/rand/v2.NewChaCha8": rand.NewChaCha8,
		"math/rand/v2.New":        rand.New,
	} {
		rv, n := reflect.ValueOf(f), name
		interp.RegisterBridge(n, func(c interp.Call, args []interp.Value) interp.Value {
			return c.ReflectCall(n, rv, args)
		})
	}
}

// Randomness is seeded by RunOptions.Seed, so that runs are reproducible:
// crypto/rand.Reader, crypto/rand.Read and crypto/rand.Text draw from a
// ChaCha8 stream, and the top-level functions of math/rand and
// math/rand/v2 from a generator of that package, all seeded with it and
// kept per run. Values are as random as a test can tell, and not secret.

// randomness is a run's seeded sources, made on first use.
type randomness struct {
	stream *rand.ChaCha8 // crypto/rand
	v1     *mrand.Rand   // math/rand's top-level functions
	v2     *rand.Rand    // math/rand/v2's
}

// randomKey keys a run's randomness (interp.Call.State).
type randomKey struct{}

func random(c interp.Call) *randomness {
	return c.State(randomKey{}, func() any {
		seed := c.Seed()
		var key [32]byte
		binary.LittleEndian.PutUint64(key[:], seed)
		return &randomness{
			stream: rand.NewChaCha8(key),
			v1:     mrand.New(mrand.NewSource(int64(seed))),
			v2:     rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		}
	}).(*randomness)
}

// seededReader is the run's crypto/rand.Reader.
type seededReader struct{ st *randomness }

// Read fills p from the run's stream; it never fails.
func (s seededReader) Read(p []byte) (int, error) {
	s.st.stream.Read(p)
	return len(p), nil
}

func init() {
	interp.RegisterGlobal("crypto/rand.Reader", func(c interp.Call) interp.Value {
		return c.NativeValue(seededReader{random(c)})
	})
	interp.RegisterBridge("crypto/rand.Read", func(c interp.Call, args []interp.Value) interp.Value {
		b := make([]byte, args[0].Len())
		random(c).stream.Read(b)
		for i := range b {
			interp.Store(interp.IndexAddr(args[0], i), interp.Uint(uint64(b[i])))
		}
		return interp.Tuple(interp.Int(int64(len(b))), noErr)
	})
	interp.RegisterBridge("crypto/rand.Text", func(c interp.Call, args []interp.Value) interp.Value {
		const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
		b := make([]byte, 26)
		random(c).stream.Read(b)
		for i := range b {
			b[i] = base32[b[i]%32]
		}
		return interp.String(string(b))
	})
	// The top-level functions of math/rand and math/rand/v2 are the
	// methods of the run's generators.
	for _, pkg := range []struct {
		path string
		rt   reflect.Type
		gen  func(*randomness) reflect.Value
	}{
		{"math/rand", reflect.TypeFor[*mrand.Rand](), func(st *randomness) reflect.Value { return reflect.ValueOf(st.v1) }},
		{"math/rand/v2", reflect.TypeFor[*rand.Rand](), func(st *randomness) reflect.Value { return reflect.ValueOf(st.v2) }},
	} {
		for i := 0; i < pkg.rt.NumMethod(); i++ {
			name := pkg.path + "." + pkg.rt.Method(i).Name
			mi, gen := i, pkg.gen
			interp.RegisterBridge(name, func(c interp.Call, args []interp.Value) interp.Value {
				return c.ReflectCall(name, gen(random(c)).Method(mi), args)
			})
		}
	}
}
