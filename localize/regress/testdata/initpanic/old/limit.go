// Package limit is the old version of a subject whose new version cannot
// run its tests.
package limit

var limit = 10

// Limit returns the limit.
func Limit() int { return limit }
