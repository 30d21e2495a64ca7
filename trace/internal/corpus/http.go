package corpus

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
)

// greeter is an http.Handler of the program's own.
type greeter struct{ calls int }

func (g *greeter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.calls++
	w.Header().Set("X-Calls", fmt.Sprint(g.calls))
	if r.URL.Query().Get("fail") != "" {
		http.Error(w, "asked to fail", http.StatusTeapot)
		return
	}
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, "hello %s %s %s", r.Method, r.URL.Path, r.Header.Get("X-Name"))
}

type httpCtxKey struct{}

// HTTP builds requests, records responses of handlers written here and
// of a native ServeMux routing to them, serves them from an httptest
// server to the native HTTP client, and parses IP addresses: the
// program's handlers run under the native server's goroutines.
func HTTP() string {
	var out []string
	g := &greeter{}
	req, err := http.NewRequest("POST", "http://example.com/a/b?q=1", strings.NewReader("body"))
	check(err == nil, "NewRequest")
	req.Header.Set("X-Name", "ann")
	req.Header["X-Multi"] = []string{"1", "2"}
	req.Host = "other.example"
	out = append(out, fmt.Sprint(req.Method, req.URL.Path, req.URL.RawQuery, req.Host, req.Header.Get("X-Name"), len(req.Header), req.Header.Values("X-Multi")))
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	out = append(out, fmt.Sprint(rec.Code, rec.Body.String(), rec.Header().Get("X-Calls"), res.StatusCode, string(b), res.Header.Get("Content-Type")))
	var keys []string
	for k := range rec.Header() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out = append(out, strings.Join(keys, ","))

	// a native mux calling the program's handlers
	mux := http.NewServeMux()
	mux.Handle("/greet/", g)
	mux.HandleFunc("/ctx", func(w http.ResponseWriter, r *http.Request) {
		v, _ := r.Context().Value(httpCtxKey{}).(string)
		fmt.Fprint(w, "ctx=", v)
	})
	for _, path := range []string{"/greet/x", "/greet/y?fail=1", "/nowhere"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		out = append(out, fmt.Sprint(path, rec.Code, strings.TrimSpace(rec.Body.String())))
	}
	creq := httptest.NewRequest("GET", "/ctx", nil)
	creq = creq.WithContext(context.WithValue(creq.Context(), httpCtxKey{}, "carried"))
	crec := httptest.NewRecorder()
	mux.ServeHTTP(crec, creq)
	out = append(out, crec.Body.String())

	// the native server and client
	srv := httptest.NewServer(mux)
	mux.HandleFunc("/server", func(w http.ResponseWriter, r *http.Request) {
		s, _ := r.Context().Value(http.ServerContextKey).(*http.Server)
		a, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
		fmt.Fprint(w, "server ", s != nil, " local address ", a != nil && a.Network() == "tcp")
	})
	for _, path := range []string{"/greet/served", "/greet/z?fail=yes", "/missing", "/server"} {
		resp, err := http.Get(srv.URL + path)
		check(err == nil, "Get")
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		out = append(out, fmt.Sprint(path, resp.StatusCode, strings.TrimSpace(string(b)), resp.Header.Get("X-Calls")))
	}
	client := &http.Client{}
	preq, _ := http.NewRequest("PUT", srv.URL+"/greet/put", nil)
	preq.Header.Set("X-Name", "bob")
	resp, err := client.Do(preq)
	check(err == nil, "Do")
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	out = append(out, fmt.Sprint(resp.StatusCode, string(b)))
	srv.Close()
	out = append(out, fmt.Sprint("calls ", g.calls))

	// a server whose connections' context is the program's: the
	// requests' contexts, made natively from it, hold its values and the
	// server's (ConnContext, which the server calls while the client
	// waits; BaseContext is called by the server's goroutine at once,
	// beside the program's: see trace/README.md's limits)
	based := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		v, _ := r.Context().Value(httpCtxKey{}).(string)
		_, isServer := r.Context().Value(http.ServerContextKey).(*http.Server)
		fmt.Fprint(w, "base=", v, " server ", isServer, " other ", r.Context().Value("other"))
		// a router's context over the request's, as chi's
		r = r.WithContext(context.WithValue(r.Context(), "route", 1))
		_, isServer = r.Context().Value(http.ServerContextKey).(*http.Server)
		v, _ = r.Context().Value(httpCtxKey{}).(string)
		fmt.Fprint(w, " routed base=", v, " server ", isServer, " ", r.Context().Value("route"))
	}))
	based.Config.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, httpCtxKey{}, "base")
	}
	based.Start()
	resp, err = http.Get(based.URL)
	check(err == nil, "Get from the server with a base context")
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	based.Close()
	out = append(out, string(b))

	// a logger of the program's as the server's error log: the native
	// server reports a handler's second WriteHeader there
	var logged bytes.Buffer
	twice := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusAccepted)
		w.WriteHeader(http.StatusOK)
	}))
	twice.Config.ErrorLog = log.New(&logged, "server: ", 0)
	resp, err = http.Get(twice.URL)
	check(err == nil, "Get from the server with an error log")
	resp.Body.Close()
	twice.Close()
	out = append(out, fmt.Sprint(resp.StatusCode, strings.Contains(logged.String(), "server: http: superfluous response.WriteHeader call")))

	ip := net.ParseIP("192.168.1.10")
	_, cidr, err := net.ParseCIDR("192.168.0.0/16")
	out = append(out, fmt.Sprint(ip, ip.To4() != nil, err, cidr, cidr.Contains(ip), net.ParseIP("nope") == nil, cidr.IP, cidr.Mask.String()))
	return strings.Join(out, "\n")
}
