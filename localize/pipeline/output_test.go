package pipeline

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestResultWriters checks the writers of a package's result against
// its reports' own: the text is theirs in order, with the result's
// Output; the JSON an array of them ([] for none); the page one section
// each; a diagnosis replaces them in every format.
func TestResultWriters(t *testing.T) {
	a := localize.NewReport("TestA", "agx", "got 1", []localize.Candidate{{Locations: []localize.Location{{Position: localize.Position{File: "/m/p/a.go", Line: 3}, Text: "x := 1"}}, Verified: true}})
	b := localize.NewReport("TestB", "agx", "got 2", nil)
	for _, tc := range []struct {
		name    string
		res     *Result
		text    string
		reports int // -1: the diagnosis's JSON
		html    []string
	}{
		{"none", &Result{Package: "p"}, "", 0, []string{"<title>faultloc: p</title>"}},
		{"two", &Result{Package: "p", Reports: []*localize.Report{a, b}, Output: localize.WriteOptions{Dir: "/m"}},
			"# TestA (agx): got 1\np/a.go:3: candidate 1 (verified, size 1): x := 1\n", 2, []string{"TestA", "TestB"}},
		{"diagnosis", &Result{Package: "p", Reports: []*localize.Report{a}, Diagnosis: &localize.DiagnosisReport{Mode: "agx", Grouping: "joint", Cases: []string{"TestA"}, Groups: []localize.DiagnosisGroup{{Cases: []string{"TestA"}}}}},
			"# diagnosis of 1 failing cases (agx, joint): TestA\nno diagnosis found\n", -1, []string{"no diagnosis found"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var text, js, page bytes.Buffer
			if err := tc.res.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(text.String(), tc.text) {
				t.Errorf("text =\n%s\nwant it to start with\n%s", text.String(), tc.text)
			}
			if err := tc.res.WriteJSON(&js); err != nil {
				t.Fatal(err)
			}
			if tc.reports >= 0 {
				var back []*localize.Report
				if err := json.Unmarshal(js.Bytes(), &back); err != nil || back == nil || len(back) != tc.reports {
					t.Errorf("JSON %s: %v; want an array of %d reports", js.String(), err, tc.reports)
				}
			} else {
				var back localize.DiagnosisReport
				if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Mode != "agx" {
					t.Errorf("JSON %s: %v; want the diagnosis", js.String(), err)
				}
			}
			if err := tc.res.WriteHTML(&page); err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.html {
				if !strings.Contains(page.String(), want) {
					t.Errorf("page lacks %q", want)
				}
			}
		})
	}
}
