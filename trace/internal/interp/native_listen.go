package interp

import (
	"net"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"syscall"
)

// A run's own listeners. A test that serves on a port of its own
// (http.ListenAndServe(":1234", h) or a Server's ListenAndServe in a
// goroutine, then requests to localhost:1234; net.Listen, then
// http.Serve) gets a listener on the loopback interface at a port the
// system chooses, standing for the address it asked for: the run's
// dials to that address (the HTTP client's, net.Dial's), under any name
// of the local host (localhost, 127.0.0.1, [::1], or none), reach the
// listener, and the listener's Addr is the address asked for. Runs at
// once, and a run and the native tests, do not compete for the port; a
// second listener of one run at a port fails as natively, with
// EADDRINUSE, until the first closes. Listening elsewhere than on the
// local host (a given interface's address), or on another network than
// TCP, stops the run with a *BridgeError: natively it might succeed. The listeners, and the
// servers serving them, are closed when the run ends.

// localListen listens, for the run, on the loopback interface in place
// of addr (see above), network one of TCP's (the bridges check).
func (r *run) localListen(network, addr string) (net.Listener, error) {
	host, service, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, &net.OpError{Op: "listen", Net: network, Err: err}
	}
	port, err := net.LookupPort(network, service)
	if err != nil {
		return nil, &net.OpError{Op: "listen", Net: network, Err: err}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	to := ln.Addr().String()
	st := r.netSt()
	st.mu.Lock()
	defer st.mu.Unlock()
	if port != 0 {
		names := localNames(port)
		for _, a := range names {
			if _, taken := st.alias[a]; taken {
				ln.Close()
				return nil, &net.OpError{Op: "listen", Net: network, Addr: localAddr(host, port), Err: os.NewSyscallError("bind", syscall.EADDRINUSE)}
			}
		}
		for _, a := range names {
			st.alias[a] = to
		}
		ln = &standIn{Listener: ln, addr: localAddr(host, port), st: st, names: names}
	} else if _, real, err := net.SplitHostPort(to); err == nil {
		// At the port the system chose: reached under any name of the
		// local host too (localhost:PORT).
		if p, err := strconv.Atoi(real); err == nil {
			for _, a := range localNames(p) {
				st.alias[a] = to
			}
		}
	}
	st.addrs[to] = true
	st.closers = append(st.closers, ln)
	return ln, nil
}

// elsewhere is the reason a listener at addr, not on the local host,
// stops the run.
func elsewhere(addr string) string {
	return "a run listens only on the local host, not at " + addr + ": the server would leave the run's sandbox"
}

// standIn is a listener of the run standing for another address, which
// its Close frees for another listener, as natively.
type standIn struct {
	net.Listener
	addr  net.Addr
	st    *netState
	names []string
}

func (l *standIn) Addr() net.Addr { return l.addr }

func (l *standIn) Close() error {
	to := l.Listener.Addr().String()
	l.st.mu.Lock()
	for _, a := range l.names {
		if l.st.alias[a] == to {
			delete(l.st.alias, a)
		}
	}
	l.st.mu.Unlock()
	return l.Listener.Close()
}

