package corpus

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Goroutines exercises goroutines, channels, select and sync, in ways whose
// results do not depend on scheduling.
func Goroutines() string {
	// a pipeline of unbuffered channels
	gen := func(n int) <-chan int {
		out := make(chan int)
		go func() {
			defer close(out)
			for i := 1; i <= n; i++ {
				out <- i
			}
		}()
		return out
	}
	sq := func(in <-chan int) <-chan int {
		out := make(chan int)
		go func() {
			for v := range in {
				out <- v * v
			}
			close(out)
		}()
		return out
	}
	sum := 0
	for v := range sq(gen(10)) {
		sum += v
	}
	// workers writing results by index, joined by a WaitGroup
	var wg sync.WaitGroup
	results := make([]int, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * 3
		}()
	}
	wg.Wait()
	// a mutex-protected counter and an atomic one
	var mu sync.Mutex
	var count int
	var acount int64
	var wg2 sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			mu.Lock()
			count += i
			mu.Unlock()
			atomic.AddInt64(&acount, 2)
		}()
	}
	wg2.Wait()
	// buffered channels, len and cap, receive from a closed channel
	b := make(chan string, 3)
	b <- "x"
	b <- "y"
	l, c := len(b), cap(b)
	close(b)
	first := <-b
	second, ok1 := <-b
	zero, ok2 := <-b
	// select: only one case can proceed each time
	data := make(chan int)
	quit := make(chan bool)
	go func() {
		for i := 0; i < 3; i++ {
			data <- i
		}
		quit <- true
	}()
	var got []int
loop:
	for {
		select {
		case v := <-data:
			got = append(got, v)
		case <-quit:
			break loop
		}
	}
	var none []string
	select {
	case v := <-make(chan int):
		none = append(none, fmt.Sprint(v))
	default:
		none = append(none, "default")
	}
	// sync.Once, and results gathered from goroutines then sorted
	var once sync.Once
	calls := 0
	for i := 0; i < 3; i++ {
		once.Do(func() { calls++ })
	}
	res := make(chan int, 5)
	for i := 0; i < 5; i++ {
		go func() { res <- i * i }()
	}
	var sq5 []int
	for i := 0; i < 5; i++ {
		sq5 = append(sq5, <-res)
	}
	sort.Ints(sq5)
	// recover inside a goroutine
	errc := make(chan string)
	go func() {
		defer func() { errc <- fmt.Sprint("recovered ", recover()) }()
		var p *int
		_ = *p
	}()
	return fmt.Sprint(sum, results, count, acount, l, c, first, second, ok1, zero == "", ok2, got, none, calls, sq5, <-errc)
}

// spawnLate starts a goroutine that panics (and recovers) after its
// spawner and the spawner's caller have returned.
func spawnLate(start <-chan bool, out chan<- string) {
	go func() {
		<-start
		defer func() { out <- fmt.Sprint("late: ", recover()) }()
		panic("boom")
	}()
}

func kick(start <-chan bool, out chan<- string) int {
	spawnLate(start, out)
	return 1
}

// LateGoroutine checks goroutines that outlive the frames that started them.
func LateGoroutine() string {
	start, out := make(chan bool), make(chan string)
	n := 0
	for i := 0; i < 3; i++ {
		n += kick(start, out)
	}
	var got []string
	for i := 0; i < 3; i++ {
		start <- true
		got = append(got, <-out)
	}
	return fmt.Sprint(n, got)
}

// WorkerPool sizes a pool of workers by runtime.GOMAXPROCS and
// runtime.NumCPU, as programs do: what it computes does not depend on
// their values, which differ between the interpreter (one goroutine runs
// at a time) and the machine.
func WorkerPool() string {
	procs, cpus := runtime.GOMAXPROCS(0), runtime.NumCPU()
	if procs < 1 || cpus < 1 {
		panic(fmt.Sprintf("GOMAXPROCS %d, NumCPU %d", procs, cpus))
	}
	if prev := runtime.GOMAXPROCS(procs); prev != procs {
		panic(fmt.Sprintf("GOMAXPROCS(%d) returned %d", procs, prev))
	}
	jobs := make(chan int)
	var total atomic.Int64
	var wg sync.WaitGroup
	for range max(procs, cpus) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				total.Add(int64(j * j))
			}
		}()
	}
	for i := range 100 {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return fmt.Sprint("sum of squares below 100: ", total.Load())
}

