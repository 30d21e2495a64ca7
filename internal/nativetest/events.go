package nativetest

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
	"time"
)

// Status is a test's verdict.
type Status uint8

// The verdicts, as `go test -json` reports them.
const (
	Pass Status = iota
	Fail
	Skip
)

// String returns "pass", "fail" or "skip".
func (s Status) String() string {
	switch s {
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	case Skip:
		return "skip"
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Result is one test, subtest or example seen in a run.
type Result struct {
	Name     string // full name, "TestX/sub/subsub"
	Status   Status
	Elapsed  time.Duration
	Output   string // the test's own output lines (t.Log, t.Error, panic), truncated
	Parallel bool   // the test called t.Parallel (a PAUSE event)
	Ended    bool   // false if the binary stopped while the test ran
}

// maxOutput bounds the output kept per test.
const maxOutput = 8 << 10

// frame is the byte test binaries put before framing lines under
// -test.v=test2json.
const frame = '\x16'

// Parse reads the -test.v=test2json output of one test binary run. It
// returns the tests in the order they started, and whether the run
// completed (printed its final PASS or FAIL). As `go test -json` does, a
// test that started and did not end is reported as failed with Ended false.
func Parse(r io.Reader) (results []Result, complete bool) {
	byName := map[string]int{}
	cur := -1
	get := func(name string) int {
		if i, ok := byName[name]; ok {
			return i
		}
		byName[name] = len(results)
		results = append(results, Result{Name: name})
		return len(results) - 1
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		framed := false
		if i := bytes.IndexByte(line, frame); i >= 0 {
			// A framing line may follow unterminated output on the same line.
			if i > 0 && cur >= 0 {
				appendOutput(&results[cur], string(line[:i]))
			}
			line, framed = line[i+1:], true
		}
		if !framed {
			if cur >= 0 {
				appendOutput(&results[cur], string(line))
			}
			continue
		}
		s := strings.TrimLeft(string(line), " ")
		switch {
		case strings.HasPrefix(s, "=== RUN"):
			cur = get(strings.TrimSpace(s[len("=== RUN"):]))
		case strings.HasPrefix(s, "=== PAUSE"):
			i := get(strings.TrimSpace(s[len("=== PAUSE"):]))
			results[i].Parallel = true
		case strings.HasPrefix(s, "=== CONT"), strings.HasPrefix(s, "=== NAME"):
			name := strings.TrimSpace(s[len("=== CONT"):])
			if name == "" {
				cur = -1
			} else {
				cur = get(name)
			}
		case strings.HasPrefix(s, "--- PASS: "), strings.HasPrefix(s, "--- FAIL: "), strings.HasPrefix(s, "--- SKIP: "):
			st := map[byte]Status{'P': Pass, 'F': Fail, 'S': Skip}[s[4]]
			name, elapsed := splitEnd(s[len("--- PASS: "):])
			cur = get(name)
			results[cur].Status, results[cur].Elapsed, results[cur].Ended = st, elapsed, true
		case s == "PASS" || s == "FAIL":
			complete = true
			cur = -1
		}
	}
	for i := range results {
		if !results[i].Ended {
			results[i].Status = Fail
		}
	}
	return results, complete
}

// splitEnd splits "Name (0.01s)" into the name and the duration.
func splitEnd(s string) (string, time.Duration) {
	i := strings.LastIndex(s, " (")
	if i < 0 || !strings.HasSuffix(s, "s)") {
		return strings.TrimSpace(s), 0
	}
	sec, err := strconv.ParseFloat(s[i+2:len(s)-2], 64)
	if err != nil {
		return strings.TrimSpace(s), 0
	}
	return s[:i], time.Duration(sec * float64(time.Second))
}

func appendOutput(r *Result, line string) {
	if len(r.Output) >= maxOutput {
		return
	}
	r.Output += line + "\n"
	if len(r.Output) > maxOutput {
		r.Output = r.Output[:maxOutput]
	}
}
