package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// raShape is implemented by raSquare's value and raCircle's pointer.
type raShape interface{ Area() float64 }

type raSquare struct{ Side float64 }

func (s raSquare) Area() float64 { return s.Side * s.Side }

type raCircle struct{ R float64 }

func (c *raCircle) Area() float64 { return 3 * c.R * c.R }

type raPoint struct{ X, Y int }

type raHidden struct{ in raSquare }

// ReflectAssertGrow exercises reflect.TypeAssert (as encoding/json asks
// a value for its Marshaler) on the program's values, native ones and
// interfaces, with its panics, and reflect.Value.Grow and reflect.Append
// (the capacity they give, what they keep, what they no longer share).
func ReflectAssertGrow() string {
	var out []string
	add := func(x any, ok bool) { out = append(out, fmt.Sprintf("%v %v", x, ok)) }

	sq := reflect.ValueOf(raSquare{2})
	s, ok := reflect.TypeAssert[raShape](sq)
	add(s.Area(), ok)
	c, ok := reflect.TypeAssert[raShape](reflect.ValueOf(raCircle{1}))
	add(c, ok)
	c, ok = reflect.TypeAssert[raShape](reflect.ValueOf(&raCircle{1}))
	add(c.Area(), ok)
	v, ok := reflect.TypeAssert[raSquare](sq)
	add(v.Side, ok)
	p, ok := reflect.TypeAssert[raPoint](sq)
	add(p, ok)
	var shapes [2]raShape
	shapes[1] = raSquare{3}
	e0, ok := reflect.TypeAssert[raShape](reflect.ValueOf(&shapes).Elem().Index(0))
	add(e0, ok)
	e1, ok := reflect.TypeAssert[raSquare](reflect.ValueOf(&shapes).Elem().Index(1))
	add(e1, ok)
	when := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	tm, ok := reflect.TypeAssert[fmt.Stringer](reflect.ValueOf(when))
	add(tm, ok)
	tt, ok := reflect.TypeAssert[time.Time](reflect.ValueOf(when))
	add(tt.Year(), ok)
	_, ok = reflect.TypeAssert[error](reflect.ValueOf(when))
	add("error", ok)
	out = append(out,
		recovered(func() { reflect.TypeAssert[raSquare](reflect.Value{}) }),
		recovered(func() { reflect.TypeAssert[raSquare](reflect.ValueOf(raHidden{}).Field(0)) }))

	// Grow: the capacity append would give, the length and elements kept.
	pts := []raPoint{{1, 2}}
	g := reflect.ValueOf(&pts).Elem()
	g.Grow(0)
	out = append(out, fmt.Sprint(len(pts), cap(pts)))
	before := pts
	g.Grow(3)
	pts = append(pts, raPoint{3, 4})
	pts[0].X = 9
	out = append(out, fmt.Sprint(len(pts), cap(pts), pts, before))
	big := reflect.ValueOf(&[]byte{}).Elem()
	big.Grow(100)
	out = append(out, fmt.Sprint(big.Len(), big.Cap()))
	out = append(out,
		recovered(func() { g.Grow(-1) }),
		recovered(func() { reflect.ValueOf([]int{1}).Grow(1) }),
		recovered(func() { reflect.ValueOf(&pts).Elem().Index(0).Grow(1) }))

	// Append into a new array copies the elements: they are not shared.
	one := make([]raPoint, 1, 1)
	two := reflect.Append(reflect.ValueOf(one), reflect.ValueOf(raPoint{5, 6})).Interface().([]raPoint)
	two[0].Y = 7
	out = append(out, fmt.Sprint(one, two, cap(two)))
	return strings.Join(out, "\n")
}
