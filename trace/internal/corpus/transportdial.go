package corpus

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
)

// TransportDial sends requests for other hosts to an httptest server
// through a transport whose Dial, or DialContext, is the program's own
// and dials the server whatever address it is asked for, as
// gorilla/websocket's TestHost does, and through the server's own
// client, which sends example.com to it; the transport's dial given a
// native dial read from another transport dials the address asked for.
func TransportDial() string {
	ts := httptest.NewServer(http.NotFoundHandler()) // native, as HTTPTrace's
	defer ts.Close()
	server := ts.Listener.Addr().String()
	var asked []string
	get := func(tr *http.Transport, url string) string {
		defer tr.CloseIdleConnections()
		res, err := (&http.Client{Transport: tr}).Get(url)
		if err != nil {
			return "error"
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return fmt.Sprint(res.StatusCode, " ", len(b))
	}
	var out []string
	out = append(out, get(&http.Transport{Dial: func(network, addr string) (net.Conn, error) {
		asked = append(asked, addr)
		return net.Dial(network, server)
	}}, "http://example.com/a"))
	out = append(out, get(&http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		asked = append(asked, addr)
		return (&net.Dialer{}).DialContext(ctx, network, server)
	}}, "http://badhost.test:8080/b"))
	res, err := ts.Client().Get("http://example.com/c")
	check(err == nil, "the server's client")
	res.Body.Close()
	out = append(out, fmt.Sprint(res.StatusCode))
	native := ts.Client().Transport.(*http.Transport).DialContext
	out = append(out, get(&http.Transport{DialContext: native}, ts.URL+"/d"))
	return strings.Join(out, ",") + " " + strings.Join(asked, ",")
}
