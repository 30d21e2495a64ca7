package corpus

import (
	"fmt"
	"net"
	"strings"
)

// ResolveLiteral resolves literal addresses, which need neither the
// network nor the name service: TCP and UDP addresses of an IPv4 or IPv6
// address (with a zone or not) and a numeric or empty port, IP
// addresses, and malformed ones, with their errors.
func ResolveLiteral() string {
	var out []string
	for _, network := range []string{"tcp", "tcp4", "tcp6", "udp", "udp4", "udp6", "ip"} {
		for _, addr := range []string{"127.0.0.1:80", "[::1]:8080", "[fe80::1%lo]:1", "10.0.0.1:", ":9", "1.2.3.4", "[::1]:99999"} {
			if strings.HasPrefix(network, "tcp") {
				a, err := net.ResolveTCPAddr(network, addr)
				out = append(out, fmt.Sprint(network, " ", addr, " ", a, " ", err))
			} else if strings.HasPrefix(network, "udp") {
				a, err := net.ResolveUDPAddr(network, addr)
				out = append(out, fmt.Sprint(network, " ", addr, " ", a, " ", err))
			}
		}
	}
	for _, network := range []string{"ip", "ip4", "ip6"} {
		for _, addr := range []string{"127.0.0.1", "::1", "fe80::1%lo", ""} {
			a, err := net.ResolveIPAddr(network, addr)
			out = append(out, fmt.Sprint(network, " ", addr, " ", a, " ", err))
		}
	}
	return strings.Join(out, "\n")
}
