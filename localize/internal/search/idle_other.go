//go:build !linux

package search

// threadID returns 0: the thread's scheduling is left as it is.
func threadID() int { return 0 }

// idleThread does nothing where Linux's idle scheduling class is missing.
func idleThread(tid int) error { return nil }
