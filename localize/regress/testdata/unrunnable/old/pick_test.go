package unrunnable

import (
	"reflect"
	"testing"
)

func TestLast(t *testing.T) {
	ch := make(chan int, 1)
	ch <- Last([]int{1, 2, 3})
	_, v, _ := reflect.Select([]reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)}})
	if got := int(v.Int()); got != 3 {
		t.Errorf("Last = %d, want 3", got)
	}
}
