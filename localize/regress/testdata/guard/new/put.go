// Package guard is a regression subject whose new version adds an if
// that refuses to replace a key, its condition the fault.
package guard

import "fmt"

// Put stores v under k in m.
func Put(m map[string]any, k string, v any) (err error) {
	if _, ok := m[k]; ok { // the regression: only a nil value may not be replaced
		err = fmt.Errorf("key %s is set", k)
		return
	}
	m[k] = v
	return nil
}
