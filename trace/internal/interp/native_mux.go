package interp

import (
	"net/http"
	"reflect"
)

// A run's own http.DefaultServeMux. A program that registers handlers
// on the default mux (http.Handle and http.HandleFunc, often in an init
// function) and serves it (http.Serve or ListenAndServe with a nil
// handler, a Server without one) registers on a mux of its run, which
// the package variable net/http.DefaultServeMux is for the run: the
// process's own would keep one run's patterns into the next, whose
// registrations would then conflict, and would be shared by runs at
// once.

// defaultMux returns the run's http.DefaultServeMux, made on first use.
func (r *run) defaultMux() *http.ServeMux {
	st := r.netSt()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.mux == nil {
		st.mux = http.NewServeMux()
	}
	return st.mux
}

func init() {
	bridgedGlobals["net/http.DefaultServeMux"] = func(c Call) Value {
		return nativeValue(c.r.defaultMux())
	}
	for name, method := range map[string]string{"net/http.Handle": "Handle", "net/http.HandleFunc": "HandleFunc"} {
		bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
			return r.reflectCall(fr, in, name, reflect.ValueOf(r.defaultMux()).MethodByName(method), calleeSig(in), args)
		}
	}
}
