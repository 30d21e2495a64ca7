package interp

import (
	"reflect"
	"testing"
)

// Native channels that take sends, which no bridged standard call
// returns today (a context's Done channel, a timer's, a CloseNotifier's
// are receive-only), come here from two bodiless functions of the test
// program that these bridges stand for.
func init() {
	RegisterBridge("natsend.nativeChan", func(c Call, args []Value) Value {
		return c.ReflectCall("natsend.nativeChan", reflect.ValueOf(func(n int) chan int { return make(chan int, n) }), args)
	})
	RegisterBridge("natsend.receiveOne", func(c Call, args []Value) Value {
		return c.ReflectCall("natsend.receiveOne", reflect.ValueOf(func(ch chan int) <-chan int {
			got := make(chan int, 1)
			go func() { got <- <-ch }()
			return got
		}), args)
	})
}

const natSendSrc = `package natsend

import (
	"fmt"
	"strings"
)

// nativeChan returns a native channel of capacity n.
func nativeChan(n int) chan int

// receiveOne receives one value from ch on a native goroutine, which
// sends it on the channel returned.
func receiveOne(ch chan int) <-chan int

func Run() string {
	var sb strings.Builder
	ch := nativeChan(1)
	for _, v := range []int{1, 2} {
		select {
		case ch <- v:
			fmt.Fprintln(&sb, "sent", v)
		default:
			fmt.Fprintln(&sb, "full at", v)
		}
	}
	fmt.Fprintln(&sb, "received", <-ch)

	un := nativeChan(0)
	got := receiveOne(un)
	never := make(chan int)
	select {
	case un <- 5:
		fmt.Fprintln(&sb, "sent 5, blocking")
	case <-never:
		fmt.Fprintln(&sb, "never")
	}
	fmt.Fprintln(&sb, "native receiver got", <-got)

	prog := make(chan int)
	go func() { prog <- 9 }()
	select {
	case un <- 6:
		fmt.Fprintln(&sb, "sent 6 to nobody")
	case v := <-prog:
		fmt.Fprintln(&sb, "the program's send", v)
	}
	take, took := make(chan int), make(chan int)
	go func() { took <- <-take }()
	select {
	case un <- 7:
		fmt.Fprintln(&sb, "sent 7 to nobody")
	case take <- 8:
		fmt.Fprintln(&sb, "the program's receive")
	}
	fmt.Fprintln(&sb, "took", <-took)
	got = receiveOne(un)
	un <- 10
	fmt.Fprintln(&sb, "native receiver got", <-got)

	close(un)
	func() {
		defer func() { fmt.Fprintln(&sb, "recovered:", recover()) }()
		select {
		case un <- 11:
			fmt.Fprintln(&sb, "sent to a closed channel")
		default:
			fmt.Fprintln(&sb, "default")
		}
	}()
	func() {
		defer func() { fmt.Fprintln(&sb, "recovered:", recover()) }()
		select {
		case un <- 12:
			fmt.Fprintln(&sb, "sent to a closed channel")
		case <-never:
		}
	}()
	return sb.String()
}
`

// natSendWant is what Go prints for natSendSrc's Run (the Go semantics
// of each select: only one case can proceed in each).
const natSendWant = `sent 1
full at 2
received 1
sent 5, blocking
native receiver got 5
the program's send 9
the program's receive
took 8
native receiver got 10
recovered: send on closed channel
recovered: send on closed channel
`

// TestNativeSelectSend runs selects with send cases on native channels:
// a send the native channel takes at once or not, blocking sends that a
// native receiver takes, blocking selects that a case of the program's
// wins (the native send not done), and sends on a closed native channel;
// traced and not, seeded and not.
func TestNativeSelectSend(t *testing.T) {
	p := loadFiles(t, map[string]string{
		"go.mod":     "module natsend\n\ngo 1.26\n",
		"natsend.go": natSendSrc,
		"natsend.s":  "// nativeChan and receiveOne are bridged by the test.\n",
	})
	for _, opts := range []*RunOptions{nil, {NoTrace: true}, {Seed: 7}, {Seed: 8, NoTrace: true}} {
		res, err := p.Run(bgContext, p.Func("natsend", "Run"), nil, opts)
		if err != nil {
			t.Fatalf("%+v: %v", opts, err)
		}
		if res.Outcome != Returned {
			t.Fatalf("%+v: %v\n%v", opts, res, res.Panic.Stack)
		}
		if got := res.Returns[0].Str(); got != natSendWant {
			t.Errorf("%+v: got\n%s\nwant\n%s", opts, got, natSendWant)
		}
	}
}
