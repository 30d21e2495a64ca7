package tcas

import (
	"fmt"
	"strings"
)

// A Repair is a change of one line of a version, not one of its faulty
// lines, that alone makes the version a fix: equal to the fault-free
// port on every test of the universe (TestRepairs runs each). Diagnosis
// across failing tests finds such a line as a one-statement fix, and an
// evaluation that counts only the faulty lines counts it as a miss.
type Repair struct {
	Version int    // the version
	Line    int    // the line of the version's source replaced
	Text    string // the line's new text
	Why     string // why the change is a repair, on every input
}

// Repairs returns the known repairs, by version.
func Repairs() []Repair {
	return []Repair{
		{35, 62, "\tif !Climb_Inhibit {",
			"the version swaps the branches of the if of line 62; negating its condition undoes that"},
		{40, 79, "\t\tresult = false",
			"with line 126's `&& Own_Below_Threat()` missing, line 79's result decides need_upward_RA alone; " +
				"in the port it is conjoined with Own_Below_Threat, and line 79 runs only when Own_Above_Threat holds, " +
				"so that conjunction is false; line 75's fault leaves `Own_Below_Threat() && !(Down_Separation >= ALIM())`, " +
				"what the port's conjunction is in the other branch"},
	}
}

// Source returns the version's source with the repair's line replaced.
func (r Repair) Source() ([]byte, error) {
	v, err := Lookup(r.Version)
	if err != nil {
		return nil, err
	}
	src, err := v.Source()
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(src), "\n")
	if r.Line < 1 || r.Line > len(lines) {
		return nil, fmt.Errorf("tcas: repair of v%d: no line %d", r.Version, r.Line)
	}
	lines[r.Line-1] = r.Text
	return []byte(strings.Join(lines, "\n")), nil
}
