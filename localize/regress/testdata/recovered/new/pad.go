// Package recovered is a regression whose failure is an error made from
// a panic that a deferred recover stopped, raised natively inside a
// standard library call.
package recovered

import (
	"fmt"
	"strings"
)

// Pad returns s padded with dots to width w, or an error.
func Pad(s string, w int) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("pad: %v", r)
		}
	}()
	n := w - len(s)
	return s + strings.Repeat(".", n), nil
}
