package interp

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"time"
)

// The HTTP client of interpreted code reaches only the httptest servers
// its run started: the client calls (http.Get, Client.Do, ...) run on a
// copy of the client whose transport dials nothing but those servers'
// listeners (on the loopback interface), without proxies; anything else
// is the error the call returns. A transport's dial of the program's own
// is asked for any address: its own dials are guarded. net.Dial, net.DialTimeout and a
// net.Dialer's Dial and DialContext dial those listeners likewise; a
// dial of the program to any other address stops the run (a
// *BridgeError): natively it might connect, so an error would be a
// verdict the native run need not share. bridgegen leaves out net's dialing,
// listening and lookups, and net/http's ListenAndServe; native_listen.go
// gives a run listeners of its own on the loopback interface, which its
// dials reach too. The servers a run started and did not close are closed
// when it ends.

// netState is a run's servers and guarded transports.
type netState struct {
	mu         sync.Mutex // dials come from native goroutines
	addrs      map[string]bool
	alias      map[string]string // an address a run's own listener stands for, to the listener's (native_listen.go)
	servers    []*httptest.Server
	closers    []io.Closer // the run's own listeners and the servers serving them
	transports map[http.RoundTripper]*http.Transport
	mux        *http.ServeMux // the run's http.DefaultServeMux (native_mux.go)
}

func (r *run) netSt() *netState {
	if r.net == nil {
		r.net = &netState{addrs: map[string]bool{}, alias: map[string]string{}, transports: map[http.RoundTripper]*http.Transport{}}
	}
	return r.net
}

// resolve returns the address a dial to addr reaches: addr itself if it
// is the address of one of the run's httptest servers or listeners, the
// listener's if one of the run's own listeners stands for addr
// (native_listen.go), else the netRefused error a dial to it returns.
func (st *netState) resolve(addr string) (string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if to, ok := st.alias[addr]; ok {
		return to, nil
	}
	if !st.addrs[addr] {
		return "", netRefused{addr}
	}
	return addr, nil
}

// netRefused is the error the interpreted HTTP client's dial returns for
// an address other than the run's httptest servers'.
type netRefused struct{ addr string }

func (e netRefused) Error() string {
	return "faultloc: the interpreted HTTP client reaches only the httptest servers of its run, not " + e.addr
}

// reaches reports whether a dial to addr reaches one of the run's
// servers or listeners.
func (st *netState) reaches(addr string) bool {
	_, err := st.resolve(addr)
	return err == nil
}

// guardTransport returns the guarded copy of rt (nil: the default).
func (r *run) guardTransport(rt http.RoundTripper) http.RoundTripper {
	if rt == nil {
		rt = http.DefaultTransport
	}
	t, ok := rt.(*http.Transport)
	if !ok {
		return rt // an interpreted RoundTripper, or one wrapping another
	}
	st := r.netSt()
	st.mu.Lock()
	defer st.mu.Unlock()
	if g := st.transports[rt]; g != nil {
		return g
	}
	g := t.Clone()
	g.Proxy = nil
	check := st.resolve
	if redirect := st.redirectedPortLocked(t); redirect != "" {
		// an httptest server's client: its own dial sends example.com
		// and its subdomains, at that port, to the server
		check = func(addr string) (string, error) {
			if host, port, err := net.SplitHostPort(addr); err == nil && port == redirect && (host == "example.com" || strings.HasSuffix(host, ".example.com")) {
				return addr, nil
			}
			return st.resolve(addr)
		}
	}
	dial, own := g.DialContext, programFunc(g.DialContext)
	if dial == nil && g.Dial != nil {
		dial, own = func(_ context.Context, network, addr string) (net.Conn, error) { return t.Dial(network, addr) }, programFunc(g.Dial)
	}
	g.DialContext = guardDial(dial, own, check)
	if g.DialTLSContext != nil {
		g.DialTLSContext = guardDial(g.DialTLSContext, programFunc(g.DialTLSContext), check)
	} else if g.DialTLS != nil {
		g.DialTLSContext = guardDial(func(_ context.Context, network, addr string) (net.Conn, error) { return t.DialTLS(network, addr) }, programFunc(g.DialTLS), check)
	}
	st.transports[rt] = g
	return g
}

