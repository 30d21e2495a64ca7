//go:build faultloc

package alloc

import "testing"

func TestAllocate(t *testing.T) {
	var held [][]int
	for {
		held = append(held, make([]int, 1<<20))
	}
}
