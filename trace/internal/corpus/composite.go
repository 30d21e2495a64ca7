package corpus

import (
	"fmt"
	"sort"
)

// Arrays exercises arrays as values.
func Arrays() string {
	var a [5]int
	for i := range a {
		a[i] = i * i
	}
	b := a
	b[0] = 100
	check(a[0] == 0, "arrays are values")
	p := &a
	p[1] = 7
	grid := [3][3]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}
	g2 := grid
	g2[1][1] = 0
	sum := 0
	for _, row := range grid {
		for _, v := range row {
			sum += v
		}
	}
	eq := a == [5]int{0, 7, 4, 9, 16}
	s := a[1:4]
	s[0] = 70
	return fmt.Sprint(a, b, grid, g2, sum, eq, len(s), cap(s), s)
}

// Slices exercises append, copy, reslicing and aliasing.
func Slices() string {
	var s []int
	check(s == nil, "nil slice")
	for i := 0; i < 10; i++ {
		s = append(s, i)
	}
	t := s[2:5]
	t[0] = 20
	check(s[2] == 20, "reslice aliases")
	u := append(t[:1], 99)
	check(s[3] == 99, "append within capacity aliases")
	c := make([]int, 3, 10)
	n := copy(c, s)
	c = append(c, s...)
	full := s[1:3:4]
	full = append(full, -1, -2)
	ss := [][]string{{"a"}, {"b", "c"}}
	ss[1] = append(ss[1], "d")
	bs := append([]byte("ab"), "cd"...)
	m := make([]int, 0)
	copy(s[1:], s[:5])
	return fmt.Sprint(s, t, u, c, n, len(full), full, ss, string(bs), len(m), m == nil)
}

// Maps exercises maps (digested in sorted key order).
func Maps() string {
	m := map[string]int{"a": 1, "b": 2}
	m["c"] = 3
	m["a"] += 10
	delete(m, "b")
	v, ok := m["b"]
	w, ok2 := m["c"]
	var nilMap map[string]int
	check(nilMap["x"] == 0, "nil map read")
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	type point struct{ x, y int }
	pm := map[point]string{{1, 2}: "p"}
	pm[point{3, 4}] = "q"
	im := map[any]int{1: 1, "1": 2, 1.0: 3}
	counts := map[rune]int{}
	for _, r := range "hello" {
		counts[r]++
	}
	total := 0
	for k, v := range counts {
		total += int(k) * v
	}
	clear(counts)
	return fmt.Sprint(keys, m, v, ok, w, ok2, pm[point{1, 2}], len(pm), im[1], im["1"], len(im), total, len(counts), m)
}

type shape interface {
	area() float64
	name() string
}

type rect struct{ w, h float64 }
type circle struct{ r float64 }

func (r rect) area() float64    { return r.w * r.h }
func (r rect) name() string     { return "rect" }
func (c *circle) area() float64 { return 3 * c.r * c.r }
func (c *circle) name() string  { return "circle" }

type named struct {
	rect
	label string
}

// Structs exercises structs, embedding and promoted methods.
func Structs() string {
	r := rect{2, 3}
	r2 := r
	r2.w = 10
	check(r.w == 2, "structs are values")
	n := named{rect{1, 1}, "unit"}
	n.h = 5
	type pair struct {
		a [2]int
		s string
	}
	p1 := pair{[2]int{1, 2}, "x"}
	p2 := p1
	p2.a[0] = 9
	anon := struct {
		X int
		Y string
	}{1, "y"}
	return fmt.Sprint(r, r2, n.area(), n.name(), n, p1 == p2, p1, p2, anon, fmt.Sprintf("%+v %v", anon, &anon))
}

type node struct {
	val  int
	next *node
}

// Pointers exercises pointers, linked structures and new.
func Pointers() string {
	var head *node
	for i := 0; i < 5; i++ {
		head = &node{i, head}
	}
	sum := 0
	for n := head; n != nil; n = n.next {
		sum += n.val
	}
	x := 1
	p := &x
	pp := &p
	**pp = 42
	q := new(int)
	*q = x + 1
	s := []int{1, 2, 3}
	e := &s[1]
	*e = 20
	type T struct{ f [2]int }
	t := T{}
	f := &t.f[1]
	*f = 5
	// delete the middle of the list
	prev := head
	prev.next = prev.next.next
	count := 0
	for n := head; n != nil; n = n.next {
		count++
	}
	return fmt.Sprint(sum, x, *q, s, t, count, p == &x, head.next.val)
}
