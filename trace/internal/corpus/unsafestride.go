package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// UnsafeStride: pointer arithmetic from an element's address handed out
// as a plain pointer, as go-toml's AST walks its nodes (danger.Stride:
// uintptr(p) plus a multiple of the element's size, forward and back,
// and unsafe.Add), and an interface read as its two words, as go-toml's
// and segmentio's caches key reflect.Types by their data word.

type usNode struct {
	kind  byte
	name  string
	next  int // offset in the array to the next sibling; 0: none
	child int // offset to the first child; 0: none
	prev  int // offset (negative) to the previous sibling; 0: none
}

type usTree struct{ nodes []usNode }

func (t *usTree) push(n usNode) int {
	t.nodes = append(t.nodes, n)
	return len(t.nodes) - 1
}

func (t *usTree) at(i int) *usNode { return &t.nodes[i] }

func usStride(p unsafe.Pointer, size uintptr, off int) unsafe.Pointer {
	return unsafe.Pointer(uintptr(p) + uintptr(int(size)*off))
}

func (n *usNode) Next() *usNode {
	if n.next == 0 {
		return nil
	}
	return (*usNode)(usStride(unsafe.Pointer(n), unsafe.Sizeof(usNode{}), n.next))
}

func (n *usNode) Prev() *usNode {
	if n.prev == 0 {
		return nil
	}
	return (*usNode)(usStride(unsafe.Pointer(n), unsafe.Sizeof(usNode{}), n.prev))
}

func (n *usNode) Child() *usNode {
	if n.child == 0 {
		return nil
	}
	return (*usNode)(unsafe.Add(unsafe.Pointer(n), uintptr(n.child)*unsafe.Sizeof(usNode{})))
}

func usWalk(sb *strings.Builder, n *usNode, depth int) {
	for ; n != nil; n = n.Next() {
		fmt.Fprintf(sb, "%s%c:%s", strings.Repeat(" ", depth), n.kind, n.name)
		if p := n.Prev(); p != nil {
			fmt.Fprintf(sb, " (after %s)", p.name)
		}
		sb.WriteByte('\n')
		usWalk(sb, n.Child(), depth+1)
	}
}

type usWordsOf struct{ typ, data unsafe.Pointer }

func usTypeID(t reflect.Type) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1]
}

func usWords(x any) usWordsOf { return *(*usWordsOf)(unsafe.Pointer(&x)) }

func UnsafeStride() string {
	var sb strings.Builder
	var t usTree
	// table a { x, y }, b, table c { z }: children follow their parent,
	// siblings are chained by offsets.
	a := t.push(usNode{kind: 'T', name: "a"})
	x := t.push(usNode{kind: 'K', name: "x"})
	y := t.push(usNode{kind: 'K', name: "y"})
	b := t.push(usNode{kind: 'K', name: "b"})
	c := t.push(usNode{kind: 'T', name: "c"})
	z := t.push(usNode{kind: 'K', name: "z"})
	link := func(from, to int) { t.nodes[from].next, t.nodes[to].prev = to-from, from-to }
	link(a, b)
	link(b, c)
	link(x, y)
	t.nodes[a].child, t.nodes[c].child = x-a, z-c
	usWalk(&sb, t.at(0), 0)

	// The strided pointers are the elements: identity and stores.
	check(t.at(a).Next() == &t.nodes[b], "Next is the element")
	check(t.at(c).Prev().Prev() == t.at(a), "Prev goes back")
	t.at(a).Child().Next().name = "Y"
	fmt.Fprintln(&sb, t.nodes[y].name, t.at(c).Child().name)

	// A grown array: the arithmetic follows the new one.
	w := t.push(usNode{kind: 'K', name: "w"})
	link(c, w)
	t.nodes[c].next, t.nodes[w].prev = w-c, c-w
	usWalk(&sb, t.at(0), 0)

	// Interfaces read as words.
	i1, i2, s1 := reflect.TypeOf(1), reflect.TypeFor[int](), reflect.TypeOf("")
	fmt.Fprintln(&sb, usTypeID(i1) == usTypeID(i2), usTypeID(i1) == usTypeID(s1), usTypeID(i1) != nil)
	seen := map[unsafe.Pointer]int{}
	for _, rt := range []reflect.Type{i1, s1, i2, reflect.TypeOf(t), reflect.TypeOf(&t), reflect.TypeOf(t)} {
		seen[usTypeID(rt)]++
	}
	fmt.Fprintln(&sb, len(seen), seen[usTypeID(i1)], seen[usTypeID(reflect.TypeOf(usTree{}))])
	n1, n2 := new(int), new(int)
	var nilAny any
	w1, w2, w3 := usWords(n1), usWords(n2), usWords(&t)
	fmt.Fprintln(&sb, w1.data == unsafe.Pointer(n1), w1.data == w2.data, w1.typ == w2.typ, w1.typ == w3.typ,
		usWords(nilAny).typ == nil, usWords(nilAny).data == nil)
	return sb.String()
}
