// Package option is a subject of the repair and localization tests:
// Option indexes the value of a line that has none (an index out of
// range that Option's deferred recover turns into an error) where it
// must give no option, as a line without "=" is a comment. The fix is
// a guard before the statement that panics, a line every passing test
// runs, where only the failing test runs the lines that turn the panic
// into an error.
package option

import (
	"fmt"
	"strings"
)

// Option returns the name and value of a config line "name = value",
// spaces trimmed; "" and "" for a blank line or one without "=".
func Option(line string) (name, value string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = asError(r)
		}
	}()
	line = strings.TrimSpace(line)
	if line == "" {
		return "", "", nil
	}
	kv := strings.SplitN(line, "=", 2)
	//fault: missing guard: if len(kv) < 2 { return "", "", nil }
	return strings.TrimSpace(kv[0]), strings.TrimSpace(kv[1]), nil
}

// asError turns a recovered panic into an error.
func asError(r any) error {
	if e, ok := r.(error); ok {
		return fmt.Errorf("option: %w", e)
	}
	return fmt.Errorf("option: %v", r)
}
