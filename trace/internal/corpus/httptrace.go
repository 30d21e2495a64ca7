package corpus

import (
	"bufio"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"strings"
	"time"
)

// HTTPTrace gives the native HTTP client a ClientTrace of the program's
// own hooks in a request's context, which the client calls as the
// request goes, and reads the trace back from the context, its hooks
// set and unset, as gorilla/websocket's dialer does.
func HTTPTrace() string {
	var got []string
	trace := &httptrace.ClientTrace{
		GetConn: func(hostPort string) { got = append(got, "GetConn") },
		GotConn: func(info httptrace.GotConnInfo) {
			got = append(got, fmt.Sprint("GotConn ", info.Reused, info.Conn != nil))
		},
		WroteHeaders:         func() { got = append(got, "WroteHeaders") },
		WroteRequest:         func(w httptrace.WroteRequestInfo) { got = append(got, fmt.Sprint("WroteRequest ", w.Err)) },
		GotFirstResponseByte: func() { got = append(got, "GotFirstResponseByte") },
	}
	ctx := httptrace.WithClientTrace(context.Background(), trace)
	// a native handler: an interpreted one would run when the native
	// server calls it, at a point of the program's steps that varies
	ts := httptest.NewServer(http.NotFoundHandler())
	defer ts.Close()
	req, err := http.NewRequestWithContext(ctx, "GET", ts.URL, nil)
	check(err == nil, "NewRequestWithContext")
	res, err := ts.Client().Do(req)
	check(err == nil, "Do")
	res.Body.Close()
	tr := httptrace.ContextClientTrace(ctx)
	check(tr != nil, "ContextClientTrace")
	if tr.GetConn != nil {
		tr.GetConn("example.com:80")
	}
	empty := httptrace.ContextClientTrace(httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{}))
	none := httptrace.ContextClientTrace(context.Background())
	return fmt.Sprint(strings.Join(got, ","), " ", tr.DNSStart == nil, tr.GotConn != nil, " ", empty != nil && empty.GetConn == nil, " ", none == nil)
}

// NetDial dials an httptest server with net.Dial and a net.Dialer, as a
// websocket client does, sets the connection's deadline a minute ahead,
// writes a request by hand and reads the response.
func NetDial() string {
	ts := httptest.NewServer(http.NotFoundHandler()) // native, as HTTPTrace's
	defer ts.Close()
	addr := ts.Listener.Addr().String()
	var out []string
	get := func(c net.Conn, err error) {
		check(err == nil, "dial")
		defer c.Close()
		// a deadline of the program's clock
		check(c.SetDeadline(time.Now().Add(time.Minute)) == nil, "SetDeadline")
		check(c.SetReadDeadline(time.Time{}) == nil, "SetReadDeadline")
		fmt.Fprintf(c, "GET /p HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", addr)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			out = append(out, "ReadResponse: "+err.Error())
			return
		}
		b, _ := io.ReadAll(res.Body)
		out = append(out, fmt.Sprint(res.StatusCode, " ", string(b)))
	}
	get(net.Dial("tcp", addr))
	get(net.DialTimeout("tcp", addr, time.Minute))
	d := &net.Dialer{Timeout: time.Minute}
	get(d.Dial("tcp", addr))
	get(d.DialContext(context.Background(), "tcp", addr))
	return strings.Join(out, ",")
}

// TLSConfig reads the *tls.Config of an httptest TLS server's client
// before a request, which configures HTTP/2 on it (NextProtos gains
// "h2"), as gorilla/websocket's TestNextProtos does, and builds one of
// its own, given to a transport and read back.
func TLSConfig() string {
	ts := httptest.NewUnstartedServer(http.NotFoundHandler()) // native, as HTTPTrace's
	ts.EnableHTTP2 = true
	ts.StartTLS()
	defer ts.Close()
	cfg := ts.Client().Transport.(*http.Transport).TLSClientConfig
	before := fmt.Sprint(cfg.NextProtos)
	res, err := ts.Client().Get(ts.URL)
	check(err == nil, "Get")
	res.Body.Close()
	mine := &tls.Config{ServerName: "example.com", NextProtos: []string{"x"}, MinVersion: tls.VersionTLS12}
	tr := &http.Transport{TLSClientConfig: mine}
	mine.NextProtos = append(mine.NextProtos, "y")
	return fmt.Sprint(before, " ", cfg.NextProtos, " ", res.ProtoMajor, " ", tr.TLSClientConfig.NextProtos, mine.ServerName, mine.MinVersion == tls.VersionTLS12)
}
