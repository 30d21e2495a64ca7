package quota

import "testing"

func TestUnder(t *testing.T) {
	if err := Check(&Plan{Name: "basic", Limits: &Limits{Max: 3}}, 2); err != nil {
		t.Errorf("2 of 3: %v, want nil", err)
	}
}

func TestAt(t *testing.T) {
	if err := Check(&Plan{Name: "basic", Limits: &Limits{Max: 3}}, 3); err != nil {
		t.Errorf("3 of 3: %v, want nil", err)
	}
}

func TestOver(t *testing.T) {
	if err := Check(&Plan{Name: "basic", Limits: &Limits{Max: 3}}, 4); err != ErrOver {
		t.Errorf("4 of 3: %v, want ErrOver", err)
	}
}

func TestUnlimited(t *testing.T) {
	if err := Check(&Plan{Name: "free"}, 100); err != nil {
		t.Errorf("100 of no limit: %v, want nil", err)
	}
}
