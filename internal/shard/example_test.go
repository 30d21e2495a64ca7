package shard_test

import (
	"fmt"

	"github.com/faultloc/faultloc/internal/shard"
)

// Each case belongs to exactly one of the shards, whichever machine asks.
func Example() {
	s, err := shard.Parse("-shard", "1/2")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"TestA", "TestB", "TestC", "TestD"} {
		fmt.Println(name, shard.Of(name, 2), s.Has(name))
	}
	_, err = shard.Parse("-shard", "2/2")
	fmt.Println(err)
	// Output:
	// TestA 0 false
	// TestB 1 true
	// TestC 0 false
	// TestD 1 true
	// shard: -shard="2/2": the index must be in [0, 2)
}
