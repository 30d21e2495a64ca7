package interp

import (
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
)

const listenSrc = `package listen

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

func get(url string) string {
	var last error
	for range 200 { // the server's goroutine may not listen yet
		resp, err := http.Get(url)
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return string(b)
		}
		last = err
		time.Sleep(10 * time.Millisecond)
	}
	return "error: " + last.Error()
}

// Serve serves on ports of its own, as tests do, and reads its answers.
func Serve() string {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hi ", r.URL.Path) })
	go http.ListenAndServe(":1234", h)
	a := get("http://localhost:1234/a")
	b := get("http://127.0.0.1:1234/b")
	ln, err := net.Listen("tcp", "127.0.0.1:1235")
	if err != nil {
		return err.Error()
	}
	go http.Serve(ln, h)
	c := get("http://" + ln.Addr().String() + "/c")
	srv := &http.Server{Addr: "localhost:1237", Handler: h}
	go srv.ListenAndServe()
	d := get("http://[::1]:1237/d")
	srv.Close()
	_, closed := http.Get("http://localhost:1237/")
	reopened, err := net.Listen("tcp", "localhost:1237")
	if err != nil {
		return "after Close: " + err.Error()
	}
	reopened.Close()
	_, again := net.Listen("tcp", ":1235")
	_, other := http.Get("http://localhost:1236/")
	return fmt.Sprintf("%s|%s|%s|%s|%s|%v|%v|%v", a, b, c, d, ln.Addr(), closed != nil, again, other != nil)
}

// Elsewhere listens on an address that is not the local host's.
func Elsewhere() error {
	_, err := net.Listen("tcp", "192.0.2.1:80")
	return err
}

// Unix listens on a Unix socket.
func Unix() error {
	_, err := net.Listen("unix", "sock")
	return err
}
`

// TestLocalListeners: a run's own listeners (net.Listen, the
// ListenAndServe of net/http and of a Server) stand for the addresses the
// program asked for on the local host, under its names, until closed (the port then free again), apart from
// other runs (two at once at the same ports) and from the host's ports;
// a second listener at a port fails as natively; listening elsewhere, or
// on a Unix socket, stops the run.
func TestLocalListeners(t *testing.T) {
	p := loadSource(t, "listen", listenSrc)
	if ln, err := net.Listen("tcp", "127.0.0.1:1234"); err == nil {
		defer ln.Close() // the host's port 1234 is taken: the runs' is their own
	}
	want := "hi /a|hi /b|hi /c|hi /d|127.0.0.1:1235|true|listen tcp [::]:1235: bind: address already in use|true"
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			res, err := p.Run(bgContext, p.Func("listen", "Serve"), nil, &RunOptions{NoTrace: i == 0})
			if err != nil || res.Outcome != Returned {
				t.Errorf("run %d: Run = %v, %v", i, res, err)
				return
			}
			if got := res.Returns[0].Str(); got != want {
				t.Errorf("run %d: Serve() = %q, want %q", i, got, want)
			}
		})
	}
	wg.Wait()
	_, err := p.Run(bgContext, p.Func("listen", "Elsewhere"), nil, &RunOptions{NoTrace: true})
	var be *BridgeError
	if !errors.As(err, &be) || be.Func != "net.Listen" || !strings.Contains(be.Reason, "192.0.2.1:80") {
		t.Errorf("Elsewhere: err = %v, want a *BridgeError of net.Listen naming 192.0.2.1:80", err)
	}
	_, err = p.Run(bgContext, p.Func("listen", "Unix"), nil, &RunOptions{NoTrace: true})
	if !errors.As(err, &be) || be.Func != "net.Listen" || !strings.Contains(be.Reason, "unix") {
		t.Errorf("Unix: err = %v, want a *BridgeError of net.Listen naming unix", err)
	}
}