// AtomicValue exercises sync/atomic.Value: loads before and after stores,
// Swap, CompareAndSwap, the panics of a nil or inconsistently typed
// value, and copies of Values.
func AtomicValue() string {
	var v atomic.Value
	out := []string{fmt.Sprint("empty ", v.Load())}
	v.Store(3)
	out = append(out, fmt.Sprint("stored ", v.Load().(int)))
	old := v.Swap(4)
	out = append(out, fmt.Sprint("swapped ", old, " for ", v.Load()))
	out = append(out, fmt.Sprint("cas 3->5 ", v.CompareAndSwap(3, 5), " cas 4->6 ", v.CompareAndSwap(4, 6), " now ", v.Load()))
	try := func(f func()) (msg string) {
		defer func() { msg = fmt.Sprint(recover()) }()
		f()
		return "no panic"
	}
	out = append(out, try(func() { v.Store(nil) }), try(func() { v.Store("six") }), try(func() { v.Swap(7.5) }))
	var w atomic.Value
	out = append(out, fmt.Sprint("cas on empty ", w.CompareAndSwap(nil, "x"), " ", w.Load()))
	type pair struct{ a, b int }
	w2 := atomic.Value{}
	w2.Store(pair{1, 2})
	p := w2.Load().(pair)
	out = append(out, fmt.Sprint("struct ", p.a+p.b))
	// Copies keep what was stored before them: by assignment, and by a
	// range over an array of Values (as registries clone their caches).
	c := v
	c.Store(8)
	var arr [3]atomic.Value
	arr[1].Store("one")
	var clone [3]atomic.Value
	for i, e := range arr {
		if x := e.Load(); x != nil {
			clone[i].Store(x)
		}
	}
	arr[1].Store("changed")
	out = append(out, fmt.Sprint("copies ", v.Load(), " ", c.Load(), " ", clone[0].Load(), " ", clone[1].Load(), " ", arr[1].Load()))
	return strings.Join(out, "; ")
}

type ctxKey string

