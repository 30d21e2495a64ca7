package corpus

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
)

// NativeAssert asserts interface values that native code made to their
// standard pointer types and reads and sets their fields: an httptest TLS
// server's client transport (*http.Transport, as websocket's tests take
// its TLS configuration), and a client that then reaches the server.
func NativeAssert() string {
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok "+r.Proto[:4])
	}))
	ts.EnableHTTP2 = true
	ts.StartTLS()
	defer ts.Close()
	c := ts.Client()
	tr, ok := c.Transport.(*http.Transport)
	out := []string{fmt.Sprint(ok, tr != nil, tr.TLSClientConfig != nil, tr.TLSClientConfig.RootCAs != nil, tr.ForceAttemptHTTP2, tr.MaxIdleConns)}
	tr.MaxIdleConns = 7
	tr2 := c.Transport.(*http.Transport)
	_, isClient := any(c.Transport).(*http.Client)
	out = append(out, fmt.Sprint(tr2.MaxIdleConns, tr == tr2, isClient))
	resp, err := c.Get(ts.URL)
	if err != nil {
		return err.Error()
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	out = append(out, fmt.Sprint(resp.StatusCode, string(body)))
	return fmt.Sprint(out)
}
