//go:build faultloc

// Package initpanic panics in its initializer, before any of its tests
// can run (see package hostile).
package initpanic

var ready bool

func init() {
	if !ready {
		panic("initpanic: init fails")
	}
}

// Ready reports whether the package initialized.
func Ready() bool { return ready }
