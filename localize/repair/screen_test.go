package repair

import (
	"maps"
	"slices"
	"testing"
)

// TestOwnBuilds checks the builds' count and that a refutation from a
// run that overlapped another is kept to be validated again, not set.
func TestOwnBuilds(t *testing.T) {
	set := map[int]*Validation{}
	b := &ownBuilds{max: 2, set: func(i int, v *Validation) { set[i] = v }}
	if !b.take() || !b.take() || b.take() {
		t.Fatal("take: want two builds of two")
	}
	b.give()
	if !b.take() {
		t.Error("take after give: want a build")
	}
	b.put(0, &Validation{Plausible: true, overlapped: true})           // plausible: set
	b.put(3, &Validation{Failed: []string{"TestA"}, overlapped: true}) // again
	b.put(1, &Validation{Failed: []string{"TestA"}})                   // alone: set
	b.put(2, &Validation{Error: "x", overlapped: true})                // again
	if got, want := slices.Sorted(maps.Keys(set)), []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("set: %v, want %v", got, want)
	}
	if got, want := b.takeRetries(), []int{2, 3}; !slices.Equal(got, want) {
		t.Errorf("retries: %v, want %v", got, want)
	}
	if got := b.takeRetries(); len(got) != 0 {
		t.Errorf("retries taken twice: %v", got)
	}
}