// Contexts exercises context (which the interpreter runs from source):
// cancellation seen by goroutines selecting on Done, causes, values,
// WithoutCancel and AfterFunc.
func Contexts() string {
	var out []string
	parent, cancelParent := context.WithCancel(context.Background())
	defer cancelParent()
	child, cancelChild := context.WithCancel(context.WithValue(parent, ctxKey("user"), "ann"))
	defer cancelChild()
	results := make(chan string)
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for {
				select {
				case <-child.Done():
					results <- fmt.Sprint("worker ", i, " stopped: ", child.Err())
					return
				default:
					n++
					if n == 5 && i == 0 {
						cancelParent()
					}
					runtime.Gosched()
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	var got []string
	for r := range results {
		got = append(got, r)
	}
	sort.Strings(got)
	out = append(out, got...)
	out = append(out, fmt.Sprint("value ", child.Value(ctxKey("user")), ", missing ", child.Value(ctxKey("none"))))
	cc, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("disk full"))
	out = append(out, fmt.Sprint("cause ", context.Cause(cc), ", err ", cc.Err(), ", is canceled ", errors.Is(cc.Err(), context.Canceled)))
	detached := context.WithoutCancel(child)
	out = append(out, fmt.Sprint("detached err ", detached.Err(), ", value ", detached.Value(ctxKey("user"))))
	ac, acancel := context.WithCancel(context.Background())
	done := make(chan bool)
	stop := context.AfterFunc(ac, func() { done <- true })
	acancel()
	out = append(out, fmt.Sprint("after func ran ", <-done, ", stop ", stop()))
	func() {
		defer func() { out = append(out, fmt.Sprint("slice key: ", recover())) }()
		_ = context.WithValue(context.Background(), []int{1}, 1)
	}()
	out = append(out, fmt.Sprint(child))
	return strings.Join(out, "; ")
}

// Timers exercises time.AfterFunc (firing, Stop, Reset), time.After in
// selects, and contexts with
// deadlines, waited for by blocked goroutines. Its results do not depend
// on how long anything takes: the interpreter's clock is virtual and
// jumps to the next timer when every goroutine waits.
func Timers() string {
	var out []string
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	<-ctx.Done()
	out = append(out, fmt.Sprint("timeout: ", ctx.Err(), ", waited 20ms or more ", time.Since(start) >= 20*time.Millisecond))
	fired := make(chan string, 3)
	t1 := time.AfterFunc(time.Millisecond, func() { fired <- "t1" })
	t2 := time.AfterFunc(time.Hour, func() { fired <- "t2" })
	out = append(out, fmt.Sprint("stop t2 ", t2.Stop(), ", again ", t2.Stop()))
	out = append(out, fmt.Sprint("fired ", <-fired))
	out = append(out, fmt.Sprint("stop t1 after it fired ", t1.Stop()))
	t3 := time.AfterFunc(time.Hour, func() { fired <- "t3" })
	out = append(out, fmt.Sprint("reset t3 ", t3.Reset(2*time.Millisecond)))
	out = append(out, fmt.Sprint("fired ", <-fired))
	results := make(chan int)
	go func() {
		time.Sleep(time.Millisecond)
		results <- 1
	}()
	select {
	case v := <-results:
		out = append(out, fmt.Sprint("result before the timeout ", v))
	case <-time.After(time.Hour):
		out = append(out, "timed out")
	}
	select {
	case v := <-results:
		out = append(out, fmt.Sprint("unexpected result ", v))
	case tm := <-time.After(5 * time.Millisecond):
		out = append(out, fmt.Sprint("timed out, the time is not zero ", !tm.IsZero()))
	}
	dl, dcancel := context.WithDeadline(context.Background(), time.Now().Add(time.Hour))
	dcancel()
	out = append(out, fmt.Sprint("deadline canceled early: ", dl.Err()))
	return strings.Join(out, "; ")
}

// SleepHandoff sleeps while goroutines it started sleep a shorter time
// and count (as a test that gives a job a few milliseconds does), then
// waits for them, then waits on a timer while a goroutine it started
// ends: the sleepers must be woken in turn and the run must not deadlock
// when the last running goroutine ends while the rest wait on the clock.
// The result depends on no sleep's length, as native Go does not promise
// that the 1 ms sleepers run before the 50 ms one wakes; that the
// interpreter's clock does is TestBridgeEdges's SleepOrder.
func SleepHandoff() string {
	var mu sync.Mutex
	var wg sync.WaitGroup
	done := 0
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Millisecond)
			mu.Lock()
			done++
			mu.Unlock()
		}()
	}
	time.Sleep(50 * time.Millisecond)
	wg.Wait()
	ended := make(chan bool, 1)
	go func() { ended <- true }()
	<-time.After(time.Millisecond)
	return fmt.Sprint("done ", done, ", ended ", <-ended)
}

// OnceFuncs exercises sync.OnceFunc, OnceValue and OnceValues: f runs once,
// its results are kept, its panic repeats on every call, and a goroutine
// calling while f blocks waits for it.
func OnceFuncs() string {
	n := 0
	f := sync.OnceFunc(func() { n++ })
	f()
	f()
	v := sync.OnceValue(func() int { n += 10; return n })
	a, b := v(), v()
	vs := sync.OnceValues(func() (string, error) { n += 100; return "x", errors.New("e") })
	s1, e1 := vs()
	s2, e2 := vs()
	p := sync.OnceFunc(func() { panic("boom") })
	catch := func() (r any) {
		defer func() { r = recover() }()
		p()
		return nil
	}
	gate := make(chan int)
	slow := sync.OnceValue(func() int { return <-gate })
	got := make(chan int)
	go func() { got <- slow() }()
	go func() { got <- slow() }()
	gate <- 7
	return fmt.Sprint(n, " ", a, " ", b, " ", s1, e1, s2, e2 == e1, " ", catch(), catch(), " ", <-got+<-got)
}

func parseInto(p *[2]int) error { p[0], p[1] = 7, 8; return nil }

// parseArr returns its named result along with a call that fills it in.
func parseArr() (id [2]int, err error) { return id, parseInto(&id) }

var orderG int

func setOrderG() int { orderG = 5; return 1 }

func orderPair(a, b int) (int, int) { return a, b }

