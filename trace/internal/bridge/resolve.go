package bridge

import (
	"net"
	"reflect"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// net.ResolveTCPAddr, ResolveUDPAddr and ResolveIPAddr of a literal
// address (an IP address or none, and a numeric port): the resolver
// answers those without the network or the system's name service, and
// so does the bridge, by the native function (a validator's "is this a
// resolvable address" check). A malformed address gets the native
// error, also found without a lookup. Any other address would need the
// name service: a *BridgeError, as the generated table's exclusion says.
func init() {
	for name, f := range map[string]any{"net.ResolveTCPAddr": net.ResolveTCPAddr, "net.ResolveUDPAddr": net.ResolveUDPAddr} {
		fv := reflect.ValueOf(f)
		interp.RegisterBridge(name, func(c interp.Call, args []interp.Value) interp.Value {
			host, port, err := net.SplitHostPort(args[1].Str())
			if err == nil && !(literalHost(host) && numeric(port)) {
				panic(&interp.BridgeError{Func: name, CallSite: c.Pos(), Reason: resolveReason})
			}
			return c.ReflectCall(name, fv, args)
		})
	}
	fv := reflect.ValueOf(net.ResolveIPAddr)
	interp.RegisterBridge("net.ResolveIPAddr", func(c interp.Call, args []interp.Value) interp.Value {
		if !literalHost(args[1].Str()) {
			panic(&interp.BridgeError{Func: "net.ResolveIPAddr", CallSite: c.Pos(), Reason: resolveReason})
		}
		return c.ReflectCall("net.ResolveIPAddr", fv, args)
	})
}

const resolveReason = "it reaches the network or the system's name service (only a literal IP address and a numeric port are resolved)"

// literalHost reports whether host is empty or an IP address, with a
// zone or not.
func literalHost(host string) bool {
	ip, _, _ := strings.Cut(host, "%")
	return host == "" || net.ParseIP(ip) != nil
}

// numeric reports whether port is a decimal number or empty (port 0).
func numeric(port string) bool {
	for _, r := range port {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
