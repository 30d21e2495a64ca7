// Package limit is the new version of a subject whose tests cannot run:
// its package initializer panics before any test starts.
package limit

var limit = mustLimit()

func mustLimit() int { panic("limit: no limit configured") }

// Limit returns the limit.
func Limit() int { return limit }
