package corpus

import (
	"fmt"
	"math/big"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"time"
)

// NativeCopies reflects on copies of values that live natively (a
// url.URL, a time.Time, a big.Int, a regexp.Regexp held in variables):
// reflect.ValueOf of a copy and its fields are not addressable, so
// setting a field panics and leaves the variable alone, while the same
// field reached through the variable's address is settable and setting
// it changes the variable.
func NativeCopies() string {
	u, _ := url.Parse("http://x/y")
	cp := *u
	t := time.Unix(5, 0)
	b := *big.NewInt(3)
	re := *regexp.MustCompile("a")
	var out []string
	for _, x := range []any{cp, t, b, re} {
		v := reflect.ValueOf(x)
		out = append(out, fmt.Sprint(v.Type(), v.CanAddr(), v.Field(0).CanAddr(), v.Field(0).CanSet()))
	}
	func() {
		defer func() { out = append(out, fmt.Sprint(recover())) }()
		reflect.ValueOf(cp).FieldByName("Host").SetString("z")
	}()
	out = append(out, cp.Host)
	p := reflect.ValueOf(&cp).Elem()
	out = append(out, fmt.Sprint(p.CanAddr(), p.Field(0).CanAddr(), p.Field(0).CanSet()))
	p.FieldByName("Host").SetString("w")
	out = append(out, cp.String(), u.String())
	return strings.Join(out, "\n")
}
