package corpus

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The reflect programs: reflection over the program's own types and
// values, as decoders, copiers and validators use it.

type rAddr struct {
	City string `json:"city" validate:"required"`
	Zip  int    `json:"zip,omitempty"`
}

type rBase struct {
	ID      int64 `db:"id"`
	Created time.Time
}

type rUser struct {
	rBase
	Name    string            `json:"name" validate:"required,min=2"`
	Age     uint8             `json:"age"`
	Score   float32           `json:"score"`
	Admin   bool              `json:"admin"`
	Tags    []string          `json:"tags"`
	Attrs   map[string]int    `json:"attrs"`
	Home    *rAddr            `json:"home"`
	Extra   any               `json:"extra"`
	secret  string            //nolint:unused
	Handler func(int) int     `json:"-"`
	Labels  map[string]string `json:"labels"`
}

// Greet is an exported method that reflection finds and calls.
func (u rUser) Greet(greeting string, n int) string {
	return strings.Repeat(greeting+" "+u.Name+"!", n)
}

// Rename changes the user through a pointer receiver.
func (u *rUser) Rename(name string) { u.Name = name }

func (u rUser) hidden() string { return u.secret }

// rBox is a generic type, which reflect names with its type arguments'
// package paths.
type rBox[T any] struct{ V T }

type rCelsius float64

// String formats the temperature.
func (c rCelsius) String() string { return strconv.FormatFloat(float64(c), 'f', 1, 64) + "C" }

// ReflectWalk walks a struct with tags, reading and setting fields by
// reflection.
func ReflectWalk() string {
	var sb strings.Builder
	u := rUser{Name: "ann", Age: 30, Tags: []string{"a", "b"}, Attrs: map[string]int{"x": 1}, Home: &rAddr{City: "Oslo"}, Extra: 3}
	u.ID = 7
	t := reflect.TypeOf(u)
	fmt.Fprintln(&sb, t.String(), t.Name(), t.Kind(), t.NumField(), t.PkgPath() != "")
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag, ok := f.Tag.Lookup("json")
			fmt.Fprintln(&sb, strings.Repeat(" ", depth), f.Name, f.Type, f.Type.Kind(), f.Anonymous, f.IsExported(), f.PkgPath != "", f.Index, tag, ok, f.Tag.Get("validate"))
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				walk(f.Type, depth+1)
			}
		}
	}
	walk(t, 0)
	// unnamed interface and struct types, named as reflect names them
	var asd interface{ ASD() }
	var two interface {
		fmt.Stringer
		N(int) (string, error)
	}
	var anon struct {
		A   interface{ M() }
		B   struct{} `k:"v"`
		any `x:"y"`
	}
	for _, x := range []any{&asd, &two, &anon, []interface{ M() }{}, map[string]struct{ X int }{}} {
		fmt.Fprintf(&sb, "%v %T\n", reflect.TypeOf(x).Elem(), x)
	}
	v := reflect.ValueOf(&u).Elem()
	check(v.CanSet() && v.CanAddr(), "addressable")
	check(!reflect.ValueOf(u).Field(1).CanSet(), "not settable through a copy")
	check(!v.FieldByName("secret").CanSet(), "unexported not settable")
	check(!v.FieldByName("secret").CanInterface(), "unexported not interface")
	v.FieldByName("Name").SetString("bob")
	v.FieldByName("Age").SetUint(300) // truncated to uint8
	v.FieldByName("Score").SetFloat(1.1)
	v.FieldByName("Admin").SetBool(true)
	v.FieldByName("ID").SetInt(42)
	v.Field(0).Field(0).SetInt(v.Field(0).Field(0).Int() + 1)
	v.FieldByName("Tags").Index(1).SetString("z")
	v.FieldByName("Tags").Set(reflect.Append(v.FieldByName("Tags"), reflect.ValueOf("c")))
	v.FieldByName("Attrs").SetMapIndex(reflect.ValueOf("y"), reflect.ValueOf(2))
	v.FieldByName("Attrs").SetMapIndex(reflect.ValueOf("x"), reflect.Value{})
	v.FieldByName("Home").Elem().FieldByName("Zip").SetInt(1234)
	v.FieldByName("Extra").Set(reflect.ValueOf("now a string"))
	lv := v.FieldByName("Labels")
	check(lv.IsNil() && lv.IsZero(), "nil map")
	lv.Set(reflect.MakeMap(lv.Type()))
	lv.SetMapIndex(reflect.ValueOf("k"), reflect.ValueOf("v"))
	fmt.Fprintln(&sb, u.Name, u.Age, u.Score, u.Admin, u.ID, u.Tags, u.Attrs, u.Home.Zip, u.Extra, u.Labels)
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		fmt.Fprint(&sb, f.Kind(), " ", f.IsZero(), " ")
		if f.CanInterface() && f.Kind() != reflect.Func {
			fmt.Fprint(&sb, f.Interface(), "; ")
		}
	}
	fmt.Fprintln(&sb)
	e := reflect.ValueOf(u.Extra)
	fmt.Fprintln(&sb, e.Kind(), e.String(), e.Len(), reflect.ValueOf(42).String())
	var bad string
	func() {
		defer func() { bad = fmt.Sprint(recover()) }()
		reflect.ValueOf(u).Field(1).SetString("x")
	}()
	fmt.Fprintln(&sb, bad)
	func() {
		defer func() { bad = fmt.Sprint(recover()) }()
		reflect.ValueOf(3).Elem()
	}()
	fmt.Fprintln(&sb, bad)
	byFunc := v.FieldByNameFunc(func(s string) bool { return strings.EqualFold(s, "score") })
	sf, okf := t.FieldByNameFunc(func(s string) bool { return strings.HasPrefix(s, "Lab") })
	fmt.Fprintln(&sb, byFunc.Float(), sf.Name, sf.Index, okf, v.FieldByNameFunc(func(string) bool { return false }).IsValid())
	idx, _ := t.FieldByName("ID")
	fmt.Fprintln(&sb, idx.Index, v.FieldByIndex([]int{0, 0}).Int(), t.Field(0).Type.Field(1).Type)
	return sb.String()
}

