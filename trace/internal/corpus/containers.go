package corpus

import (
	clist "container/list"
	"container/ring"
	"fmt"
	"maps"
	"sort"
	"strings"
)

// entry is a cache entry held in a list as a value of type any.
type entry struct {
	key, val int
}

// lru is a least-recently-used cache: a list of entries, most recent
// first, and an index into it.
type lru struct {
	cap   int
	order clist.List
	index map[int]*clist.Element
}

func (c *lru) get(k int) (int, bool) {
	e, ok := c.index[k]
	if !ok {
		return 0, false
	}
	c.order.MoveToFront(e)
	return e.Value.(entry).val, true
}

func (c *lru) put(k, v int) {
	if e, ok := c.index[k]; ok {
		e.Value = entry{k, v}
		c.order.MoveToFront(e)
		return
	}
	c.index[k] = c.order.PushFront(entry{k, v})
	if c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.index, last.Value.(entry).key)
	}
}

// Containers exercises container/list (an LRU cache over entries held as
// values of type any) and container/ring.
func Containers() string {
	var sb strings.Builder
	c := &lru{cap: 3, index: map[int]*clist.Element{}}
	for i := range 10 {
		c.put(i%5, i*i)
		if v, ok := c.get((i * 3) % 5); ok {
			fmt.Fprintf(&sb, "get %d=%d ", (i*3)%5, v)
		}
	}
	for e := c.order.Front(); e != nil; e = e.Next() {
		fmt.Fprintf(&sb, "[%v]", e.Value)
	}
	r := ring.New(5)
	for i := range r.Len() {
		r.Value = fmt.Sprint("r", i)
		r = r.Next()
	}
	r = r.Move(2)
	r.Unlink(1)
	r.Do(func(x any) { sb.WriteString(" " + x.(string)) })
	fmt.Fprintf(&sb, " len %d", r.Len())
	return sb.String()
}

// (byLen, a sort.Interface, is in stdlib.go.)

// SortInterfaces exercises package sort beyond its reflective functions:
// Reverse around the package's own slice types and a program's
// sort.Interface, Stable, the typed helpers and searches, next to Slice.
func SortInterfaces() string {
	x := []int{3, 1, 2, 5, 4}
	sort.Sort(sort.Reverse(sort.IntSlice(x)))
	s := []string{"bb", "a", "ccc", "dd"}
	sort.Sort(sort.Reverse(byLen(s)))
	st := []string{"bb", "a", "dd", "c"}
	sort.Stable(sort.Reverse(byLen(st)))
	f := []float64{1.5, -2, 3}
	sort.Float64s(f)
	ss := sort.StringSlice{"b", "a", "c"}
	ss.Sort()
	y := []int{5, 4, 9}
	sort.Slice(y, func(i, j int) bool { return y[i] < y[j] })
	i := sort.SearchInts(y, 6)
	j := sort.Search(len(x), func(k int) bool { return x[k] <= 2 })
	k, found := sort.Find(len(ss), func(k int) int { return strings.Compare("b", ss[k]) })
	return fmt.Sprint(x, s, st, f, ss, y, i, j, k, found, sort.IsSorted(sort.Reverse(sort.IntSlice(x))), sort.IntsAreSorted(x))
}

// MapsClone clones maps with maps.Clone (the runtime's clone, bridged):
// the clone is independent of the original, keeps its values (a struct is
// copied, a slice shared) and nil stays nil.
func MapsClone() string {
	type pt struct{ X, Y int }
	m := map[string]pt{"a": {1, 2}, "b": {3, 4}}
	c := maps.Clone(m)
	c["a"] = pt{9, 9}
	delete(c, "b")
	c["z"] = pt{5, 6}
	s := map[int][]int{1: {1, 2}}
	sc := maps.Clone(s)
	sc[1][0] = 7 // shared backing array
	var nilMap map[string]int
	nc := maps.Clone(nilMap)
	type named map[string]int
	nm := maps.Clone(named{"k": 1})
	return fmt.Sprint(m, c, s, sc, nc == nil, len(nc), nm, fmt.Sprintf("%T", nm))
}
