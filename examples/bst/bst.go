// Package bst is the binary search tree of the SAT-TAR paper's evaluation
// (Gopinath, Zaeem and Khurshid, ASE 2012): a tree whose Add the paper
// seeds with faults, and the tree's specification as Go methods, one per
// conjunct of its class invariant (Acyclic, ParentsOK, Ordered, SizeOK).
//
// This file is the correct version; [Faults] are the seeded faults,
// applied alone or together as a go/packages overlay of this file
// ([Version]). The fuzz target FuzzAdd in bst_test.go is the
// specification as a test, one check per constraint.
package bst

// Node is a node of a Tree.
type Node struct {
	Left, Right, Parent *Node
	Key                 int
}

// Tree is a binary search tree of distinct keys.
type Tree struct {
	Root *Node
	Size int // the number of nodes reachable from Root
}

// Add inserts k unless t holds it, and reports whether it did.
func (t *Tree) Add(k int) bool {
	x := &Node{Key: k}
	if t.Root == nil {
		t.Root = x
		t.Size = 1
		return true
	}
	cur := t.Root
	for {
		if k == cur.Key {
			return false
		}
		if k < cur.Key {
			if cur.Left == nil {
				cur.Left = x
				break
			}
			cur = cur.Left
		} else {
			if cur.Right == nil {
				cur.Right = x
				break
			}
			cur = cur.Right
		}
	}
	x.Parent = cur
	t.Size++
	return true
}

// Contains reports whether t holds k, following the search order (at
// most Size+1 nodes, so that it ends on a tree with a cycle).
func (t *Tree) Contains(k int) bool {
	n := t.Root
	for i := 0; n != nil && i <= t.Size; i++ {
		switch {
		case k == n.Key:
			return true
		case k < n.Key:
			n = n.Left
		default:
			n = n.Right
		}
	}
	return false
}

// nodes returns the nodes reachable from Root, each once, and whether
// none was reached twice.
func (t *Tree) nodes() ([]*Node, bool) {
	seen := map[*Node]bool{}
	var out []*Node
	work := []*Node{t.Root}
	acyclic := true
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if n == nil {
			continue
		}
		if seen[n] {
			acyclic = false
			continue
		}
		seen[n] = true
		out = append(out, n)
		work = append(work, n.Left, n.Right)
	}
	return out, acyclic
}

// Acyclic is the invariant's first conjunct: no node is reached twice
// from Root.
func (t *Tree) Acyclic() bool {
	_, ok := t.nodes()
	return ok
}

// ParentsOK is the second: Root has no parent, and every child's parent
// is the node it hangs from.
func (t *Tree) ParentsOK() bool {
	if t.Root != nil && t.Root.Parent != nil {
		return false
	}
	ns, _ := t.nodes()
	for _, n := range ns {
		if n.Left != nil && n.Left.Parent != n || n.Right != nil && n.Right.Parent != n {
			return false
		}
	}
	return true
}

// Ordered is the third: every key in a left subtree is smaller than its
// root's, every key in a right subtree larger.
func (t *Tree) Ordered() bool {
	return ordered(t.Root, nil, nil, 0)
}

func ordered(n *Node, lo, hi *int, depth int) bool {
	if n == nil || depth > 64 {
		return n == nil
	}
	if lo != nil && n.Key <= *lo || hi != nil && n.Key >= *hi {
		return false
	}
	return ordered(n.Left, lo, &n.Key, depth+1) && ordered(n.Right, &n.Key, hi, depth+1)
}

// SizeOK is the fourth: Size is the number of nodes reachable from Root.
func (t *Tree) SizeOK() bool {
	ns, _ := t.nodes()
	return len(ns) == t.Size
}
