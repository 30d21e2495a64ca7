package corpus

import (
	"fmt"
	"strings"
	"time"
)

// fnTime is a program's type over time.Time, a struct whose values live
// natively in interpreted memory: it has none of time.Time's methods, so
// fmt writes its fields.
type fnTime time.Time

// fnStamp has a String method of its own over time.Time.
type fnStamp time.Time

func (s fnStamp) String() string { return "stamp " + time.Time(s).Format(time.DateOnly) }

// fnHolder holds time.Times in an exported field, where fmt calls
// String, and in unexported ones, where it calls no method.
type fnHolder struct {
	At   time.Time
	at   time.Time
	Mine fnTime
	val  any
}

// FormatNamedNative formats values of the program's types whose
// underlying type is a standard struct that lives natively (time.Time):
// fmt calls the program type's methods, not the standard type's, and
// writes the fields where it calls none.
func FormatNamedNative() string {
	d := time.Date(2021, time.May, 6, 0, 0, 0, 0, time.UTC)
	h := fnHolder{At: d, at: d, Mine: fnTime(d), val: d}
	var out []string
	for _, verb := range []string{"%v", "%+v", "%d", "%s"} {
		out = append(out,
			fmt.Sprintf(verb, fnTime(d)),
			fmt.Sprintf(verb, fnStamp(d)),
			fmt.Sprintf(verb, h),
			fmt.Sprintf(verb, []fnTime{fnTime(d)}),
			fmt.Sprintf(verb, &h))
	}
	out = append(out, fmt.Sprint(fnTime(d)), fmt.Sprintln(fnStamp(d), d))
	return strings.Join(out, "\n")
}
