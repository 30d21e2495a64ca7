// Package gotestlog is a test subject that writes through package log,
// interpreted from source, and keeps state in sync/atomic's generic
// Pointer (see TestGoTestMatchesGoTest).
package gotestlog

import (
	"log"
	"sync/atomic"
)

// Config is a setting swapped atomically.
type Config struct{ Level int }

var current atomic.Pointer[Config]

// SetLevel installs a new Config and returns the previous level (0 if
// none).
func SetLevel(n int) int {
	old := current.Swap(&Config{Level: n})
	if old == nil {
		return 0
	}
	return old.Level
}

// Level returns the installed level, 0 if none.
func Level() int {
	if c := current.Load(); c != nil {
		return c.Level
	}
	return 0
}

// Raise sets the level to n if it is still c's, reporting whether it did.
func Raise(c *Config, n int) bool {
	return current.CompareAndSwap(c, &Config{Level: n})
}

// Warn logs through l, or the standard logger if l is nil.
func Warn(l *log.Logger, format string, args ...any) {
	if l == nil {
		log.Printf("warn: "+format, args...)
		return
	}
	l.Printf("warn: "+format, args...)
}
