package htmlreport

import (
	"io"

	"github.com/faultloc/faultloc/localize"
)

// init makes Write the page of [localize.Report.WriteHTML], with the
// report's Output.Title and Output.Dir as Options.Title and Base.
func init() {
	localize.RegisterHTML(func(w io.Writer, reports []*localize.Report, o localize.WriteOptions) error {
		return Write(w, reports, &Options{Title: o.Title, Base: o.Dir})
	})
}
