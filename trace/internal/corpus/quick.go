package corpus

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing/quick"
)

type quickPair struct {
	A int8
	B []uint16
}

type quickName string

// Quick runs testing/quick's Check and CheckEqual on properties over
// basic types, slices, maps, pointers, structs and named types, with a
// seeded generator so that native and interpreted runs draw the same
// values: holding properties, a failing one (its report), unequal
// functions, arguments from Config.Values and a function quick cannot
// check.
func Quick() string {
	var out []string
	cfg := func(seed int64, n int) *quick.Config {
		return &quick.Config{MaxCount: n, Rand: rand.New(rand.NewSource(seed))}
	}
	calls := 0
	err := quick.Check(func(a, b int, s string, xs []byte, m map[string]bool, p *quickPair, n quickName) bool {
		calls++
		return a+b == b+a && len(s) >= 0 && (p == nil || len(p.B) >= 0) && len(n) >= 0 && len(xs) >= 0 && len(m) >= 0
	}, cfg(1, 50))
	out = append(out, fmt.Sprint("holds: ", err, " after ", calls, " calls"))
	err = quick.Check(func(x int16) bool { return x < 1000 }, cfg(2, 1000))
	out = append(out, fmt.Sprint("fails: ", err))
	err = quick.Check(func(p quickPair) bool { return len(p.B) < 3 }, cfg(3, 100))
	out = append(out, fmt.Sprint("fails on a struct: ", err != nil))
	err = quick.CheckEqual(func(x uint8) int { return int(x) * 2 }, func(x uint8) int { return int(x) + int(x) }, cfg(4, 100))
	out = append(out, fmt.Sprint("equal: ", err))
	err = quick.CheckEqual(func(s string) string { return strings.ToUpper(s) }, func(s string) string { return s }, cfg(5, 100))
	out = append(out, fmt.Sprint("not equal: ", err != nil))
	err = quick.Check(func(s string, n int) bool { return len(s) == n }, &quick.Config{
		MaxCount: 20,
		Rand:     rand.New(rand.NewSource(6)),
		Values: func(v []reflect.Value, r *rand.Rand) {
			n := r.Intn(10)
			v[0] = reflect.ValueOf(strings.Repeat("x", n))
			v[1] = reflect.ValueOf(n)
		},
	})
	out = append(out, fmt.Sprint("values: ", err))
	err = quick.Check(func(x int) int { return x }, nil)
	out = append(out, fmt.Sprint("setup: ", err))
	return strings.Join(out, "\n")
}
