package corpus

import (
	"encoding"
	"fmt"
	"net"
)

// NativeSlices calls native methods with a pointer receiver on a
// named slice type (net.IP's UnmarshalText, which sets the variable), as
// decoders do through encoding.TextUnmarshaler: directly, through the
// interface, and on a variable that held a value before.
func NativeSlices() string {
	var ip net.IP
	err := ip.UnmarshalText([]byte("10.0.0.1"))
	var bad net.IP
	errBad := bad.UnmarshalText([]byte("not an address"))
	held := net.ParseIP("::1")
	var u encoding.TextUnmarshaler = &held
	errU := u.UnmarshalText([]byte("192.168.1.2"))
	var empty net.IP = net.IP{}
	errEmpty := empty.UnmarshalText(nil)
	return fmt.Sprint(ip, " ", err, " ", bad == nil, " ", errBad, " ", held, " ", errU, " ", len(held), " ", empty == nil, len(empty), errEmpty)
}
