package corpus

import (
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"unsafe"
)

// What the conformance corpus (trace/conformance_test.go) found missing,
// checked against native runs.

// deferredRecover is $GOROOT/test/recover1.go's test7: a deferred
// recover() run by a panic is no recover; run by a normal return it is.
func deferredRecover() (got []string) {
	note := func(x any) { got = append(got, fmt.Sprint(x)) }
	func() {
		defer func() { note(recover()) }()
		func() {
			defer func() { note(recover()) }()
			defer recover() // run by panic(3): a no-op
			panic(3)
		}()
	}()
	func() {
		defer func() { note(recover()) }()
		defer func() {
			defer recover() // run by the normal return: recovers 4
			defer func() { note(recover()) }()
			panic(5)
		}()
		panic(4)
	}()
	return got
}

type pair[T any] struct {
	a T
	b int16
}

func sizes[T any](x T) []uintptr {
	var p pair[T]
	return []uintptr{unsafe.Sizeof(x), unsafe.Alignof(x), unsafe.Offsetof(p.b), unsafe.Sizeof(p)}
}

// Conformance exercises the fixes.
func Conformance() string {
	var sb strings.Builder
	fmt.Fprintln(&sb, deferredRecover())
	r := strings.NewReader("abc")
	buf := make([]byte, 2)
	for {
		n, err := r.Read(buf)
		fmt.Fprint(&sb, n, string(buf[:n]), err == io.EOF, " ")
		if err == io.EOF {
			break
		}
	}
	fmt.Fprintln(&sb, sizes(int8(1)), sizes("s"), sizes([3]int32{}), sizes[any](nil))
	for _, x := range []any{byte(0), "s", []int{}, map[string][]float32{}, (*int16)(nil), func(int, ...string) bool { return false }, [2]chan<- int{}} {
		fmt.Fprint(&sb, reflect.TypeOf(x).String(), " ")
	}
	fmt.Fprintln(&sb, reflect.SliceOf(reflect.TypeOf(byte(0))).String(), reflect.TypeOf(nil) == nil)
	fmt.Fprintln(&sb, where(0), func() string { return where(1) }())
	return sb.String()
}

func sendTwice(c chan<- int, a, b, x int) {
	c <- a + b
	c <- x
}

func recv(c <-chan int, x int) int { return <-c + x }

// Interleaved exercises goroutines that block inside calls and return in
// another order than they called ($GOROOT/test/typeparam/orderedmap.go's
// iterator): main blocks in recv, the goroutine calls sendTwice, main
// returns from recv while the goroutine is still in sendTwice.
func Interleaved() string {
	c, done := make(chan int), make(chan bool)
	go func() {
		sendTwice(c, 1, 2, 3)
		done <- true
	}()
	a := recv(c, 10)
	b := recv(c, 20)
	<-done
	return fmt.Sprint(a, b)
}

// where is runtime.Caller(skip+1) without the pc (a native and an
// interpreted pc differ).
func where(skip int) string {
	_, file, line, ok := runtime.Caller(skip + 1)
	return fmt.Sprint(filepath.Base(file), ":", line, " ", ok)
}