// EvalOrder reads variables in the same statement as calls that change
// them: gc reads them after the calls (the order go/ssa gives differs;
// see trace/internal/loader/gcorder.go).
func EvalOrder() string {
	id, _ := parseArr()
	x := 1
	inc := func() int { x += 10; return x }
	s := fmt.Sprint(x, inc())
	r1, r2 := orderPair(x, inc())
	g := func() (int, int) { return orderG, setOrderG() }
	g1, g2 := g()
	y := 1
	incy := func() int { y += 100; return y }
	y1, y2 := y, incy()
	z := 1
	incz := func() int { z += 10; return 1 }
	z = z*2 + incz()
	var arr [2]int
	inca := func() int { arr[0] = 5; return 1 }
	d := arr[0] + inca()
	type st struct{ a int }
	var sv st
	f := func() int { sv.a = 9; return 1 }
	s1, s2 := orderPair(sv.a, f())
	type pair struct{ a, b int }
	w := 1
	incw := func() int { w += 10; return w }
	p := pair{w, incw()}
	sl := []int{w, incw()}
	ar := [2]int{w, incw()}
	m := map[string]int{"a": w, "b": incw()}
	pp := &pair{w, incw()}
	return fmt.Sprint(id, " ", s, " ", r1, r2, " ", g1, g2, " ", y1, y2, " ", z, " ", d, " ", s1, s2, " ", p, sl, ar, m["a"], m["b"], *pp)
}

// ChanTimers exercises the timers that send on a channel: time.NewTimer
// (Stop and Reset before and after firing, with the Go 1.23 guarantee of
// no stale time after them, and a timer's channel's len and cap of 0),
// time.NewTicker (ticks, Reset, Stop, its panic on a non-positive
// interval), time.Tick, and a timer as a select's timeout. Its results do
// not depend on how long anything takes.
func ChanTimers() string {
	var out []string
	t := time.NewTimer(time.Hour)
	out = append(out, fmt.Sprint("len ", len(t.C), " cap ", cap(t.C)))
	out = append(out, fmt.Sprint("stop ", t.Stop(), ", again ", t.Stop()))
	out = append(out, fmt.Sprint("reset a stopped timer ", t.Reset(time.Millisecond)))
	tm := <-t.C
	out = append(out, fmt.Sprint("fired, the time is not zero ", !tm.IsZero()))
	out = append(out, fmt.Sprint("stop after receiving ", t.Stop()))
	t.Reset(time.Millisecond)
	time.Sleep(20 * time.Millisecond) // it fires, nobody receives
	out = append(out, fmt.Sprint("stop a timer that fired unseen ", t.Stop()))
	select {
	case <-t.C:
		out = append(out, "stale time received")
	default:
		out = append(out, "no stale time after Stop")
	}
	t.Reset(time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	out = append(out, fmt.Sprint("reset a timer that fired unseen ", t.Reset(time.Hour)))
	select {
	case <-t.C:
		out = append(out, "stale time received")
	default:
		out = append(out, "no stale time after Reset")
	}
	t.Stop()

	tk := time.NewTicker(2 * time.Millisecond)
	n := 0
	for range tk.C {
		if n++; n == 3 {
			break
		}
	}
	out = append(out, fmt.Sprint("ticks ", n))
	tk.Reset(time.Millisecond)
	<-tk.C
	tk.Stop()
	select {
	case <-tk.C:
		out = append(out, "tick after Stop")
	case <-time.After(20 * time.Millisecond):
		out = append(out, "no tick after Stop")
	}
	ticks := time.Tick(time.Millisecond)
	<-ticks
	<-ticks
	out = append(out, fmt.Sprint("time.Tick ticked twice, non-positive: ", time.Tick(0) == nil))

	results := make(chan int)
	go func() {
		time.Sleep(time.Millisecond)
		results <- 7
	}()
	timeout := time.NewTimer(time.Hour)
	select {
	case v := <-results:
		out = append(out, fmt.Sprint("result before the timeout ", v, ", stopped ", timeout.Stop()))
	case <-timeout.C:
		out = append(out, "timed out")
	}
	func() {
		defer func() { out = append(out, fmt.Sprint("recovered: ", recover())) }()
		time.NewTicker(0)
	}()
	func() {
		defer func() { out = append(out, fmt.Sprint("recovered: ", recover())) }()
		tk.Reset(-time.Second)
	}()
	return strings.Join(out, "; ")
}

// Goexit ends goroutines with runtime.Goexit: their deferred calls run,
// recover sees nothing, and the code after the call does not run.
func Goexit() string {
	var mu sync.Mutex
	var out []string
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				r := recover()
				mu.Lock()
				out = append(out, fmt.Sprint("goroutine ", i, " deferred, recovered ", r))
				mu.Unlock()
			}()
			if i != 1 {
				runtime.Goexit()
			}
			mu.Lock()
			out = append(out, fmt.Sprint("goroutine ", i, " returned"))
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Strings(out)
	return strings.Join(out, "; ")
}

