package bridge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
	_ "github.com/faultloc/faultloc/trace/internal/testrun" // RunGoTest calls it
)

// testifyStub stands for github.com/stretchr/testify: the same package
// paths and signatures, bodies that must never run (the bridge answers
// for them), so that the test needs no network.
var testifyStub = map[string]string{
	"go.mod": "module github.com/stretchr/testify\n\ngo 1.26\n",
	"assert/assert.go": `package assert

type TestingT interface{ Errorf(format string, args ...any) }

func Equal(t TestingT, expected, actual any, msgAndArgs ...any) bool { panic("stub") }
func NotEqual(t TestingT, expected, actual any, msgAndArgs ...any) bool { panic("stub") }
func True(t TestingT, value bool, msgAndArgs ...any) bool { panic("stub") }
func Nil(t TestingT, object any, msgAndArgs ...any) bool { panic("stub") }
func NoError(t TestingT, err error, msgAndArgs ...any) bool { panic("stub") }
func Len(t TestingT, object any, length int, msgAndArgs ...any) bool { panic("stub") }
func Contains(t TestingT, s, contains any, msgAndArgs ...any) bool { panic("stub") }
func Empty(t TestingT, object any, msgAndArgs ...any) bool { panic("stub") }
func Same(t TestingT, expected, actual any, msgAndArgs ...any) bool { panic("stub") }

type PanicTestFunc func()

func Greater(t TestingT, e1, e2 any, msgAndArgs ...any) bool { panic("stub") }
func InDelta(t TestingT, expected, actual any, delta float64, msgAndArgs ...any) bool { panic("stub") }
func ElementsMatch(t TestingT, listA, listB any, msgAndArgs ...any) bool { panic("stub") }
func Zero(t TestingT, i any, msgAndArgs ...any) bool { panic("stub") }
func IsType(t TestingT, expectedType, object any, msgAndArgs ...any) bool { panic("stub") }

func Panics(t TestingT, f PanicTestFunc, msgAndArgs ...any) bool { panic("stub") }

type Assertions struct{ t TestingT }

func New(t TestingT) *Assertions { panic("stub") }
func (a *Assertions) Equal(expected, actual any, msgAndArgs ...any) bool { panic("stub") }
`,
	"require/require.go": `package require

type TestingT interface {
	Errorf(format string, args ...any)
	FailNow()
}

func Equal(t TestingT, expected, actual any, msgAndArgs ...any) { panic("stub") }
func NoError(t TestingT, err error, msgAndArgs ...any) { panic("stub") }
`,
}

const testifyUser = `package tfy

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type point struct{ X, Y int }

func TestPasses(t *testing.T) {
	p := &point{1, 2}
	assert.Equal(t, point{1, 2}, *p)
	assert.Equal(t, []byte("ab"), []byte("ab"))
	assert.NotEqual(t, 1, int64(1))
	assert.True(t, p.X == 1)
	assert.Nil(t, (*point)(nil))
	assert.NoError(t, nil)
	assert.Len(t, map[string]int{"a": 1, "b": 2}, 2)
	assert.Contains(t, []string{"x", "y"}, "y")
	assert.Contains(t, "haystack", "st")
	assert.Contains(t, map[int]bool{3: true}, 3)
	assert.Empty(t, []int{})
	assert.Same(t, p, p)
	require.Equal(t, "a", "a")
	a := assert.New(t)
	a.Equal(3, 1+2)
	var reached bool
	assert.Panics(t, func() {
		defer func() { reached = true }()
		var m map[string]int
		m["x"] = 1
	})
	assert.True(t, reached)
	assert.Greater(t, 3, 2)
	assert.Greater(t, "b", "a")
	assert.InDelta(t, 1.0, 1.05, 0.1)
	assert.ElementsMatch(t, []int{1, 2, 2}, []int{2, 1, 2})
	assert.Zero(t, point{})
	assert.IsType(t, point{}, *p)
	// Values native code made (errors.New's, strconv's, time's) against
	// values of the same types interpreted code made.
	_, err := strconv.Atoi("x")
	assert.IsType(t, &strconv.NumError{}, err)
	assert.IsType(t, errors.New(""), errors.New("x"))
	assert.IsType(t, nil, nil)
	tm, _ := time.Parse(time.RFC3339, "2020-01-02T03:04:05Z")
	assert.Same(t, time.UTC, tm.Location())
}

func TestEqualFails(t *testing.T) {
	ok := assert.Equal(t, point{1, 2}, point{1, 3}, "points %d", 7)
	t.Log("returned", ok)
}

func TestRequireStops(t *testing.T) {
	require.NoError(t, errors.New("boom"))
	t.Log("not reached")
}

func TestOthersFail(t *testing.T) {
	assert.Contains(t, []int{1}, 2)
	assert.Contains(t, "abc", []int{1})
	assert.Contains(t, "abc", errors.New("b"))
	assert.Len(t, "abc", 2)
	assert.Same(t, &point{}, &point{})
	assert.Empty(t, []int{0})
	assert.New(t).Equal("x", "y")
	assert.Panics(t, func() {})
	assert.Greater(t, 1, 2)
	assert.InDelta(t, 1, 2, 0.5)
	assert.ElementsMatch(t, []int{1, 2}, []int{1, 1})
	assert.Zero(t, 1)
	assert.IsType(t, 1, "s")
	assert.IsType(t, &strconv.NumError{}, errors.New("x"))
	assert.Same(t, time.Local, time.UTC)
}
`

