package main

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// spectraFormulas are the spectrum-based baselines of issue 8.
var spectraFormulas = []string{"tarantula", "ochiai"}

// spectrumScore is a spectrum-based baseline on one version: the rank of
// the best-ranked faulty line (worst position among ties) and its EXAM over
// the executable lines, as for the formula-based runs.
type spectrumScore struct {
	Rank float64 // 0: no faulty line executed by any test
	Exam float64
}

// portSink keeps the line elements of the version's tcas.go that lie in
// the port's functions (the executable lines), dropping the entry function
// and the rest of the package.
type portSink struct {
	m    *spectra.Matrix
	keep map[int]bool
	file string
}

func (s portSink) filter(es []spectra.Element) []spectra.Element {
	var out []spectra.Element
	for _, e := range es {
		if e.File == s.file && s.keep[e.Line] {
			out = append(out, e)
		}
	}
	return out
}

func (s portSink) AddElements(es ...spectra.Element) { s.m.AddElements(s.filter(es)...) }

func (s portSink) Add(t spectra.TestRun, covered []spectra.Element) (int, error) {
	return s.m.Add(t, s.filter(covered))
}

// passingKey keys, in spectrumBaselines' line scores, the number of
// passing tests of the universe that execute each line.
const passingKey = "passing tests"

// spectrumBaselines runs the whole universe's tests with twelve inputs on
// ver in the interpreter (the expected outcome as oracle, a panic where
// the fault-free program panics), builds the line spectrum of the port's
// executable lines and ranks them with each formula.
// It also returns the number of failing tests, which must be the version's
// failing tests with twelve inputs, and each formula's score of every
// executable line, for the tie policies, with the passing tests that
// execute it (passingKey).
func spectrumBaselines(ctx context.Context, ver *version) (map[string]spectrumScore, int, map[string]map[int]float64, error) {
	tests, err := universeTests(ver)
	if err != nil {
		return nil, 0, nil, err
	}
	keep := map[int]bool{}
	for _, l := range ver.exec {
		keep[l] = true
	}
	m := spectra.NewMatrix()
	src := &spectra.Traces{Program: ver.prog, Cases: ver.prog.TestCases(tests)}
	if err := src.Collect(ctx, portSink{m: m, keep: keep, file: ver.file}); err != nil {
		return nil, 0, nil, err
	}
	if m.Failed() == 0 {
		return nil, 0, nil, fmt.Errorf("v%d: no failing test in the universe", ver.v.N)
	}
	out := map[string]spectrumScore{}
	lines := map[string]map[int]float64{}
	for _, name := range spectraFormulas {
		f, err := spectra.Lookup(name)
		if err != nil {
			return nil, 0, nil, err
		}
		r := m.Rank(f, &spectra.Options{Ties: spectra.Worst})
		lines[name] = map[int]float64{}
		lines[passingKey] = map[int]float64{}
		for _, e := range r.Entries {
			lines[name][e.Element.Line] = e.Score // the port's lines of tcas.go only (portSink)
			lines[passingKey][e.Element.Line] = float64(e.Counts.EP)
		}
		var s spectrumScore
		for _, l := range ver.lines {
			if rk, ok := r.RankOf(spectra.Element{Kind: spectra.Line, File: ver.file, Line: l}); ok && (s.Rank == 0 || rk < s.Rank) {
				s.Rank = rk
			}
		}
		s.Exam = exam(int(s.Rank), 0, len(ver.exec))
		out[name] = s
	}
	return out, m.Failed(), lines, nil
}

// universeTests are the universe's tests with twelve inputs as tests of
// ver's entry function, with the expected outcome as oracle (a panic where
// the fault-free program panics).
func universeTests(ver *version) ([]trace.Test, error) {
	universe, err := tcas.Universe()
	if err != nil {
		return nil, err
	}
	expected, err := tcas.Expected()
	if err != nil {
		return nil, err
	}
	var tests []trace.Test
	for _, tc := range universe {
		if len(tc.Args) < 12 {
			continue
		}
		t := trace.Test{Name: tc.Name(), Func: ver.fn}
		if expected[tc.Index] == tcas.Panic {
			t.WantPanic = true
		} else {
			t.Want = []trace.Value{trace.Int(int64(expected[tc.Index]))}
		}
		for _, a := range tc.Args[:12] {
			t.Args = append(t.Args, trace.Int(int64(a)))
		}
		tests = append(tests, t)
	}
	return tests, nil
}
