// Package plumbing is a test subject whose every test builds a Table
// (New: the plumbing every test runs) and whose one failing test reads a
// missing key, which Get answers wrongly.
package plumbing

// Table maps keys to values; a missing key reads as its default.
type Table struct {
	m   map[string]int
	def int
}

// New returns an empty table whose missing keys read def.
func New(def int) *Table {
	return &Table{
		m:   map[string]int{},
		def: def,
	}
}

// Put sets k's value.
func (t *Table) Put(k string, v int) { t.m[k] = v }

// Get returns k's value, or the default when k is missing.
func (t *Table) Get(k string) int {
	v, ok := t.m[k]
	if !ok {
		return 0 //fault: should be t.def
	}
	return v
}