// ReflectBuild builds slices and maps by reflection and converts values.
func ReflectBuild() string {
	var sb strings.Builder
	st := reflect.TypeOf([]int(nil))
	s := reflect.MakeSlice(st, 2, 5)
	s.Index(0).SetInt(4)
	s = reflect.Append(s, reflect.ValueOf(9), reflect.ValueOf(1))
	s = reflect.AppendSlice(s, reflect.ValueOf([]int{7, 7}))
	fmt.Fprintln(&sb, s.Len(), s.Cap() >= s.Len(), s.Interface(), s.Slice(1, 3).Interface())
	dst := make([]int, 3)
	n := reflect.Copy(reflect.ValueOf(dst), s)
	fmt.Fprintln(&sb, n, dst)
	sl := s.Interface().([]int)
	sw := reflect.Swapper(sl)
	sw(0, len(sl)-1)
	fmt.Fprintln(&sb, sl)
	mt := reflect.MapOf(reflect.TypeOf(""), reflect.TypeOf(0.0))
	m := reflect.MakeMap(mt)
	for i, k := range []string{"b", "a", "c"} {
		m.SetMapIndex(reflect.ValueOf(k), reflect.ValueOf(float64(i)+0.5))
	}
	keys := m.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	for _, k := range keys {
		fmt.Fprint(&sb, k, "=", m.MapIndex(k), " ")
	}
	var ks []string
	it := m.MapRange()
	for it.Next() {
		ks = append(ks, it.Key().String()+":"+strconv.FormatFloat(it.Value().Float(), 'g', -1, 64))
	}
	sort.Strings(ks)
	fmt.Fprintln(&sb, ks, mt, m.Len(), m.MapIndex(reflect.ValueOf("zz")).IsValid())
	p := reflect.New(reflect.TypeOf(rAddr{}))
	p.Elem().Field(0).SetString("Rome")
	a := p.Interface().(*rAddr)
	fmt.Fprintln(&sb, *a, p.Type(), p.Elem().Type().Name(), reflect.Zero(reflect.TypeOf(rAddr{})).Interface())
	arr := [3]int{1, 2, 3}
	av := reflect.ValueOf(&arr).Elem()
	av.Index(2).SetInt(30)
	fmt.Fprintln(&sb, arr, av.Len(), av.Slice(0, 2).Interface(), reflect.ArrayOf(4, reflect.TypeOf(byte(0))), reflect.PointerTo(reflect.TypeOf(rAddr{})))
	// conversions
	c := reflect.ValueOf(36.6).Convert(reflect.TypeOf(rCelsius(0)))
	fmt.Fprintln(&sb, c.Interface(), c.Type(), c.Kind(), c.Float())
	i8 := reflect.ValueOf(300).Convert(reflect.TypeOf(int8(0)))
	fmt.Fprintln(&sb, i8.Int(), reflect.ValueOf("hi").Convert(reflect.TypeOf([]byte(nil))).Bytes(), reflect.ValueOf([]byte("yo")).Convert(reflect.TypeOf("")).String())
	var str fmt.Stringer
	strT := reflect.TypeOf(&str).Elem()
	fmt.Fprintln(&sb, strT.Kind(), strT.NumMethod(), reflect.TypeOf(rCelsius(1)).Implements(strT), reflect.TypeOf(rAddr{}).Implements(strT),
		reflect.TypeOf(1).AssignableTo(reflect.TypeOf(rCelsius(0))), reflect.TypeOf(1).ConvertibleTo(reflect.TypeOf(rCelsius(0))),
		reflect.TypeOf(rCelsius(0)).ConvertibleTo(reflect.TypeOf("")), reflect.TypeOf(int16(0)).Bits(), reflect.TypeOf(rAddr{}).Size() > 0)
	sv := reflect.ValueOf(rCelsius(2)).Convert(strT)
	fmt.Fprintln(&sb, sv.Kind(), sv.Elem().Type(), sv.Interface())
	tt := reflect.TypeOf(map[string][]*rAddr{})
	fmt.Fprintln(&sb, tt, tt.Key(), tt.Elem(), tt.Elem().Elem(), tt.Elem().Elem().Elem(), tt.Elem().Elem().Elem().Name(), tt == reflect.TypeOf(map[string][]*rAddr{"a": nil}))
	fmt.Fprintln(&sb, reflect.TypeOf(errors.New("x")), reflect.TypeOf(time.Second), reflect.TypeOf(time.Second).Kind(), reflect.TypeFor[rUser]().Name())
	g := reflect.TypeOf(rBox[rAddr]{})
	fmt.Fprintln(&sb, g, g.Name(), reflect.TypeOf([]*rBox[map[string]rCelsius]{}), reflect.TypeOf(rBox[int]{}).Name(), reflect.TypeOf(rBox[[]byte]{}))
	var ip *int
	fmt.Fprintln(&sb, reflect.ValueOf(ip).IsNil(), reflect.Indirect(reflect.ValueOf(&arr)).Len(), reflect.ValueOf(nil).IsValid(), reflect.DeepEqual(sl, []int{1, 4, 0, 9, 1, 7, 7}))
	return sb.String()
}

