package tcas

import (
	_ "embed"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// The test universe of the Siemens suite and the fault-free C program's
// outputs on it (see testdata/README.md).
var (
	//go:embed testdata/universe.txt
	universeTxt string
	//go:embed testdata/expected_outputs_gcc12_x86_64.tsv
	expectedTSV string
)

// UniverseSize is the number of tests in the universe.
const UniverseSize = 1608

// A Test is one test of the universe: a command line of the C program.
type Test struct {
	Index int   // 0-based line of testdata/universe.txt; SIR calls it t<Index+1>
	Args  []int // argv[1..]: 12 integers, or 1 to 11 for the usage-error tests
}

// Name returns SIR's name of the test, "t1" to "t1608".
func (t Test) Name() string { return "t" + strconv.Itoa(t.Index+1) }

// OutOfBounds reports whether the test has 12 inputs and an Alt_Layer_Value
// outside 0..3, so that ALIM, if called, indexes Positive_RA_Alt_Thresh out
// of bounds: undefined behaviour in C, a panic in Go. The universe has 33
// such tests; the fault-free program calls ALIM in 8 of them (see
// [Expected]), a faulty version possibly in others.
func (t Test) OutOfBounds() bool {
	return len(t.Args) >= 12 && (t.Args[6] < 0 || t.Args[6] > 3)
}

// expectedPanic reports whether test i is one of the out-of-bounds tests in
// which the fault-free program calls ALIM: t520, t524, t579, t703, t802,
// t1460–t1462. TestPortOnUniverse checks the list.
func expectedPanic(i int) bool {
	switch i {
	case 519, 523, 578, 702, 801, 1459, 1460, 1461:
		return true
	}
	return false
}

// The package keeps no initialised state (its initializer does nothing, so
// that a traced run of Main starts with Main): the parsed universe and
// expected outcomes are computed on first use.
var (
	universeOnce  sync.Once
	universeTests []Test
	universeErr   error

	expectedOnce sync.Once
	expectedOut  []Outcome
	expectedErr  error
)

func parseUniverse() ([]Test, error) {
	lines := strings.Split(strings.TrimSuffix(universeTxt, "\n"), "\n")
	if len(lines) != UniverseSize {
		return nil, fmt.Errorf("tcas: universe.txt has %d lines, want %d", len(lines), UniverseSize)
	}
	tests := make([]Test, len(lines))
	for i, line := range lines {
		fields := strings.Fields(line)
		args := make([]int, len(fields))
		for j, f := range fields {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("tcas: universe.txt:%d: %w", i+1, err)
			}
			args[j] = n
		}
		tests[i] = Test{Index: i, Args: args}
	}
	return tests, nil
}

// Universe returns the 1608 tests of the Siemens suite's TCAS universe in
// their order (testdata/universe.txt). The first 1578 have 12 inputs; the
// last 30 have fewer and take the usage-error path. The slice is shared:
// callers must not modify it.
func Universe() ([]Test, error) {
	universeOnce.Do(func() { universeTests, universeErr = parseUniverse() })
	return universeTests, universeErr
}

// An Outcome is what a run of the program ends with: one of its three
// outputs, the usage error, or a panic.
type Outcome int8

// The outcomes. The first three equal the program's output values.
const (
	Unresolved Outcome = iota // output 0, UNRESOLVED
	UpwardRA                  // output 1, UPWARD_RA
	DownwardRA                // output 2, DOWNWARD_RA
	Usage                     // fewer than 12 inputs: C prints a usage message and exits with status 1
	Panic                     // a panic, such as an index out of range in ALIM
	Other                     // an output other than 0, 1 and 2 (no version of the program produces one)
)

// String returns the name of the output (for example "UPWARD_RA"), or
// "usage", "panic" or "other".
func (o Outcome) String() string {
	switch o {
	case Unresolved:
		return "UNRESOLVED"
	case UpwardRA:
		return "UPWARD_RA"
	case DownwardRA:
		return "DOWNWARD_RA"
	case Usage:
		return "usage"
	case Panic:
		return "panic"
	case Other:
		return "other"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// Run calls main (Main, or the Main of a faulty version compiled from
// [Version.Source]) on args and returns its outcome. It recovers a panic
// and reports it as Panic with the recovered value.
func Run(main func(args []int) (int, error), args []int) (out Outcome, panicValue any) {
	defer func() {
		if r := recover(); r != nil {
			out, panicValue = Panic, r
		}
	}()
	n, err := main(args)
	switch {
	case err != nil:
		return Usage, nil
	case n >= 0 && n <= 2:
		return Outcome(n), nil
	}
	return Other, nil
}

// IsIndexPanic reports whether a value recovered from a panic is Go's
// runtime error for an index out of range, the expected panic of the
// out-of-bounds tests.
func IsIndexPanic(v any) bool {
	err, ok := v.(runtime.Error)
	return ok && strings.Contains(err.Error(), "index out of range")
}

func parseExpected() ([]Outcome, error) {
	lines := strings.Split(strings.TrimSuffix(expectedTSV, "\n"), "\n")
	if len(lines) != UniverseSize+1 {
		return nil, fmt.Errorf("tcas: expected outputs: %d lines, want %d", len(lines), UniverseSize+1)
	}
	out := make([]Outcome, UniverseSize)
	for i, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 4 || f[0] != strconv.Itoa(i) {
			return nil, fmt.Errorf("tcas: expected outputs:%d: malformed line %q", i+2, line)
		}
		switch {
		case f[2] == "1":
			out[i] = Usage
		case expectedPanic(i):
			out[i] = Panic
		case f[2] == "0" && (f[3] == "0" || f[3] == "1" || f[3] == "2"):
			out[i] = Outcome(f[3][0] - '0')
		default:
			return nil, fmt.Errorf("tcas: expected outputs:%d: unexpected exit code %s, output %q", i+2, f[2], f[3])
		}
	}
	return out, nil
}

// Expected returns the expected outcome of every universe test, indexed by
// [Test.Index]: the output of the fault-free C program built with gcc 12 on
// x86-64 (testdata/expected_outputs_gcc12_x86_64.tsv), Usage for the 30
// short tests, and Panic for the 8 out-of-bounds tests in which the
// fault-free program calls ALIM (t520, t524, t579, t703, t802,
// t1460–t1462), whose C output is whatever that build read past the array.
// In the other 25 [Test.OutOfBounds] tests ALIM is not called and the
// output is C's. The slice is shared: callers must not modify it.
func Expected() ([]Outcome, error) {
	expectedOnce.Do(func() { expectedOut, expectedErr = parseExpected() })
	return expectedOut, expectedErr
}

// CExpected returns the fault-free C program's output on the test as that
// build printed it, with ok false for the usage-error tests. For the
// out-of-bounds tests this is the value read past the array, which the Go
// port does not reproduce.
func CExpected(index int) (output int, ok bool, err error) {
	lines := strings.Split(strings.TrimSuffix(expectedTSV, "\n"), "\n")
	if index < 0 || index >= UniverseSize || index+1 >= len(lines) {
		return 0, false, fmt.Errorf("tcas: no test %d", index)
	}
	f := strings.Split(lines[index+1], "\t")
	if len(f) < 4 || f[2] != "0" {
		return 0, false, nil
	}
	n, err := strconv.Atoi(f[3])
	if err != nil {
		return 0, false, fmt.Errorf("tcas: expected outputs: test %d: %w", index, err)
	}
	return n, true, nil
}
