// Package guard is a regression subject whose new version adds an if
// that refuses to replace a key, its condition the fault.
package guard

// Put stores v under k in m.
func Put(m map[string]any, k string, v any) (err error) {
	m[k] = v
	return nil
}