// ReflectCall calls functions and methods by reflection.
// reflectBang is a function ReflectCall compares reflect.Values of.
func reflectBang(s string) string { return s + "!" }

func ReflectCall() string {
	var sb strings.Builder
	u := &rUser{Name: "cy"}
	v := reflect.ValueOf(u)
	fmt.Fprintln(&sb, v.NumMethod(), reflect.ValueOf(*u).NumMethod(), v.Type().NumMethod())
	// Values of one func, pointer or map are ==, as semver's tests compare
	// them; of two, or of a value type, not.
	ops := map[string]func(string) string{"up": strings.ToUpper, "walk": reflectBang}
	clos := func() {}
	mm := map[int]int{}
	fmt.Fprintln(&sb, reflect.ValueOf(reflectBang) == reflect.ValueOf(ops["walk"]), reflect.ValueOf(strings.ToUpper) == reflect.ValueOf(ops["up"]),
		reflect.ValueOf(reflectBang) == reflect.ValueOf(ops["up"]), reflect.ValueOf(clos) == reflect.ValueOf(clos),
		reflect.ValueOf(u) == reflect.ValueOf(u), reflect.ValueOf(u) == reflect.ValueOf(&rUser{}), reflect.ValueOf(mm) == reflect.ValueOf(mm))
	for i := 0; i < v.Type().NumMethod(); i++ {
		m := v.Type().Method(i)
		fmt.Fprintln(&sb, m.Name, m.Type, m.Index, m.IsExported())
	}
	out := v.MethodByName("Greet").Call([]reflect.Value{reflect.ValueOf("hi"), reflect.ValueOf(2)})
	fmt.Fprintln(&sb, len(out), out[0].String(), out[0].Kind())
	v.MethodByName("Rename").Call([]reflect.Value{reflect.ValueOf("dee")})
	fmt.Fprintln(&sb, u.Name, v.MethodByName("hidden").IsValid())
	m, ok := v.Type().MethodByName("Greet")
	res := m.Func.Call([]reflect.Value{v, reflect.ValueOf("yo"), reflect.ValueOf(1)})
	fmt.Fprintln(&sb, ok, res[0])
	sum := func(base int, xs ...int) (int, error) {
		for _, x := range xs {
			base += x
		}
		if base < 0 {
			return 0, errors.New("negative")
		}
		return base, nil
	}
	f := reflect.ValueOf(sum)
	ft := f.Type()
	fmt.Fprintln(&sb, ft, ft.NumIn(), ft.In(1), ft.NumOut(), ft.Out(1), ft.IsVariadic())
	r := f.Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2), reflect.ValueOf(3)})
	fmt.Fprintln(&sb, r[0].Int(), r[1].IsNil())
	r = f.CallSlice([]reflect.Value{reflect.ValueOf(-10), reflect.ValueOf([]int{1})})
	fmt.Fprintln(&sb, r[0].Int(), r[1].Interface())
	var s fmt.Stringer = rCelsius(5)
	sv := reflect.ValueOf(&s).Elem()
	fmt.Fprintln(&sb, sv.Kind(), sv.NumMethod(), sv.Method(0).Call(nil)[0], sv.Elem().Kind())
	u.Handler = func(x int) int { return x * 3 }
	hv := reflect.ValueOf(u).Elem().FieldByName("Handler")
	fmt.Fprintln(&sb, hv.Call([]reflect.Value{reflect.ValueOf(14)})[0].Int(), hv.Type())
	var msg string
	func() {
		defer func() { msg = fmt.Sprint(recover()) }()
		f.Call([]reflect.Value{})
	}()
	fmt.Fprintln(&sb, msg)
	return sb.String()
}

