package localize

import "testing"

// TestDiagnoseProbe diagnoses testdata/probeall's two failing tests in
// the package pipeline: with the fix probe, the comparison's line is a
// diagnosis with the mutant `score >= limit` as its Fix, one fix; no
// mutant that breaks a passing test (the bonus of 1, which makes TestAt90
// top) is a Fix; without the probe no diagnosis has one.
func TestDiagnoseProbe(t *testing.T) {
	ctx, prog, pkg := loadTestdata(t, "probeall")
	for _, tt := range []struct {
		name    string
		noProbe bool
		want    map[int]string // line: the fix's replacement
	}{
		{"probe", false, map[int]string{11: "score >= limit"}},
		{"no probe", true, map[int]string{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Package(ctx, prog, pkg, &PackageOptions{Diagnoser: &AgxDiagnosis{Options: DiagnoseOptions{Consistent: true}, NoProbe: tt.noProbe}})
			if err != nil {
				t.Fatal(err)
			}
			rep := res.Diagnosis
			if rep == nil || len(rep.Cases) != 2 || rep.ProbeError != "" {
				t.Fatalf("report %+v", rep)
			}
			got := map[int]string{}
			for _, d := range rep.Diagnoses() {
				if d.Fix == nil {
					continue
				}
				if !d.OneFix || !d.Verified || len(d.Locations) != 1 || len(d.Explains) != 2 {
					t.Errorf("%v: a fix's diagnosis: one fix %v, verified %v, explains %v", d.Locations, d.OneFix, d.Verified, d.Explains)
				}
				got[d.Locations[0].Line] = d.Fix.Repl
			}
			for line, repl := range tt.want {
				if got[line] != repl {
					t.Errorf("line %d: fix %q, want %q (fixes %v)", line, got[line], repl, got)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("fixes %v, want %v", got, tt.want)
			}
			if first := rep.Groups[0].Diagnoses[0]; len(tt.want) > 0 && first.Fix == nil {
				t.Errorf("first diagnosis %v has no fix", first.Locations)
			}
		})
	}
}