// StackText reads runtime/debug.Stack from a nested call: it names the
// goroutine and the functions on the stack, innermost first.
func StackText() string {
	var st string
	func() { st = string(debug.Stack()) }()
	inner := strings.Index(st, "corpus.StackText.func1")
	outer := strings.Index(st, "corpus.StackText(")
	// debug.Stack's own frame first
	own := strings.Index(st, "runtime/debug.Stack(")
	return fmt.Sprint("goroutine header ", strings.HasPrefix(st, "goroutine "), ", both frames, inner first ", inner >= 0 && outer > inner,
		", own frame first ", own >= 0 && own < inner)
}

type smKey struct {
	a string
	b int
}

// SyncPool gets and puts values in sync.Pools, with and without New, in
// one goroutine (no collection runs in between, so none is dropped).
func SyncPool() string {
	var out []string
	made := 0
	p := &sync.Pool{New: func() any { made++; return fmt.Sprint("new", made) }}
	out = append(out, fmt.Sprint(p.Get(), p.Get()))
	p.Put("a")
	p.Put("b")
	p.Put("c")
	p.Put(nil)
	out = append(out, fmt.Sprint(p.Get(), p.Get(), p.Get(), p.Get(), made))
	var bare sync.Pool
	out = append(out, fmt.Sprint(bare.Get()))
	bare.Put(1)
	out = append(out, fmt.Sprint(bare.Get(), bare.Get()))
	bufs := sync.Pool{New: func() any { return new(strings.Builder) }}
	b := bufs.Get().(*strings.Builder)
	b.WriteString("reused")
	bufs.Put(b)
	b2 := bufs.Get().(*strings.Builder)
	out = append(out, fmt.Sprint(b2 == b, b2.String()))
	return strings.Join(out, "; ")
}

// SyncMap exercises sync.Map: stores from goroutines, every method, keys
// of several dynamic types, Range (whose order is unspecified: sorted
// here) and the panic of an unhashable key.
func SyncMap() string {
	var m sync.Map
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Store(i, i*i)
		}()
	}
	wg.Wait()
	var out []string
	v, ok := m.Load(3)
	out = append(out, fmt.Sprint("load 3 ", v, ok))
	v, ok = m.Load("3")
	out = append(out, fmt.Sprint("load \"3\" ", v, ok))
	act, loaded := m.LoadOrStore(smKey{"k", 1}, "first")
	act2, loaded2 := m.LoadOrStore(smKey{"k", 1}, "second")
	out = append(out, fmt.Sprint("load or store ", act, loaded, " ", act2, loaded2))
	prev, had := m.Swap(2, "two")
	out = append(out, fmt.Sprint("swap ", prev, had))
	out = append(out, fmt.Sprint("cas ", m.CompareAndSwap(2, "two", "TWO"), m.CompareAndSwap(2, "two", "x")))
	out = append(out, fmt.Sprint("cad ", m.CompareAndDelete(5, 24), m.CompareAndDelete(5, 25)))
	old, was := m.LoadAndDelete(7)
	m.Delete(0)
	out = append(out, fmt.Sprint("load and delete ", old, was))
	var keys []string
	m.Range(func(k, v any) bool {
		keys = append(keys, fmt.Sprint(k, "=", v))
		return true
	})
	sort.Strings(keys)
	out = append(out, strings.Join(keys, ","))
	n := 0
	m.Range(func(k, v any) bool { n++; return n < 3 })
	out = append(out, fmt.Sprint("stopped after ", n))
	func() {
		defer func() { out = append(out, fmt.Sprint("unhashable: ", recover())) }()
		m.Store([]int{1}, 1)
	}()
	m.Clear()
	_, ok = m.Load(1)
	out = append(out, fmt.Sprint("after clear ", ok))
	return strings.Join(out, "; ")
}