// ReflectIter copies maps entry by entry through a reflect.MapIter into
// reusable key and element Values (SetIterKey, SetIterValue), as
// encoders that walk maps do, and checks reflect's panics on misuse.
func ReflectIter() string {
	var sb strings.Builder
	src := map[string]rAddr{"b": {City: "Bonn"}, "a": {City: "Aosta"}, "c": {City: "Cork"}}
	mv := reflect.ValueOf(src)
	k := reflect.New(mv.Type().Key()).Elem()
	e := reflect.New(mv.Type().Elem()).Elem()
	dst := reflect.MakeMap(reflect.TypeOf(map[string]string{}))
	it := mv.MapRange()
	for it.Next() {
		k.SetIterKey(it)
		e.SetIterValue(it)
		dst.SetMapIndex(k, e.Field(0))
	}
	fmt.Fprintln(&sb, dst.Interface(), k.String() != "", e.Type())
	// Into interface-typed Values: the iterator's values keep their types.
	var ki, ei any
	kv, ev := reflect.ValueOf(&ki).Elem(), reflect.ValueOf(&ei).Elem()
	it = reflect.ValueOf(map[int]float64{7: 1.5}).MapRange()
	for it.Next() {
		kv.SetIterKey(it)
		ev.SetIterValue(it)
	}
	fmt.Fprintf(&sb, "%T %v %T %v\n", ki, ki, ei, ei)
	misuse := func(name string, f func()) {
		defer func() { fmt.Fprintln(&sb, name, recover()) }()
		f()
	}
	it = mv.MapRange()
	misuse("before Next", func() { k.SetIterKey(it) })
	misuse("unaddressable", func() { it.Next(); reflect.ValueOf("x").SetIterKey(it) })
	misuse("not assignable", func() { reflect.New(reflect.TypeOf(0)).Elem().SetIterKey(it) })
	misuse("exhausted", func() {
		for it.Next() {
		}
		e.SetIterValue(it)
	})
	return sb.String()
}

