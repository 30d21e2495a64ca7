// Package port is a subject of the repair tests: Port tests the length
// of a host where it should test for the colon of a port, a fix that
// calls a function of the standard library on the host.
package port

import "strings"

// Port returns the port of host:port, "" if host has none.
func Port(host string) string {
	if len(host) > 9 { //fault: should be strings.Contains(host, ":")
		return host[strings.LastIndex(host, ":")+1:]
	}
	return ""
}
