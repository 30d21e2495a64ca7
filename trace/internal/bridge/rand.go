package bridge

import (
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
