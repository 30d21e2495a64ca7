package repair

import "github.com/faultloc/faultloc/localize/repair/internal/overfit"

// overfitSigns returns the overfitting signs c's patch shows
// (internal/overfit), reading the comparison around its replacement in
// the patched file where the replacement stands there as it is.
func overfitSigns(c *Candidate) []string {
	line, column := c.Line, c.Column
	if c.inserted != c.Repl {
		line, column = 0, 0
	}
	return overfit.Signs(c.Orig, c.Repl, c.Source, line, column)
}
