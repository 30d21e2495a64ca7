package corpus

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// TLSClient trusts an httptest TLS server's certificate through a pool of
// its own (x509.ParseCertificates of the server's chain, NewCertPool,
// AddCert and AppendCertsFromPEM), dials the server with net.Dial and
// runs TLS over the connection with tls.Client, as gorilla/websocket's
// dialer and its tests do: the handshake with the pool, the host name
// check, a request written and its response read through the TLS
// connection under a deadline of the program's clock (the handshake verifies the server's chain against the
// pool: without it, it fails). The server's handler is native (see
// HTTPTrace), and nothing random of the handshake (its keys, TLSUnique)
// is read: what the program sees is the same in every run.
func TLSClient() string {
	ts := httptest.NewTLSServer(http.NotFoundHandler()) // native, as HTTPTrace's
	defer ts.Close()
	var out []string
	pool := x509.NewCertPool()
	var leaf *x509.Certificate
	for _, c := range ts.TLS.Certificates {
		certs, err := x509.ParseCertificates(c.Certificate[len(c.Certificate)-1])
		check(err == nil, "ParseCertificates")
		for _, cert := range certs {
			pool.AddCert(cert)
			leaf = cert
		}
	}
	out = append(out, fmt.Sprint(leaf.IsCA, leaf.DNSNames, leaf.Subject.Organization, leaf.NotAfter.Year(), leaf.Equal(leaf)))
	pemPool := x509.NewCertPool()
	ok := pemPool.AppendCertsFromPEM(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leaf.Raw}))
	out = append(out, fmt.Sprint(ok, pool.Equal(pemPool), pool.Equal(x509.NewCertPool()), pool.Clone().Equal(pool)))

	addr := ts.Listener.Addr().String()
	get := func(cfg *tls.Config) string {
		conn, err := net.Dial("tcp", addr)
		check(err == nil, "Dial")
		tc := tls.Client(conn, cfg)
		defer tc.Close()
		// a deadline of the program's clock, set by a static call
		check(tc.SetDeadline(time.Now().Add(time.Minute)) == nil, "SetDeadline")
		if err := tc.Handshake(); err != nil {
			return "Handshake: " + err.Error()
		}
		st := tc.ConnectionState()
		res := fmt.Sprint(st.HandshakeComplete, " ", st.ServerName, " ", len(st.PeerCertificates), " ", tc.VerifyHostname("example.com"), " ", tc.VerifyHostname("example.org") != nil, " ")
		fmt.Fprintf(tc, "GET /p HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", addr)
		resp, err := http.ReadResponse(bufio.NewReader(tc), nil)
		if err != nil {
			return res + "ReadResponse: " + err.Error()
		}
		b, _ := io.ReadAll(resp.Body)
		return res + fmt.Sprint(resp.StatusCode, " ", len(b))
	}
	out = append(out, get(&tls.Config{RootCAs: pool, ServerName: "example.com"}))
	return strings.Join(out, "\n")
}