// TestTestify runs tests written with testify's assert and require
// against a stub of its module: the bridged assertions decide as testify
// does, report through the test's Errorf at the assertion (and stop the
// test for require), and return testify's results.
func TestTestify(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range testifyStub {
		write(filepath.Join("stub", name), src)
	}
	write("go.mod", "module tfy\n\ngo 1.26\n\nrequire github.com/stretchr/testify v0.0.0\n\nreplace github.com/stretchr/testify => ./stub\n")
	write("tfy.go", "package tfy\n")
	write("tfy_test.go", testifyUser)
	p, err := interp.Load(context.Background(), &interp.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		failed bool
		logs   []string // in the log, in order
		not    string   // not in the log
	}{
		{name: "TestPasses"},
		{name: "TestEqualFails", failed: true, logs: []string{fmt.Sprintf("tfy_test.go:%d:", srcLine(testifyUser, "\tok := assert.Equal")), "Error:", "Not equal:", "tfy.point{X:1, Y:2}", "tfy.point{X:1, Y:3}", "Test:       \tTestEqualFails", "Messages:   \tpoints 7", "returned false"}},
		{name: "TestRequireStops", failed: true, logs: []string{fmt.Sprintf("tfy_test.go:%d:", srcLine(testifyUser, "\trequire.NoError")), "Received unexpected error:", "boom"}, not: "not reached"},
		{name: "TestOthersFail", failed: true, logs: []string{"does not contain 2", "does not contain []int{1}", "does not contain &errors.errorString{s:\"b\"}", "should have 2 item(s), but has 3", "Not same:", "Should be empty, but was []int{0}", "expected: \"x\"", "should panic", "\"1\" is not > \"2\"", "Max difference between 1 and 2 allowed is 0.5", "elements differ", "Should be zero, but was 1", "Object expected to be of type int, but was string", "Object expected to be of type *strconv.NumError, but was *errors.errorString", "Not same:"}},
	} {
		res, err := p.RunGoTest(context.Background(), "tfy", tc.name, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Failed != tc.failed || !res.Ran {
			t.Errorf("%s: failed %v (ran %v), want %v; log:\n%s", tc.name, res.Failed, res.Ran, tc.failed, res.Log)
		}
		rest := res.Log
		for _, want := range tc.logs {
			i := strings.Index(rest, want)
			if i < 0 {
				t.Errorf("%s: log lacks %q (in order); log:\n%s", tc.name, want, res.Log)
				break
			}
			rest = rest[i+len(want):]
		}
		if tc.not != "" && strings.Contains(res.Log, tc.not) {
			t.Errorf("%s: log has %q; log:\n%s", tc.name, tc.not, res.Log)
		}
		if tc.failed && len(res.Assertions) == 0 {
			t.Errorf("%s: no assertion recorded", tc.name)
		}
		// Each failed assertion is recorded at its own call, the
		// criterion a slice of the failure starts from.
		for _, a := range res.Assertions {
			if res.Trace == nil || a.Event == interp.NoEvent {
				t.Errorf("%s: assertion at %v has no event", tc.name, a.Pos)
				continue
			}
			if at := res.Trace.Pos(a.Event); at.Line != a.Pos.Line || !strings.Contains(res.Trace.Instr(a.Event).String(), "github.com/stretchr/testify/") {
				t.Errorf("%s: assertion at line %d recorded at line %d, event %v", tc.name, a.Pos.Line, at.Line, res.Trace.Instr(a.Event))
			}
		}
	}
}

// srcLine returns the line number of the first line of src that starts
// with prefix, 0 if none does.
func srcLine(src, prefix string) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	return 0
}
