package corpus

import (
	"fmt"
	"net"
	"strings"
)

// NetInterfaces reads the machine's network interfaces, as
// github.com/google/uuid does for a version 1 UUID's node (the first
// hardware address of at least 6 bytes), and looks the first one up again
// by name and by index, with its addresses.
func NetInterfaces() string {
	ifs, err := net.Interfaces()
	check(err == nil, "Interfaces")
	var out []string
	for _, ifc := range ifs {
		out = append(out, fmt.Sprint(ifc.Name, " ", ifc.Index, " ", ifc.MTU, " ", ifc.HardwareAddr, " ", ifc.Flags, " ", len(ifc.HardwareAddr) >= 6))
	}
	if len(ifs) > 0 {
		byName, err := net.InterfaceByName(ifs[0].Name)
		check(err == nil, "InterfaceByName")
		byIndex, err := net.InterfaceByIndex(ifs[0].Index)
		check(err == nil, "InterfaceByIndex")
		addrs, err := byName.Addrs()
		check(err == nil, "Addrs")
		var as []string
		for _, a := range addrs {
			as = append(as, a.Network()+" "+a.String())
		}
		out = append(out, fmt.Sprint(byName.Name == byIndex.Name, " ", as))
	}
	_, err = net.InterfaceByName("no-such-interface")
	all, aerr := net.InterfaceAddrs()
	return strings.Join(out, "\n") + fmt.Sprint(" ", err, " ", aerr == nil, len(all) > 0)
}

// UnixAddrs resolves Unix socket addresses, as go-playground/validator's
// unix_addr check does: net.ResolveUnixAddr pairs the network with the
// path, and refuses a network other than Unix's.
func UnixAddrs() string {
	var out []string
	for _, network := range []string{"unix", "unixgram", "unixpacket", "tcp"} {
		a, err := net.ResolveUnixAddr(network, "/tmp/validator.sock")
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		out = append(out, fmt.Sprint(a.Name, " ", a.Net, " ", a.Network(), " ", a.String()))
	}
	return strings.Join(out, ",")
}
