// Package tax is the subject of multi-test diagnosis (diagnose.Run):
// two functions share a helper whose fault each test sees through a
// different function. Each failing test alone has two one-statement fix
// candidates, the helper's return and the return of the function it
// tests; the only statement that explains both failures at once is the
// fault.
package tax

// rate returns the tax rate, in percent.
func rate() int {
	return 10 //fault: should be 20
}

// Tax returns the tax due on a net amount.
func Tax(net int) int {
	return net * rate() / 100
}

// Net returns the net amount of a gross amount, tax included.
func Net(gross int) int {
	return gross * 100 / (100 + rate())
}

// Case is one test of Tax or Net.
type Case struct {
	Name     string
	Func     string // "Tax" or "Net"
	In, Want int
}

// Cases are the package's tests as data. TestTax and TestNet fail.
var Cases = []Case{
	{"TestTax", "Tax", 100, 20},
	{"TestNet", "Net", 120, 100},
	{"TestZero", "Tax", 0, 0},
}
