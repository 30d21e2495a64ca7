package spectra

import "github.com/faultloc/faultloc/trace"

// elementCache maps static instructions to their elements once each:
// looking a static up (trace.Program.StaticInfo takes the program's lock)
// and formatting its element for every covered instruction of every case
// costs more than running many cases.
type elementCache struct {
	in     statics
	kind   Kind
	code   bool      // the code under test's elements only (codeStatic)
	memo   []int32   // per StaticID: 0 not looked up, -1 no element, else 1 + index in elems
	elems  []Element // distinct elements, in the order first met
	seen   []uint32  // per element: the call of elements that last added it
	byElem map[Element]int
	call   uint32
}

func newElementCache(in statics, kind Kind, code bool) *elementCache {
	return &elementCache{in: in, kind: kind, code: code}
}

// elements returns the elements of the statics ids (in increasing order),
// deduplicated, in static order: staticElements' result.
func (c *elementCache) elements(ids []trace.StaticID) []Element {
	c.call++
	var out []Element
	for _, s := range ids {
		k := c.index(s)
		if k < 0 || c.seen[k] == c.call {
			continue
		}
		c.seen[k] = c.call
		out = append(out, c.elems[k])
	}
	return out
}

// index returns the index in elems of static s's element, -1 if it has
// none.
func (c *elementCache) index(s trace.StaticID) int {
	if int(s) >= len(c.memo) {
		c.memo = append(c.memo, make([]int32, int(s)+1-len(c.memo))...)
	}
	if m := c.memo[s]; m != 0 {
		return int(m) - 1
	}
	st := c.in.StaticInfo(s)
	e, ok := staticElement(st, c.kind)
	if !ok || c.code && !codeStatic(st) {
		c.memo[s] = -1
		return -1
	}
	// Statics of one line share its element: find it among those met.
	k := len(c.elems)
	if c.byElem == nil {
		c.byElem = map[Element]int{}
	}
	if i, ok := c.byElem[e]; ok {
		k = i
	} else {
		c.byElem[e] = k
		c.elems = append(c.elems, e)
		c.seen = append(c.seen, 0)
	}
	c.memo[s] = int32(k) + 1
	return k
}
