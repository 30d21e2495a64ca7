package corpus

import (
	"fmt"
	"sync"
)

// guardedSet is a sorted set whose methods take a lock when asked and
// release it in a deferred call, as concurrent containers do (a B-tree's
// Get and Set under `if tr.lock() { defer tr.unlock() }`).
type guardedSet struct {
	mu     sync.RWMutex
	locks  bool
	items  []int
	unlock int
}

func (s *guardedSet) lock(write bool) bool {
	if !s.locks {
		return false
	}
	if write {
		s.mu.Lock()
	} else {
		s.mu.RLock()
	}
	return true
}

func (s *guardedSet) release(write bool) {
	s.unlock++
	if write {
		s.mu.Unlock()
	} else {
		s.mu.RUnlock()
	}
}

func (s *guardedSet) find(x int) (int, bool) {
	lo, hi := 0, len(s.items)
	for lo < hi {
		m := (lo + hi) / 2
		if s.items[m] < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(s.items) && s.items[lo] == x
}

func (s *guardedSet) Has(x int) bool {
	if s.lock(false) {
		defer s.release(false)
	}
	_, ok := s.find(x)
	return ok
}

func (s *guardedSet) Add(x int) bool {
	if s.lock(true) {
		defer s.release(true)
	}
	i, ok := s.find(x)
	if ok {
		return false
	}
	s.items = append(s.items, 0)
	copy(s.items[i+1:], s.items[i:])
	s.items[i] = x
	return true
}

// At returns the i-th item, or -1 and the recovered panic's message
// counted in bad when i is out of range: a deferred recover in a frame
// that returns normally after the panic.
func (s *guardedSet) At(i int, bad *int) (v int) {
	defer func() {
		if r := recover(); r != nil {
			*bad += len(fmt.Sprint(r))
			v = -1
		}
	}()
	return s.items[i]
}

// GuardedCalls calls small methods that defer, with and without the
// lock they defer releasing, many times over: a deferred call per call,
// some deferred recovers after a panic.
func GuardedCalls() string {
	var m mixer
	for _, locks := range []bool{false, true} {
		s := &guardedSet{locks: locks}
		g := lcg(3)
		added, found, bad := 0, 0, 0
		for i := 0; i < 3000; i++ {
			x := int(g.next() % 2000)
			if s.Add(x) {
				added++
			}
			if s.Has(int(g.next() % 2000)) {
				found++
			}
			if i%100 == 0 {
				m.add(uint64(s.At(i/10, &bad)))
			}
		}
		check(added == len(s.items), "every new item added once")
		m.add(uint64(added)<<32 | uint64(found)<<16 | uint64(bad))
		m.add(uint64(s.unlock))
	}
	return fmt.Sprintf("%x", uint64(m))
}
