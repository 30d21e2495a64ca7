package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

// stamp is a type declared on time.Time, as a web framework's test
// declares one to bind request parameters into.
type stamp time.Time

// TimeNamed converts between time.Time and a type the program declares
// on it: a stamp made from a zero Time equals stamp{} under == and
// reflect.DeepEqual and prints as one, a stamp converted back is the
// Time it was made from, and a stamp's fields are the Time's.
func TimeNamed() string {
	var out []string
	var zero time.Time
	z := stamp(zero)
	out = append(out, fmt.Sprintf("%v %v %#v", z == stamp{}, reflect.DeepEqual(z, stamp{}), z))
	when := time.Date(2021, 3, 4, 5, 6, 7, 8, time.UTC)
	s := stamp(when)
	back := time.Time(s)
	out = append(out, back.Format(time.RFC3339Nano), fmt.Sprint(back.Equal(when), back == when, reflect.DeepEqual(back, when)))
	out = append(out, fmt.Sprint(time.Time(stamp{}).IsZero(), reflect.DeepEqual(time.Time(stamp{}), zero)))
	parsed, err := time.Parse(time.RFC3339, "nope")
	p := stamp(parsed)
	out = append(out, fmt.Sprint(err != nil, reflect.DeepEqual(p, stamp{}), reflect.ValueOf(p).NumField(), reflect.ValueOf(s).Field(2).IsNil()))
	ps := []stamp{stamp(when), stamp(zero)}
	out = append(out, fmt.Sprint(ps[0] == s, ps[1] == z, time.Time(ps[0]).Year()))
	return strings.Join(out, "\n")
}
