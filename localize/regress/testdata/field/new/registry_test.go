package registry

import "testing"

func TestRegisterThenAdd(t *testing.T) {
	root, kid := &Node{Name: "root"}, &Node{Name: "kid"}
	kid.Register("hello", func() string { return "hi" })
	root.Add(kid)
	if got := kid.Call("hello"); got != "hi" {
		t.Errorf("Call(hello) = %q, want %q", got, "hi")
	}
}

func TestAddThenRegister(t *testing.T) {
	root, kid := &Node{Name: "root"}, &Node{Name: "kid"}
	root.Add(kid)
	kid.Register("bye", func() string { return "ciao" })
	if got := root.Call("bye"); got != "ciao" {
		t.Errorf("Call(bye) = %q, want %q", got, "ciao")
	}
}

func TestDepth(t *testing.T) {
	root, kid := &Node{}, &Node{}
	root.Add(kid)
	if kid.Depth() != 1 {
		t.Errorf("Depth %d, want 1", kid.Depth())
	}
}
