package interp

import (
	"errors"
	"strings"
	"testing"
)

// TestBridgeTLSEdges checks the edges of the part of crypto/x509 and
// crypto/tls the bridge takes (bridgegen's partialPackages): a function
// of theirs left out is a *BridgeError saying why, and tls.Client over a
// connection of the program's own, whose handshake would hand the
// program the bytes of a key exchange that draws from the process's
// secure source, is a *BridgeError too, not a run.
func TestBridgeTLSEdges(t *testing.T) {
	const src = `package tlsedge

import (
	"crypto/tls"
	"crypto/x509"
	"net"
)

type pipeConn struct{ net.Conn }

func OwnConn() string {
	c := tls.Client(pipeConn{}, &tls.Config{})
	return c.ConnectionState().ServerName
}

func Create() string {
	_, err := x509.CreateCertificate(nil, &x509.Certificate{}, &x509.Certificate{}, nil, nil)
	return err.Error()
}

func Verify() string {
	_, err := (&x509.Certificate{}).Verify(x509.VerifyOptions{})
	return err.Error()
}

func Pool() bool {
	return x509.NewCertPool().Equal(x509.NewCertPool())
}
`
	p := loadSource(t, "tlsedge", src)
	for _, tc := range []struct {
		fn, bridge, want string
	}{
		{fn: "OwnConn", bridge: "crypto/tls.Client", want: "does not implement net.Conn natively"},
		{fn: "Create", bridge: "crypto/x509.CreateCertificate", want: "its signing draws from the process's secure source"},
		{fn: "Verify", bridge: "(*crypto/x509.Certificate).Verify", want: "Verify reads the process's clock"},
	} {
		t.Run(tc.fn, func(t *testing.T) {
			_, err := p.Run(bgContext, p.Func("tlsedge", tc.fn), nil, nil)
			var be *BridgeError
			if !errors.As(err, &be) || be.Func != tc.bridge || !strings.Contains(be.Reason, tc.want) {
				t.Fatalf("got %v, want a *BridgeError for %s: %s", err, tc.bridge, tc.want)
			}
		})
	}
	res, err := p.Run(bgContext, p.Func("tlsedge", "Pool"), nil, nil)
	if err != nil || res.Outcome != Returned || !res.Returns[0].Bool() {
		t.Fatalf("Pool: %v %v, want true", res, err)
	}
}