// guardDial returns dial (nil: a net.Dialer's) dialing only the
// addresses check allows, at the address check gives, unless dial is the
// program's (own): its own dials are the bridged ones, which reach the
// run's servers alone, and the address the transport asks it for may be
// another, which it maps to one of them (a test's Dial that sends every
// host to its server).
func guardDial(dial func(context.Context, string, string) (net.Conn, error), own bool, check func(string) (string, error)) func(context.Context, string, string) (net.Conn, error) {
	if own {
		return dial
	}
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		to, err := check(addr)
		if err != nil {
			return nil, err
		}
		return dial(ctx, network, to)
	}
}

// programFunc reports whether f, a non-nil func, is the program's: a
// func of the program's reaches native code as a func reflect.MakeFunc
// made (toNative; a native func the program read crosses back as
// itself).
func programFunc(f any) bool {
	rv := reflect.ValueOf(f)
	return rv.Kind() == reflect.Func && !rv.IsNil() && rv.Pointer() == makeFuncCode
}

// makeFuncCode is the code pointer of every func reflect.MakeFunc makes.
var makeFuncCode = reflect.MakeFunc(reflect.TypeFor[func()](), func([]reflect.Value) []reflect.Value { return nil }).Pointer()

// redirectedPortLocked returns the port at which t, the transport of
// one of the run's httptest servers' clients, sends example.com to its
// server (80, or 443 for a TLS server's), or "" (called holding st.mu).
func (st *netState) redirectedPortLocked(t *http.Transport) string {
	for _, s := range st.servers {
		if c := s.Client(); c != nil && c.Transport == http.RoundTripper(t) {
			if s.TLS != nil {
				return "443"
			}
			return "80"
		}
	}
	return ""
}

// guardClient returns a copy of c (nil: the default client) whose
// transport is guarded.
func (r *run) guardClient(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	g := *c
	g.Transport = r.guardTransport(c.Transport)
	return &g
}

// closeNet closes the run's servers and idle connections.
func (r *run) closeNet() {
	st := r.net
	if st == nil {
		return
	}
	st.mu.Lock()
	servers, closers := st.servers, st.closers
	st.servers, st.closers = nil, nil
	for _, t := range st.transports {
		t.CloseIdleConnections()
	}
	st.mu.Unlock()
	for _, s := range servers {
		go s.Close() // it waits for handlers, which the run's end unwinds
	}
	for _, c := range closers {
		go c.Close()
	}
}

