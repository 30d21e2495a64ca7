// Package rows is a subject of the repair tests: Append with no values
// still adds an empty row, where it must leave the table as it is. The
// fix is an early return before its first statement; the values it
// changes (a slice of rows) are no basic type, so no replacement of an
// expression repairs it.
package rows

// Table is a list of rows.
type Table struct {
	rows [][]string
}

// Append adds a row of vals, unless vals is empty, and returns t.
func (t *Table) Append(vals ...string) *Table {
	//fault: missing guard: if len(vals) == 0 { return t }
	t.rows = append(t.rows, vals)
	return t
}

// Len returns the number of rows.
func (t *Table) Len() int { return len(t.rows) }

// Row returns row i.
func (t *Table) Row(i int) []string { return t.rows[i] }
