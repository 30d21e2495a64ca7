package bridge

import (
	"reflect"
	"time"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// time.Now, time.Since and time.Until read the run's virtual clock
// (interp.Call.Now: it starts every run at the same instant and advances
// by a microsecond per reading, and time.Sleep advances it without
// waiting), so that code measuring durations sees plausible ones and two
// runs of the same test read the same times. time.LoadLocation reads the
// system's time zone database (or the ZONEINFO file), as a native test
// would: the location is the native one, the error too.
func init() {
	interp.RegisterBridge("time.Now", func(c interp.Call, args []interp.Value) interp.Value {
		return timeValue(c, c.Now())
	})
	interp.RegisterBridge("time.Since", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.Int(int64(c.Now().Sub(timeArg(args[0]))))
	})
	interp.RegisterBridge("time.Until", func(c interp.Call, args []interp.Value) interp.Value {
		return interp.Int(int64(timeArg(args[0]).Sub(c.Now())))
	})
	interp.RegisterBridge("time.LoadLocation", func(c interp.Call, args []interp.Value) interp.Value {
		loc, err := time.LoadLocation(args[0].Str())
		if err != nil {
			return interp.Tuple(c.Zero(resType(c, 0)), c.NativeValue(err))
		}
		return interp.Tuple(result(c, loc, resType(c, 0)), noErr)
	})
}

// timeArg returns the native time.Time an interpreted one holds.
func timeArg(v interp.Value) time.Time {
	if v.Kind() != interp.KindNative || v.IsNil() {
		return time.Time{}
	}
	t, _ := v.Interface().(time.Time)
	return t
}

// timeValue returns t as an interpreted time.Time.
func timeValue(c interp.Call, t time.Time) interp.Value {
	v, _ := c.FromNative(reflect.ValueOf(t), nil)
	return v
}
