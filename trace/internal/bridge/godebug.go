package bridge

import (
	"reflect"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// What interpreted code asks of internal/godebug: html/template, which
// Load interprets from source, makes its settings at initialization
// (godebug.New) and reads them where it escapes (Setting.Value). A
// setting's value is the last name=value for it in the GODEBUG variable
// of the run's environment, "" (the default behaviour) if none; the
// defaults a module's go.mod (its go version, godebug lines) gives a
// test binary are not applied. IncNonDefault counts nothing (the runtime's
// metrics are not emulated).

// godebugSetting is what internal/godebug.New returns to interpreted
// code: the setting's name, "#" first for an undocumented one.
type godebugSetting struct{ name string }

// Immutable marks a setting as one runs may share (interp.Immutable).
func (*godebugSetting) Immutable() {}

var _ interp.Immutable = (*godebugSetting)(nil)

// setting returns the setting the interpreted *godebug.Setting v holds.
func setting(c interp.Call, v interp.Value) *godebugSetting {
	x, err := c.ToNative(v, nil, reflect.TypeFor[*godebugSetting]())
	if err != nil || x.IsNil() {
		panic(&interp.BridgeError{Func: "internal/godebug.Setting", CallSite: c.Pos(), Reason: "not a setting made by godebug.New"})
	}
	return x.Interface().(*godebugSetting)
}

// value is the setting's value in the run's GODEBUG: later settings
// override earlier ones, as the runtime parses it.
func (s *godebugSetting) value(c interp.Call) string {
	env, _ := c.LookupEnv("GODEBUG")
	name, val := strings.TrimPrefix(s.name, "#"), ""
	for kv := range strings.SplitSeq(env, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			val = v
		}
	}
	return val
}

func init() {
	reg := interp.RegisterBridge
	reg("internal/godebug.New", func(c interp.Call, args []interp.Value) interp.Value {
		v, err := c.FromNative(reflect.ValueOf(&godebugSetting{name: args[0].Str()}), nil)
		if err != nil {
			panic(&interp.BridgeError{Func: "internal/godebug.New", CallSite: c.Pos(), Reason: err.Error()})
		}
		return v
	})
	reg("(*internal/godebug.Setting).Value", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.String(setting(c, args[0]).value(c))
	})
	reg("(*internal/godebug.Setting).Name", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.String(strings.TrimPrefix(setting(c, args[0]).name, "#"))
	})
	reg("(*internal/godebug.Setting).Undocumented", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.Bool(strings.HasPrefix(setting(c, args[0]).name, "#"))
	})
	reg("(*internal/godebug.Setting).String", func(c interp.Call, args []interp.Value) interp.Value {
		s := setting(c, args[0])
		return interp.String(strings.TrimPrefix(s.name, "#") + "=" + s.value(c))
	})
	reg("(*internal/godebug.Setting).IncNonDefault", func(c interp.Call, args []interp.Value) interp.Value {
		setting(c, args[0])
		return interp.Value{}
	})
}
