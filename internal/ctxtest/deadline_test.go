package ctxtest

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestDeadline(t *testing.T) {
	cause := errors.New("the test's deadline")
	ctx, pass := Deadline(context.Background(), cause)
	child, cancel := context.WithCancel(ctx)
	defer cancel()
	if ctx.Err() != nil || child.Err() != nil {
		t.Fatalf("before pass: Err %v, child's %v; want nil", ctx.Err(), child.Err())
	}
	pass()
	pass() // a second call does nothing
	<-child.Done()
	for _, c := range []context.Context{ctx, child} {
		if !errors.Is(c.Err(), context.DeadlineExceeded) {
			t.Errorf("Err = %v, want context.DeadlineExceeded", c.Err())
		}
		if got := context.Cause(c); got != cause {
			t.Errorf("Cause = %v, want %v", got, cause)
		}
	}
}

func ExampleDeadline() {
	ctx, pass := Deadline(context.Background(), errors.New("-deadline 3m0s passed"))
	fmt.Println(ctx.Err())
	pass()
	fmt.Println(ctx.Err(), "|", context.Cause(ctx))
	// Output:
	// <nil>
	// context deadline exceeded | -deadline 3m0s passed
}
