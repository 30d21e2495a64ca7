package encode

import "github.com/faultloc/faultloc/trace"

// Named reports whether e gave instance k a term's name, as it does to
// the instances it encodes and never to those it leaves out of the
// formula: the external tests' look at what was left out.
func Named(e *Encoder, k trace.InstanceKey) bool {
	_, ok := e.ids[k]
	return ok
}
