package pipeline

import (
	"cmp"
	"io"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/htmlreport"
	"github.com/faultloc/faultloc/spectra"
)

// WriteText writes the reports as their WriteText does, in order, with
// res.Output; with a Diagnosis, the diagnosis instead.
func (res *Result) WriteText(w io.Writer) error {
	if res.Diagnosis != nil {
		d := *res.Diagnosis
		d.Output = res.Output
		return d.WriteText(w)
	}
	for _, rep := range res.Reports {
		r := *rep
		r.Output = res.Output
		if err := r.WriteText(w); err != nil {
			return err
		}
	}
	return nil
}

// WriteJSON writes the reports as one indented JSON array ([] when there
// is none), each as its WriteJSON does; with a Diagnosis, the diagnosis
// instead, as one object.
func (res *Result) WriteJSON(w io.Writer) error {
	if res.Diagnosis != nil {
		return res.Diagnosis.WriteJSON(w)
	}
	reports := res.Reports
	if reports == nil {
		reports = []*localize.Report{}
	}
	return localize.EncodeJSON(w, reports)
}

// WriteHTML writes the reports as one self-contained HTML page
// ([htmlreport.Write]), titled res.Output.Title (default: "faultloc: "
// and the package), files named relative to res.Output.Dir (default:
// the deepest directory holding them all); when the spectrum has both
// passing and failing cases, their Ochiai scores tint the source lines.
// With a Diagnosis, the diagnosis's page instead.
func (res *Result) WriteHTML(w io.Writer) error {
	if res.Diagnosis != nil {
		d := *res.Diagnosis
		d.Output = res.Output
		return d.WriteHTML(w)
	}
	opts := &htmlreport.Options{Title: cmp.Or(res.Output.Title, "faultloc: "+res.Package), Base: res.Output.Dir}
	if sm := res.Spectrum; sm != nil && sm.Passed() > 0 && sm.Failed() > 0 {
		if f, err := spectra.Lookup("ochiai"); err == nil {
			opts.Spectrum = sm.Rank(f, nil)
		}
	}
	return htmlreport.Write(w, res.Reports, opts)
}
