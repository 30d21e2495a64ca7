package sarifcheck_test

import (
	"fmt"

	"github.com/faultloc/faultloc/internal/sarifcheck"
)

// A result whose region starts at line 0 and whose level is not SARIF's.
func ExampleValidate() {
	log := `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "t"}}, "results": [
	  {"level": "fatal", "message": {"text": "m"},
	   "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a.go"}, "region": {"startLine": 0}}}]}]}]}`
	fmt.Println(sarifcheck.Validate([]byte(log)))
	// Output:
	// sarifcheck: the log is not valid SARIF 2.1.0:
	// 	$.runs[0].results[0].level: is "fatal", not one of none, note, warning, error
	// 	$.runs[0].results[0].locations[0].physicalLocation.region.startLine: is 0, below the minimum 1
}
