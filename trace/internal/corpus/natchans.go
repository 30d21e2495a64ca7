package corpus

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// NativeChans: channels that live natively, made and closed by native
// code, in the program's receives and selects: the Done channel of an
// httptest server's request context, open while the handler runs and
// closed by the server once it returned, as chi's Throttle middleware
// selects on it.
func NativeChans() string {
	var sb strings.Builder
	events := make(chan string, 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		done := ctx.Done()
		check(done == ctx.Done(), "one native channel is one channel")
		select {
		case <-done:
			events <- "closed while the handler runs"
		default:
			events <- fmt.Sprintf("open: %T len %d cap %d", done, len(done), cap(done))
		}
		// A blocking select on the native channel and a channel of the
		// program: the program's case wins.
		tick := make(chan int)
		go func() { tick <- 1 }()
		select {
		case <-done:
			events <- "closed before the tick"
		case v := <-tick:
			events <- fmt.Sprint("tick ", v)
		}
		// Waiters that the server's close of the channel wakes, once the
		// handler returned: a receive and a select.
		never := make(chan int)
		go func() {
			_, ok := <-done
			events <- fmt.Sprint("receive: closed ", !ok, " ", ctx.Err())
			select {
			case <-done:
				events <- "select: closed"
			case <-never:
				events <- "never"
			}
		}()
		fmt.Fprint(w, "served")
	}))
	defer srv.Close()
	fmt.Fprintln(&sb, getBody(srv.URL))
	for range 4 {
		fmt.Fprintln(&sb, <-events)
	}
	return sb.String()
}

// getBody returns the body of a GET of url.
func getBody(url string) string {
	res, err := http.Get(url)
	check(err == nil, "Get")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return string(b)
}

// NativeClock: timers of the program against native work that follows
// the real clock. A handler sleeping longer than the HTTP client's
// Timeout makes the client give up, and a response that comes before a
// timer of the program's wins a select against it: the program's clock
// does not jump past native work under way.
func NativeClock() string {
	var sb strings.Builder
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			time.Sleep(300 * time.Millisecond)
		}
		fmt.Fprint(w, "ok ", r.URL.Path)
	}))
	defer srv.Close()
	client := &http.Client{Timeout: 50 * time.Millisecond}
	_, err := client.Get(srv.URL + "/slow")
	var te interface{ Timeout() bool }
	fmt.Fprintln(&sb, "slow:", errors.As(err, &te) && te.Timeout())

	bodies := make(chan string, 1)
	go func() {
		res, err := http.Get(srv.URL + "/fast")
		if err != nil {
			bodies <- err.Error()
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		bodies <- string(b)
	}()
	select {
	case b := <-bodies:
		fmt.Fprintln(&sb, "fast:", b)
	case <-time.After(5 * time.Second):
		fmt.Fprintln(&sb, "fast: timed out")
	}
	return sb.String()
}
