package regress

import (
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestRemovedCauses: a statement removed from a function body whose
// code the walk reached is a cause one round after that code's earliest
// round; a removed declaration, and a statement removed from a function
// the walk did not reach, are none.
func TestRemovedCauses(t *testing.T) {
	oldSrc := "package p\n\nfunc F(s string) string {\n\ts = s + \"a\"\n\treturn s\n}\n\nfunc G(s string) string {\n\ts = s + \"b\"\n\treturn s\n}\n\nfunc H() {}\n"
	newSrc := "package p\n\nfunc F(s string) string {\n\treturn s\n}\n\nfunc G(s string) string {\n\treturn s\n}\n"
	set, err := changes.Diff(map[string][]byte{"p.go": []byte(oldSrc)}, map[string][]byte{"p.go": []byte(newSrc)})
	if err != nil {
		t.Fatal(err)
	}
	byOld := map[string]*changes.Change{}
	for _, c := range set.Changes {
		byOld[strings.TrimSpace(c.OldText)] = c
	}
	inF, inG, decl := byOld[`s = s + "a"`], byOld[`s = s + "b"`], byOld["func H() {}"]
	if inF == nil || inG == nil || decl == nil {
		t.Fatalf("changes %v: want the two removed statements and the removed declaration", set.Changes)
	}
	// The walk reached F's return, at rounds 2 and 1, and nothing of G.
	ret := strings.Index(newSrc, "return s")
	reached := map[string][]reachedAt{"p.go": {{offset: ret, round: 2, event: 7}, {offset: ret + 7, round: 1, event: 8}}}
	got := removedCauses(set, reached)
	if c := got[inF]; c == nil || c.Round != 2 || c.event != 8 || c.Change != inF.ID {
		t.Errorf("cause of the statement removed from F: %+v, want round 2 through event 8", c)
	}
	if c := got[inG]; c != nil {
		t.Errorf("the statement removed from G, which the walk did not reach, is a cause: %+v", c)
	}
	if c := got[decl]; c != nil {
		t.Errorf("the removed declaration is a cause: %+v", c)
	}
}
