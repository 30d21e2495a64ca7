package interp

import (
	"strings"
	"testing"
)

const objectSrc = `package objects

import (
	"bytes"
	"net/http/httptest"
	"regexp"
)

type box struct{ n int }

func Objects() int {
	b := &box{n: 1}   // line 12
	c := b            // line 13
	var m = map[string]int{"a": 1} // line 14
	rec := httptest.NewRecorder() // line 15
	var w any = rec   // line 16
	buf := new(bytes.Buffer) // line 17
	re := regexp.MustCompile("a+") // line 18
	n := len(m)       // line 19
	var nilp *box     // line 20
	_ = nilp == nil   // line 21
	return c.n + m["a"] + n + len(w.(*httptest.ResponseRecorder).Body.String()) + buf.Len() + len(re.String())
}
`

// TestObjectID: the events whose values refer to objects (interpreted
// memory, maps, native objects, in an interface or not) have identities,
// equal for the same object; scalars and nil have none.
func TestObjectID(t *testing.T) {
	p := loadSource(t, "objects", objectSrc)
	res, err := p.Run(bgContext, p.Func("objects", "Objects"), nil, &RunOptions{})
	if err != nil || res.Outcome != Returned {
		t.Fatalf("Run = %v, %v", res, err)
	}
	tr := res.Trace
	// id returns the identity of the value of the first event of line
	// whose instruction's text has prefix.
	id := func(line int, prefix string) (uintptr, bool) {
		t.Helper()
		for e := EventID(0); int(e) < tr.Len(); e++ {
			if tr.Pos(e).Line == line && strings.HasPrefix(tr.Instr(e).String(), prefix) {
				return tr.ObjectID(e)
			}
		}
		t.Fatalf("no event of line %d with instruction %s…", line, prefix)
		return 0, false
	}
	b, okb := id(12, "new box")
	m, okm := id(14, "make map")
	rec, okr := id(15, "net/http/httptest.NewRecorder")
	w, okw := id(16, "make any <- *net/http/httptest.ResponseRecorder")
	buf, okbuf := id(17, "new bytes.Buffer")
	re, okre := id(18, "regexp.MustCompile")
	tests := []struct {
		name string
		id   uintptr
		ok   bool
	}{
		{"interpreted pointer", b, okb},
		{"interpreted map", m, okm},
		{"native pointer", rec, okr},
		{"native pointer in an interface", w, okw},
		{"interpreted bytes.Buffer", buf, okbuf},
		{"native regexp", re, okre},
	}
	seen := map[uintptr]string{}
	for _, tt := range tests {
		if !tt.ok {
			t.Errorf("%s: no identity", tt.name)
			continue
		}
		if other, dup := seen[tt.id]; dup && !(tt.name == "native pointer in an interface" && other == "native pointer") {
			t.Errorf("%s: the identity of %s", tt.name, other)
		}
		seen[tt.id] = tt.name
	}
	if w != rec {
		t.Errorf("the recorder in an interface has identity %x, the recorder %x; want the same", w, rec)
	}
	if _, ok := id(19, "len"); ok {
		t.Error("an int has an identity")
	}
	if _, ok := id(20, "local *box"); !ok {
		t.Error("the address of a local has no identity")
	}
	if _, ok := id(21, "*t"); ok {
		t.Error("a nil pointer has an identity")
	}
}
