package narrow

import (
	"reflect"
	"testing"
)

// TestAbs waits on a channel through reflect.Select, which the
// interpreter does not run, so that no semantic analysis narrows the
// search and delta debugging searches every change.
func TestAbs(t *testing.T) {
	ch := make(chan int, 1)
	ch <- Abs(-2)
	_, v, _ := reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)}})
	if got := int(v.Int()); got != 2 {
		t.Errorf("Abs(-2) = %d, want 2", got)
	}
}
