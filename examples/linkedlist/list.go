// Package linkedlist is the running example of the SAT-TAR paper
// (Gopinath, Zaeem and Khurshid, "Improving the Effectiveness of Spectra
// Based Fault Localization Using Specifications", ASE 2012, section 3): a
// singly linked list whose Delete the paper seeds with faults, and the
// list's specification as Go methods, one per conjunct of its class
// invariant (Acyclic, UniqueKeys, SizeOK).
//
// This file is the correct version; [Faults] are the paper's seeded
// faults, applied alone or together as a go/packages overlay of this
// file ([Version]). The fuzz target FuzzDelete in list_test.go is the
// specification as a test: its inputs build a list and name the key to
// delete, and its checks are the invariant's conjuncts and Delete's
// postconditions, each a check of its own so that a failure names the
// constraint it violates.
package linkedlist

// Node is a node of a List.
type Node struct {
	Next *Node
	Key  int
}

// List is a singly linked list of distinct keys.
type List struct {
	Header *Node
	Size   int // the number of nodes reachable from Header
}

// Insert adds k at the front of l unless l holds it, and reports whether
// it did.
func (l *List) Insert(k int) bool {
	for n := l.Header; n != nil; n = n.Next {
		if n.Key == k {
			return false
		}
	}
	l.Header = &Node{Next: l.Header, Key: k}
	l.Size++
	return true
}

// Delete removes the node with key k, and reports whether there was one.
func (l *List) Delete(k int) bool {
	var prev *Node
	lst := l.Header
	for lst != nil {
		if lst.Key == k {
			if prev != nil {
				prev.Next = lst.Next
			} else {
				l.Header = l.Header.Next
			}
			l.Size--
			return true
		}
		prev = lst
		lst = lst.Next
	}
	return false
}

// Contains reports whether l holds k (at most Size nodes are visited, so
// that it ends on a cyclic list).
func (l *List) Contains(k int) bool {
	n := l.Header
	for i := 0; n != nil && i <= l.Size; i++ {
		if n.Key == k {
			return true
		}
		n = n.Next
	}
	return false
}

// Acyclic is the invariant's first conjunct: no node is reachable from
// itself.
func (l *List) Acyclic() bool {
	seen := map[*Node]bool{}
	for n := l.Header; n != nil; n = n.Next {
		if seen[n] {
			return false
		}
		seen[n] = true
	}
	return true
}

// UniqueKeys is the second conjunct: no two nodes hold the same key. It
// assumes Acyclic.
func (l *List) UniqueKeys() bool {
	seen := map[int]bool{}
	for n := l.Header; n != nil; n = n.Next {
		if seen[n.Key] {
			return false
		}
		seen[n.Key] = true
	}
	return true
}

// SizeOK is the third conjunct: Size is the number of nodes reachable from
// Header. It assumes Acyclic.
func (l *List) SizeOK() bool {
	n := 0
	for x := l.Header; x != nil; x = x.Next {
		n++
	}
	return n == l.Size
}
