package corpus

import "fmt"

// SortedInts runs the inner loops of ordered containers (a B-tree's node
// operations): inserting into and removing from sorted slices by
// shifting their items with copy and append, overlapping both ways, on
// slices of ints, of interfaces and of structs, and visiting the items
// through a closure made for each visit.
func SortedInts() string {
	g := lcg(5)
	var m mixer
	var items []int
	var boxed []any
	type pair struct{ k, v int }
	var pairs []pair
	for i := 0; i < 3000; i++ {
		x := int(g.next() % 700)
		j := searchInts(items, x)
		if j < len(items) && items[j] == x {
			copy(items[j:], items[j+1:])
			items = items[:len(items)-1]
			copy(boxed[j:], boxed[j+1:])
			boxed = boxed[:len(boxed)-1]
			pairs = append(pairs[:j], pairs[j+1:]...)
		} else {
			items = append(items, 0)
			copy(items[j+1:], items[j:])
			items[j] = x
			boxed = append(boxed, nil)
			copy(boxed[j+1:], boxed[j:])
			boxed[j] = x
			pairs = append(pairs, pair{})
			copy(pairs[j+1:], pairs[j:])
			pairs[j] = pair{x, i}
		}
		if i%60 == 0 {
			sum, n := 0, 0
			ascend(items, x, func(v int) bool {
				sum += v
				n++
				return n < 40
			})
			m.add(uint64(sum))
			if len(items) > 2 {
				head := append([]int(nil), items[:min(len(items), 8)]...)
				head = append(head[:2], head[1:]...) // overlapping, in place or grown
				m.add(uint64(len(head) + head[len(head)-1]))
			}
		}
	}
	for i := range items {
		if boxed[i] != any(items[i]) || pairs[i].k != items[i] {
			panic(fmt.Sprint("slices out of step at ", i))
		}
		m.add(uint64(items[i] ^ pairs[i].v))
	}
	return fmt.Sprintf("%x %d", uint64(m), len(items))
}

// searchInts is the index of the first item of sorted s not below x.
func searchInts(s []int, x int) int {
	lo, hi := 0, len(s)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if s[h] < x {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// ascend calls visit on the items of sorted s from the first not below
// from, until visit returns false.
func ascend(s []int, from int, visit func(int) bool) {
	for _, v := range s[searchInts(s, from):] {
		if !visit(v) {
			return
		}
	}
}
