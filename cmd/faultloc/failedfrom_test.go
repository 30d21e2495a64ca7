package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
)

// recordFoo records go test -json on the example foo, whose case
// TestFoo/testFoo fails.
func recordFoo(t *testing.T) []byte {
	t.Helper()
	return record(t, "foo", "TestFoo/testFoo")
}

// record records go test -json on the example named, checking that it
// records the cases failing fail.
func record(t *testing.T, example string, failing ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", "test", "-json", "-tags", "faultloc", "-count", "1", "../../examples/"+example)
	out, err := cmd.Output()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("go test -json: %v", err)
	}
	for _, name := range failing {
		if !bytes.Contains(out, []byte(`"Action":"fail","Package":"github.com/faultloc/faultloc/examples/`+example+`","Test":"`+name+`"`)) {
			t.Fatalf("go test -json does not record %s failing:\n%s", name, out)
		}
	}
	return out
}

// TestFailedFrom: a recorded go test -json run of the example drives
// localize to the same report as -run on the case it records failing,
// read from a file or from standard input; in the text format, and with
// the build tag long in JSON too (the same selection, written
// otherwise).
func TestFailedFrom(t *testing.T) {
	dir := t.TempDir()
	stream := recordFoo(t)
	file := filepath.Join(dir, "run.json")
	if err := os.WriteFile(file, stream, 0o666); err != nil {
		t.Fatal(err)
	}
	localize := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		// A bound no stage reaches even on a loaded machine: the
		// reports compared are whole, not cut where the time ran out.
		args = append(append([]string{"localize", "-tags", "faultloc", "-timeout", "5m"}, args...), "../../examples/foo")
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d, stderr:\n%s", args, code, errb.String())
		}
		return out.String()
	}
	var text string // -run's report in text, the default format
	formats := []string{"text"}
	if longtest.Enabled {
		formats = append(formats, "json")
	}
	for _, format := range formats {
		want := noStats(t, format, localize("-format", format, "-run", "^TestFoo$/^testFoo$"))
		if got := noStats(t, format, localize("-format", format, "-failed-from", file)); got != want {
			t.Errorf("-format %s: -failed-from gives\n%s\n-run gives\n%s", format, got, want)
		}
		if !strings.Contains(want, "TestFoo/testFoo") {
			t.Errorf("-format %s: the report does not name TestFoo/testFoo:\n%s", format, want)
		}
		if format == "text" {
			text = want
		}
	}
	stdin = bytes.NewReader(stream)
	defer func() { stdin = os.Stdin }()
	if got := localize("-failed-from", "-"); got != text {
		t.Errorf("-failed-from -: \n%s\nwant\n%s", got, text)
	}
}

// TestFailedFromSeveral: a recorded go test -json run of examples/tax,
// two of whose three cases fail, drives localize to the same reports as
// -run selecting those two, in the text format, and with the build tag
// long in SARIF too (the same selection, written otherwise).
func TestFailedFromSeveral(t *testing.T) {
	if testing.Short() {
		t.Skip("localizes examples/tax's two failing cases twice (four times with -tags long)")
	}
	t.Parallel()
	file := filepath.Join(t.TempDir(), "run.json")
	if err := os.WriteFile(file, record(t, "tax", "TestTax", "TestNet"), 0o666); err != nil {
		t.Fatal(err)
	}
	formats := []string{"text"}
	if longtest.Enabled {
		formats = append(formats, "sarif")
	}
	for _, format := range formats {
		localize := func(args ...string) string {
			t.Helper()
			var out, errb bytes.Buffer
			args = append(append([]string{"localize", "-tags", "faultloc", "-native=false", "-timeout", "5m", "-format", format}, args...), "../../examples/tax")
			if code := run(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("%v: exit %d, stderr:\n%s", args, code, errb.String())
			}
			return out.String()
		}
		want := localize("-run", "^(TestTax|TestNet)$")
		if got := localize("-failed-from", file); got != want {
			t.Errorf("-format %s: -failed-from gives\n%s\n-run gives\n%s", format, got, want)
		}
		if !strings.Contains(want, "TestTax") || !strings.Contains(want, "TestNet") {
			t.Errorf("-format %s: the report does not name both failing cases:\n%s", format, want)
		}
	}
}

// noStats removes the stats, whose times vary from run to run, from a
// JSON report.
func noStats(t *testing.T, format, out string) string {
	if format != "json" {
		return out
	}
	var reports []map[string]any
	if err := json.Unmarshal([]byte(out), &reports); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, r := range reports {
		delete(r, "stats")
	}
	b, err := json.MarshalIndent(reports, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFailedFromErrors: what the recorded run holds that localize cannot
// act on is said, with exit status 1, never "nothing found".
func TestFailedFromErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o666); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const foo = `"Package":"github.com/faultloc/faultloc/examples/foo"`
	passesNow := write("passes.json", `{"Action":"run",`+foo+`,"Test":"TestFoo/xNotLess"}
{"Action":"fail",`+foo+`,"Test":"TestFoo/xNotLess"}
{"Action":"run",`+foo+`,"Test":"TestFoo/renamed"}
{"Action":"fail",`+foo+`,"Test":"TestFoo/renamed"}
`)
	tests := []struct {
		name    string
		args    []string
		wantErr []string
	}{
		{"with -run", []string{"-failed-from", passesNow, "-run", "TestFoo"}, []string{"-failed-from selects the cases: not with -run"}},
		{"no such file", []string{"-failed-from", filepath.Join(dir, "none.json")}, []string{"-failed-from:", "none.json"}},
		{"not a go test -json stream", []string{"-failed-from", write("text.out", "--- FAIL: TestFoo (0.00s)\nFAIL\n")}, []string{"no go test -json event"}},
		{"a broken line", []string{"-failed-from", write("broken.json", `{"Action":"run",`+foo+"}\n{\"Action\"\n")}, []string{"broken.json: testjson: line 2"}},
		{"another package's failures", []string{"-failed-from", write("other.json", `{"Action":"fail","Package":"example.com/other","Test":"TestX"}`+"\n")},
			[]string{"records no case of github.com/faultloc/faultloc/examples/foo (packages with failing cases: example.com/other)"}},
		{"all passed", []string{"-failed-from", write("pass.json", `{"Action":"pass",`+foo+`,"Test":"TestFoo/testPass"}`+"\n")}, []string{"records no failing case of github.com/faultloc/faultloc/examples/foo (1 passed)"}},
		{"the package failed without a test", []string{"-failed-from", write("build.json", `{"Action":"fail",`+foo+"}\n")}, []string{"failed without a failing test"}},
		{"recorded cases that pass now or are gone", []string{"-failed-from", passesNow},
			[]string{"TestFoo/xNotLess, failing in the run " + passesNow + " records, passes now", "TestFoo/renamed, failing in the run " + passesNow + " records, is not a case of", "none of the 2 cases"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			args := append(append([]string{"localize", "-tags", "faultloc"}, tt.args...), "../../examples/foo")
			if code := run(context.Background(), args, &out, &errb); code != 1 {
				t.Errorf("exit %d, want 1; stdout:\n%s", code, out.String())
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(errb.String(), w) {
					t.Errorf("stderr does not say %q:\n%s", w, errb.String())
				}
			}
		})
	}
}
