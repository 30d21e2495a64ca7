package lines

import (
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// Interleave returns up to max lines of the candidates' first
// locations: the next line of each order in turn (for a repair's
// statement edits: the sites', the spectrum's, the rankings'), so that
// the first lines of every order come before the later ones of any,
// each line once, no test file's.
func Interleave(max int, orders ...[]localize.Candidate) []trace.Line {
	var out []trace.Line
	seen := map[trace.Line]bool{}
	for k := 0; len(out) < max; k++ {
		more := false
		for _, o := range orders {
			if k >= len(o) || len(o[k].Locations) == 0 {
				continue
			}
			more = true
			l := o[k].Locations[0].SourceLine()
			if !seen[l] && !strings.HasSuffix(l.File, "_test.go") && len(out) < max {
				seen[l] = true
				out = append(out, l)
			}
		}
		if !more {
			break
		}
	}
	return out
}
