package errmsg

import "testing"

func TestValidate(t *testing.T) {
	err := Validate("al")
	if err == nil || err.Error() != "name al is too short" {
		t.Errorf("Validate(al) = %v", err)
	}
}