func init() {
	// The client calls, on the guarded client.
	clientBridge := nativeBridge
	clientBridge("net/http.Get", func(r *run, u string) (*http.Response, error) { return r.guardClient(nil).Get(u) })
	clientBridge("net/http.Head", func(r *run, u string) (*http.Response, error) { return r.guardClient(nil).Head(u) })
	clientBridge("net/http.Post", func(r *run, u, ct string, body io.Reader) (*http.Response, error) {
		return r.guardClient(nil).Post(u, ct, body)
	})
	clientBridge("net/http.PostForm", func(r *run, u string, v url.Values) (*http.Response, error) {
		return r.guardClient(nil).PostForm(u, v)
	})
	clientBridge("(*net/http.Client).Do", func(r *run, c *http.Client, req *http.Request) (*http.Response, error) {
		return r.guardClient(c).Do(req)
	})
	clientBridge("(*net/http.Client).Get", func(r *run, c *http.Client, u string) (*http.Response, error) {
		return r.guardClient(c).Get(u)
	})
	clientBridge("(*net/http.Client).Head", func(r *run, c *http.Client, u string) (*http.Response, error) {
		return r.guardClient(c).Head(u)
	})
	clientBridge("(*net/http.Client).Post", func(r *run, c *http.Client, u, ct string, body io.Reader) (*http.Response, error) {
		return r.guardClient(c).Post(u, ct, body)
	})
	clientBridge("(*net/http.Client).PostForm", func(r *run, c *http.Client, u string, v url.Values) (*http.Response, error) {
		return r.guardClient(c).PostForm(u, v)
	})
	clientBridge("(*net/http.Transport).RoundTrip", func(r *run, t *http.Transport, req *http.Request) (*http.Response, error) {
		return r.guardTransport(t).RoundTrip(req)
	})
	clientBridge("(*net/http.Client).CloseIdleConnections", func(r *run, c *http.Client) {
		r.guardClient(c).CloseIdleConnections()
	})
	// The dials of package net, to the run's servers only, as the
	// guarded transport's.
	clientBridge("net.Dial", func(r *run, network, addr string) (net.Conn, error) {
		to, err := r.netSt().resolve(addr)
		if err != nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: err}
		}
		return net.Dial(network, to)
	})
	clientBridge("net.DialTimeout", func(r *run, network, addr string, timeout time.Duration) (net.Conn, error) {
		to, err := r.netSt().resolve(addr)
		if err != nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: err}
		}
		return net.DialTimeout(network, to, timeout)
	})
	clientBridge("(*net.Dialer).Dial", func(r *run, d *net.Dialer, network, addr string) (net.Conn, error) {
		to, err := r.netSt().resolve(addr)
		if err != nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: err}
		}
		return d.Dial(network, to)
	})
	clientBridge("(*net.Dialer).DialContext", func(r *run, d *net.Dialer, ctx context.Context, network, addr string) (net.Conn, error) {
		to, err := r.netSt().resolve(addr)
		if err != nil {
			return nil, &net.OpError{Op: "dial", Net: network, Err: err}
		}
		return d.DialContext(ctx, network, to)
	})
	// A dial of the program's own to another address stops the run.
	for name, addrArg := range map[string]int{"net.Dial": 1, "net.DialTimeout": 1, "(*net.Dialer).Dial": 2, "(*net.Dialer).DialContext": 3} {
		dial := bridges[name]
		bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
			if addr := args[addrArg].Str(); !r.netSt().reaches(addr) {
				panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "a run dials only the httptest servers and the listeners it started, not " + addr + ": the connection would leave the run's sandbox"})
			}
			return dial(r, fr, in, args)
		}
	}
	// The servers, recorded.
	serverBridge := func(name string, f func(http.Handler) *httptest.Server) {
		clientBridge(name, func(r *run, h http.Handler) *httptest.Server {
			s := f(h)
			st := r.netSt()
			st.mu.Lock()
			st.addrs[s.Listener.Addr().String()] = true
			st.servers = append(st.servers, s)
			st.mu.Unlock()
			return s
		})
	}
	serverBridge("net/http/httptest.NewServer", httptest.NewServer)
	serverBridge("net/http/httptest.NewTLSServer", httptest.NewTLSServer)
	serverBridge("net/http/httptest.NewUnstartedServer", httptest.NewUnstartedServer)
}

// nativeBridge bridges the function name to f, a native func whose first
// parameter is the run and whose others are the call's.
func nativeBridge(name string, f any) {
	fv := reflect.ValueOf(f)
	bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
		g := reflect.MakeFunc(reflect.FuncOf(inTypes(fv.Type())[1:], outTypes(fv.Type()), false), func(a []reflect.Value) []reflect.Value {
			return fv.Call(append([]reflect.Value{reflect.ValueOf(r)}, a...))
		})
		return r.reflectCall(fr, in, name, g, calleeSig(in), args)
	}
}

func inTypes(t reflect.Type) []reflect.Type {
	ts := make([]reflect.Type, t.NumIn())
	for i := range ts {
		ts[i] = t.In(i)
	}
	return ts
}

func outTypes(t reflect.Type) []reflect.Type {
	ts := make([]reflect.Type, t.NumOut())
	for i := range ts {
		ts[i] = t.Out(i)
	}
	return ts
}
