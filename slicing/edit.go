package slicing

import (
	"context"
	"slices"
)

// EditKind says what an [Edit] does to the passing input.
type EditKind uint8

const (
	// Insert puts an element of the failing input before the passing
	// input's element At (or at the end when At is the passing input's
	// length).
	Insert EditKind = iota
	// Delete removes the passing input's element At.
	Delete
)

// String returns "insert" or "delete".
func (k EditKind) String() string {
	if k == Delete {
		return "delete"
	}
	return "insert"
}

// Edit is one element-level change that turns a passing input into a
// failing one. A substitution is a Delete and an Insert at the same At.
type Edit[T any] struct {
	Kind EditKind
	At   int // position in the passing input
	Elem T   // the inserted element (for Delete, the deleted one)
}

// maxDiffCells bounds the table of the longest-common-subsequence
// alignment in [Edits]; beyond it the differing middle is replaced wholesale.
const maxDiffCells = 1 << 22

// Edits returns an edit script from pass to fail: applying all of it to pass
// (see [Apply]) yields fail, applying none yields pass. It trims the common
// prefix and suffix, then aligns the rest by a longest common subsequence,
// so the script is minimal; when the differing middles are too long for the
// quadratic alignment (their product above 4·10⁶), it deletes the whole
// middle of pass and inserts the whole middle of fail instead, which is
// correct but not minimal. The script is ordered by At, inserts before the
// deletion at the same position.
func Edits[T comparable](pass, fail []T) []Edit[T] {
	pre := 0
	for pre < len(pass) && pre < len(fail) && pass[pre] == fail[pre] {
		pre++
	}
	suf := 0
	for suf < len(pass)-pre && suf < len(fail)-pre && pass[len(pass)-1-suf] == fail[len(fail)-1-suf] {
		suf++
	}
	a, b := pass[pre:len(pass)-suf], fail[pre:len(fail)-suf]
	var out []Edit[T]
	if len(a)*len(b) > maxDiffCells {
		for _, x := range b {
			out = append(out, Edit[T]{Kind: Insert, At: pre, Elem: x})
		}
		for i, x := range a {
			out = append(out, Edit[T]{Kind: Delete, At: pre + i, Elem: x})
		}
		slices.SortStableFunc(out, func(x, y Edit[T]) int { return x.At - y.At })
		return out
	}
	// lcs[i][j] = length of an LCS of a[i:] and b[j:], in one flat table.
	w := len(b) + 1
	lcs := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			i++
			j++
		case j < len(b) && (i == len(a) || lcs[i*w+j+1] >= lcs[(i+1)*w+j]):
			out = append(out, Edit[T]{Kind: Insert, At: pre + i, Elem: b[j]})
			j++
		default:
			out = append(out, Edit[T]{Kind: Delete, At: pre + i, Elem: a[i]})
			i++
		}
	}
	return out
}

// Apply applies a subset of an edit script (in the script's order) to pass
// and returns the resulting input and the positions in it of the inserted
// elements.
func Apply[T any](pass []T, edits []Edit[T]) (out []T, inserted []int) {
	out = make([]T, 0, len(pass)+len(edits))
	k := 0
	for i := 0; i <= len(pass); i++ {
		deleted := false
		for ; k < len(edits) && edits[k].At == i; k++ {
			if edits[k].Kind == Delete {
				deleted = true
				continue
			}
			inserted = append(inserted, len(out))
			out = append(out, edits[k].Elem)
		}
		if i < len(pass) && !deleted {
			out = append(out, pass[i])
		}
	}
	return out, inserted
}

// InputDiff is the result of [DDInputs].
type InputDiff[T any] struct {
	Pass  []T       // a passing input, between the given ones
	Fail  []T       // a failing input: Pass with Edits applied
	Edits []Edit[T] // the 1-minimal failure-inducing edits, relative to the given passing input
	// Marked holds the positions in Fail of the elements the failure-
	// inducing edits inserted: the input to mark for forward slicing. It is
	// empty when the difference consists only of deletions.
	Marked []int
	Stats  Stats
}

// DDInputs isolates a minimal failure-inducing difference between a passing
// and a failing input: it computes the [Edits] from pass to fail and runs
// [DD] over them, testing each input obtained by applying a subset of the
// edits to pass. Fail then differs from Pass by the returned Edits only, and
// no single one of those edits can be dropped or applied alone with the same
// effect. Errors are those of DD.
func DDInputs[T comparable](ctx context.Context, pass, fail []T, test Probe[T], opts *DDOptions) (InputDiff[T], error) {
	edits := Edits(pass, fail)
	r, err := DD(ctx, edits, func(ctx context.Context, sub []Edit[T]) Outcome {
		in, _ := Apply(pass, sub)
		return test(ctx, in)
	}, opts)
	p, _ := Apply(pass, r.Pass)
	f, ins := Apply(pass, r.Fail)
	// Which inserted elements of f belong to the difference?
	var marked []int
	k := 0
	diff := make(map[int]bool, len(r.DiffIndex))
	for _, d := range r.DiffIndex {
		diff[d] = true
	}
	for _, idx := range r.FailIndex {
		if edits[idx].Kind == Insert {
			if diff[idx] {
				marked = append(marked, ins[k])
			}
			k++
		}
	}
	return InputDiff[T]{Pass: p, Fail: f, Edits: r.Diff, Marked: marked, Stats: r.Stats}, err
}
