//go:build faultloc

package initpanic

import "testing"

func TestReady(t *testing.T) {
	if !Ready() {
		t.Error("not ready")
	}
}