type seqCount uint8

// ReflectSeq iterates values through reflect.Value's Seq and Seq2: an
// integer (of a named type too), arrays, a pointer to one, slices,
// strings (byte offsets and runes), maps (sorted here: their order
// varies) and range-over-func iterators, stopping early too.
func ReflectSeq() string {
	var out []string
	seq := func(v reflect.Value, stop int) string {
		var parts []string
		for x := range v.Seq() {
			if len(parts) == stop {
				break
			}
			parts = append(parts, fmt.Sprintf("%v:%s", x.Interface(), x.Type()))
		}
		return strings.Join(parts, " ")
	}
	seq2 := func(v reflect.Value, stop int) string {
		var parts []string
		for k, e := range v.Seq2() {
			if len(parts) == stop {
				break
			}
			parts = append(parts, fmt.Sprintf("%v=%v", k.Interface(), e.Interface()))
		}
		return strings.Join(parts, " ")
	}
	arr := [3]string{"a", "b", "c"}
	pairs := func(yield func(string, int) bool) {
		for i, s := range []string{"x", "y", "z"} {
			if !yield(s, i) {
				return
			}
		}
	}
	evens := func(yield func(int) bool) {
		for i := 0; i < 10; i += 2 {
			if !yield(i) {
				return
			}
		}
	}
	out = append(out,
		seq(reflect.ValueOf(4), -1), seq(reflect.ValueOf(seqCount(3)), -1), seq(reflect.ValueOf(int8(-2)), -1),
		seq(reflect.ValueOf(arr), -1), seq(reflect.ValueOf(&arr), 2), seq(reflect.ValueOf([]float64{1.5, 2}), -1),
		seq(reflect.ValueOf("héllo"), -1), seq(reflect.ValueOf(evens), 3), seq(reflect.ValueOf(uint(5)), 2),
		seq2(reflect.ValueOf(arr), -1), seq2(reflect.ValueOf([]int{7, 8}), 1), seq2(reflect.ValueOf("añb"), -1),
		seq2(reflect.ValueOf(pairs), -1), seq2(reflect.ValueOf(pairs), 2),
	)
	var keys []string
	m := map[string]int{"one": 1, "two": 2, "three": 3}
	for k, e := range reflect.ValueOf(m).Seq2() {
		keys = append(keys, fmt.Sprint(k, "=", e))
	}
	for k := range reflect.ValueOf(m).Seq() {
		keys = append(keys, k.String())
	}
	sort.Strings(keys)
	out = append(out, strings.Join(keys, " "))
	out = append(out, recovered(func() { reflect.ValueOf(true).Seq() }), recovered(func() { reflect.ValueOf(3).Seq2() }))
	return strings.Join(out, "\n")
}
