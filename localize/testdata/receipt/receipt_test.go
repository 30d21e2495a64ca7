package receipt

import "testing"

func TestReceipt(t *testing.T) {
	got := Receipt([]string{"tea", "cake"}, []int{2, 1}, []int{150, 250})
	if want := "2x tea: 300\n1x cake: 250\n2 items"; got != want {
		t.Errorf("Receipt = %q, want %q", got, want)
	}
}
