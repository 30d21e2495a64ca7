package interp

import "testing"

// TestDefaultServeMuxPerRun: a package whose init registers handlers on
// http.DefaultServeMux and serves it on a listener of net.ListenTCP (as
// golang-jwt's example test does) runs its test twice in one process:
// each run has its own default mux, so the second run's registrations
// do not conflict with the first's, and its requests reach its own
// handlers.
func TestDefaultServeMuxPerRun(t *testing.T) {
	p := loadTestFiles(t, map[string]string{
		"go.mod": "module mux\n\ngo 1.26\n",
		"mux.go": "package mux\n",
		"mux_test.go": `package mux

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
)

var port int

func init() {
	http.HandleFunc("/hello", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hi ", r.URL.Query().Get("n")) })
	ln, err := net.ListenTCP("tcp", &net.TCPAddr{})
	if err != nil {
		panic(err)
	}
	port = ln.Addr().(*net.TCPAddr).Port
	go http.Serve(ln, nil)
}

func TestHello(t *testing.T) {
	res, err := http.Get(fmt.Sprintf("http://localhost:%d/hello?n=7", port))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if string(b) != "hi 7" || http.DefaultServeMux == nil {
		t.Fatalf("got %q", b)
	}
}
`,
	})
	for run := 1; run <= 2; run++ {
		gr, err := p.RunGoTest(bgContext, "mux", "TestHello", nil)
		if err != nil || !gr.Ran || gr.Failed {
			t.Fatalf("run %d: %v, %v; want TestHello to pass", run, gr, err)
		}
	}
}
