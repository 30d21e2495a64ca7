// Package fetch is a subject of the repair tests: Eval looks keys up
// one after another, and get panics on a nil value (Eval turns the
// panic into an error) where it must give nil, so that a key looked up
// past a missing one gives nil. The fix is an early return in get
// before the statement that panics, as in expr-lang/expr's get (commit
// 28d9b3d): a guard at the failing run's panic, a line the spectrum
// ranks after those of a missing key, which only one passing test
// runs, where more passing tests panic.
package fetch

import (
	"fmt"
	"reflect"
)

// Defaults are the values of the keys a map lacks.
var Defaults = map[string]any{}

// Eval looks keys up one after another, from m: nil past a missing
// key, an error for a value that is no map.
func Eval(m map[string]any, keys ...string) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("eval: %v", r)
		}
	}()
	var v any = m
	for _, k := range keys {
		v = get(v, k)
	}
	return v, nil
}

// get returns the value of params[0], a map, at params[1]: its default
// if it has none, nil if params[0] is nil. (Its parameters are those of
// the builtin functions of an expression language.)
func get(params ...any) any {
	from, key := params[0], params[1]
	v := reflect.ValueOf(from)
	//fault: missing guard: if from == nil { return nil }
	if v.Kind() != reflect.Map {
		panic(fmt.Sprintf("cannot fetch %v from %T", key, from))
	}
	e := v.MapIndex(reflect.ValueOf(key))
	if !e.IsValid() {
		return missing(key)
	}
	return e.Interface()
}

// missing returns the value of a key a map lacks.
func missing(key any) any {
	if d, ok := Defaults[fmt.Sprint(key)]; ok {
		return d
	}
	return nil
}
