package corpus

import (
	"bytes"
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

// wrappedParseError holds a *net.ParseError, as mapstructure's
// netParseError does.
type wrappedParseError struct {
	Err *net.ParseError
}

func (e *wrappedParseError) Error() string { return "invalid " + e.Err.Type }

// NativeFields reads the fields of values of a standard struct type
// that lives natively (net.ParseError) however they were made: by
// net.ParseCIDR and net.ParseIP's callers, and by a composite literal.
func NativeFields() string {
	var out []string
	_, _, err := net.ParseCIDR("testing")
	if pe, ok := err.(*net.ParseError); ok {
		w := &wrappedParseError{Err: pe}
		out = append(out, w.Error(), pe.Text, fmt.Sprint(*pe))
	}
	lit := &net.ParseError{Type: "IP address", Text: "x"}
	lit.Text += "y"
	out = append(out, lit.Type, lit.Text, lit.Error(), (&wrappedParseError{Err: lit}).Error())
	v := *lit
	out = append(out, v.Type, v.Text)
	return fmt.Sprint(out)
}

// NetBuffers writes a net.Buffers, a named [][]byte, to a writer of the
// program's own and to a bytes.Buffer with its WriteTo (a pointer
// method that consumes the buffers as it writes them) and reads it with
// Read, as gorilla/websocket writes a frame's header and payload.
func NetBuffers() string {
	header, payload := []byte("hd"), []byte("payload")
	bufs := net.Buffers{header, payload, nil, []byte("!")}
	w := &countingWriter{}
	n, err := bufs.WriteTo(w)
	out := fmt.Sprint(n, err, len(bufs), w.calls, string(w.b), string(header), string(payload))
	var b bytes.Buffer
	more := net.Buffers{[]byte("ab"), []byte("cd")}
	n, err = more.WriteTo(&b)
	out += fmt.Sprint(" ", n, err, len(more), b.String())
	rd := net.Buffers{[]byte("xyz"), []byte("w")}
	p := make([]byte, 2)
	k, err := rd.Read(p)
	return out + fmt.Sprint(" ", k, err, string(p), len(rd), string(rd[0]))
}

// countingWriter keeps what it is given and counts its calls.
type countingWriter struct {
	b     []byte
	calls int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.calls++
	w.b = append(w.b, p...)
	return len(p), nil
}