// localHost reports whether host names the local host: no host, an
// unspecified address, localhost or a loopback address.
func localHost(host string) bool {
	if host == "" || host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// localNames returns the addresses that name port of the local host.
func localNames(port int) []string {
	p := strconv.Itoa(port)
	var out []string
	for _, h := range []string{"", "localhost", "127.0.0.1", "::1", "0.0.0.0", "::"} {
		out = append(out, net.JoinHostPort(h, p))
	}
	return out
}

// localAddr returns the address a native listener at host and port
// reports.
func localAddr(host string, port int) net.Addr {
	ip := net.IPv6unspecified
	switch {
	case host == "localhost":
		ip = net.IPv4(127, 0, 0, 1)
	case host != "":
		if x := net.ParseIP(host); x != nil {
			ip = x
		}
	}
	return &net.TCPAddr{IP: ip, Port: port}
}

// serveOn serves srv on ln until srv closes or the run ends; a server
// without a handler serves the run's http.DefaultServeMux
// (native_mux.go), as natively the process's.
func (r *run) serveOn(ln net.Listener, srv *http.Server) error {
	if srv.Handler == nil {
		srv.Handler = r.defaultMux()
	}
	st := r.netSt()
	st.mu.Lock()
	st.closers = append(st.closers, srv)
	st.mu.Unlock()
	return srv.Serve(ln)
}

func init() {
	for name := range map[string]bool{"net/http.ListenAndServe": true, "net/http.Serve": true} {
		outsideFuncs[name] = true // they serve until the server closes
	}
	clientBridge := nativeBridge
	clientBridge("net.Listen", func(r *run, network, addr string) (net.Listener, error) {
		return r.localListen(network, addr)
	})
	// net.ListenTCP at port 0 of the local host: the run's listener is a
	// *net.TCPListener there (at a port asked for, it stands in for the
	// address, and is none).
	const listenTCP = "net.ListenTCP"
	bridges[listenTCP] = func(r *run, fr *frame, in *ins, args []Value) Value {
		pos := r.pos(in)
		listen := func(network string, laddr *net.TCPAddr) (*net.TCPListener, error) {
			switch network {
			case "tcp", "tcp4", "tcp6":
			default:
				panic(&BridgeError{Func: listenTCP, CallSite: pos, Reason: "a run listens only on TCP, not on " + network + ": natively the listener might work"})
			}
			addr := ":0"
			if laddr != nil {
				addr = laddr.String()
			}
			if laddr != nil && (laddr.Port != 0 || laddr.IP != nil && !localHost(laddr.IP.String())) {
				panic(&BridgeError{Func: listenTCP, CallSite: pos, Reason: "a run's net.ListenTCP listens at a port the system chooses on the local host, not at " + addr + " (net.Listen stands in for a given port)"})
			}
			ln, err := r.localListen("tcp", addr)
			if err != nil {
				return nil, err
			}
			return ln.(*net.TCPListener), nil
		}
		return r.reflectCall(fr, in, listenTCP, reflect.ValueOf(listen), calleeSig(in), args)
	}
	clientBridge("net/http.ListenAndServe", func(r *run, addr string, h http.Handler) error {
		if addr == "" {
			addr = ":http"
		}
		ln, err := r.localListen("tcp", addr)
		if err != nil {
			return err
		}
		return r.serveOn(ln, &http.Server{Addr: addr, Handler: h})
	})
	clientBridge("net/http.Serve", func(r *run, ln net.Listener, h http.Handler) error {
		return r.serveOn(ln, &http.Server{Handler: h})
	})
	const serverLS = "(*net/http.Server).ListenAndServe"
	bridges[serverLS] = func(r *run, fr *frame, in *ins, args []Value) Value {
		pos := r.pos(in)
		listen := func(srv *http.Server) error {
			addr := srv.Addr
			if addr == "" {
				addr = ":http"
			}
			if host, _, err := net.SplitHostPort(addr); err == nil && !localHost(host) {
				panic(&BridgeError{Func: serverLS, CallSite: pos, Reason: elsewhere(addr)})
			}
			ln, err := r.localListen("tcp", addr)
			if err != nil {
				return err
			}
			return r.serveOn(ln, srv)
		}
		return r.reflectCall(fr, in, serverLS, reflect.ValueOf(listen), calleeSig(in), args)
	}
	// Listening elsewhere than on the local host, or on another network
	// than TCP (a Unix socket), stops the run.
	for name, addrArg := range map[string]int{"net.Listen": 1, "net/http.ListenAndServe": 0} {
		listen := bridges[name]
		bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
			addr := args[addrArg].Str()
			if host, _, err := net.SplitHostPort(addr); err == nil && !localHost(host) {
				panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: elsewhere(addr)})
			}
			if addrArg == 1 {
				switch network := args[0].Str(); network {
				case "tcp", "tcp4", "tcp6":
				default:
					panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "a run listens only on TCP, not on " + network + ": natively the listener might work"})
				}
			}
			return listen(r, fr, in, args)
		}
	}
}
