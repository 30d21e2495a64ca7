// Package heavy is a regression whose root cause has a change in common
// with a field that a refactoring renamed: a local variable shares the
// field's name, so the search for auxiliary changes, following the
// type checker's errors by name, takes it along with the refactoring's
// hundred changes.
package heavy

// Conf holds the step added by each stage.
type Conf struct{ factor int }

// NewConf returns the default configuration.
func NewConf() Conf {
	return Conf{factor: 1}
}

func f01(c Conf, x int) int { return x + c.factor }

func f02(c Conf, x int) int { return x + c.factor }

func f03(c Conf, x int) int { return x + c.factor }

func f04(c Conf, x int) int { return x + c.factor }

func f05(c Conf, x int) int { return x + c.factor }

func f06(c Conf, x int) int { return x + c.factor }

func f07(c Conf, x int) int { return x + c.factor }

func f08(c Conf, x int) int { return x + c.factor }

func f09(c Conf, x int) int { return x + c.factor }

func f10(c Conf, x int) int { return x + c.factor }

func f11(c Conf, x int) int { return x + c.factor }

func f12(c Conf, x int) int { return x + c.factor }

func f13(c Conf, x int) int { return x + c.factor }

func f14(c Conf, x int) int { return x + c.factor }

func f15(c Conf, x int) int { return x + c.factor }

func f16(c Conf, x int) int { return x + c.factor }

func f17(c Conf, x int) int { return x + c.factor }

func f18(c Conf, x int) int { return x + c.factor }

func f19(c Conf, x int) int { return x + c.factor }

func f20(c Conf, x int) int { return x + c.factor }

func f21(c Conf, x int) int { return x + c.factor }

func f22(c Conf, x int) int { return x + c.factor }

func f23(c Conf, x int) int { return x + c.factor }

func f24(c Conf, x int) int { return x + c.factor }

func f25(c Conf, x int) int { return x + c.factor }

func f26(c Conf, x int) int { return x + c.factor }

func f27(c Conf, x int) int { return x + c.factor }

func f28(c Conf, x int) int { return x + c.factor }

func f29(c Conf, x int) int { return x + c.factor }

func f30(c Conf, x int) int { return x + c.factor }

func f31(c Conf, x int) int { return x + c.factor }

func f32(c Conf, x int) int { return x + c.factor }

func f33(c Conf, x int) int { return x + c.factor }

func f34(c Conf, x int) int { return x + c.factor }

func f35(c Conf, x int) int { return x + c.factor }

func f36(c Conf, x int) int { return x + c.factor }

func f37(c Conf, x int) int { return x + c.factor }

func f38(c Conf, x int) int { return x + c.factor }

func f39(c Conf, x int) int { return x + c.factor }

func f40(c Conf, x int) int { return x + c.factor }

func f41(c Conf, x int) int { return x + c.factor }

func f42(c Conf, x int) int { return x + c.factor }

func f43(c Conf, x int) int { return x + c.factor }

func f44(c Conf, x int) int { return x + c.factor }

func f45(c Conf, x int) int { return x + c.factor }

func f46(c Conf, x int) int { return x + c.factor }

func f47(c Conf, x int) int { return x + c.factor }

func f48(c Conf, x int) int { return x + c.factor }

func f49(c Conf, x int) int { return x + c.factor }

func f50(c Conf, x int) int { return x + c.factor }

func f51(c Conf, x int) int { return x + c.factor }

func f52(c Conf, x int) int { return x + c.factor }

func f53(c Conf, x int) int { return x + c.factor }

func f54(c Conf, x int) int { return x + c.factor }

func f55(c Conf, x int) int { return x + c.factor }

func f56(c Conf, x int) int { return x + c.factor }

func f57(c Conf, x int) int { return x + c.factor }

func f58(c Conf, x int) int { return x + c.factor }

func f59(c Conf, x int) int { return x + c.factor }

func f60(c Conf, x int) int { return x + c.factor }

func f61(c Conf, x int) int { return x + c.factor }

func f62(c Conf, x int) int { return x + c.factor }

func f63(c Conf, x int) int { return x + c.factor }

func f64(c Conf, x int) int { return x + c.factor }

func f65(c Conf, x int) int { return x + c.factor }

func f66(c Conf, x int) int { return x + c.factor }

func f67(c Conf, x int) int { return x + c.factor }

func f68(c Conf, x int) int { return x + c.factor }

func f69(c Conf, x int) int { return x + c.factor }

func f70(c Conf, x int) int { return x + c.factor }

// Run passes x through every stage and scales the result.
func Run(x int) int {
	c := NewConf()
	y := x
	y = f01(c, y)
	y = f02(c, y)
	y = f03(c, y)
	y = f04(c, y)
	y = f05(c, y)
	y = f06(c, y)
	y = f07(c, y)
	y = f08(c, y)
	y = f09(c, y)
	y = f10(c, y)
	y = f11(c, y)
	y = f12(c, y)
	y = f13(c, y)
	y = f14(c, y)
	y = f15(c, y)
	y = f16(c, y)
	y = f17(c, y)
	y = f18(c, y)
	y = f19(c, y)
	y = f20(c, y)
	y = f21(c, y)
	y = f22(c, y)
	y = f23(c, y)
	y = f24(c, y)
	y = f25(c, y)
	y = f26(c, y)
	y = f27(c, y)
	y = f28(c, y)
	y = f29(c, y)
	y = f30(c, y)
	y = f31(c, y)
	y = f32(c, y)
	y = f33(c, y)
	y = f34(c, y)
	y = f35(c, y)
	y = f36(c, y)
	y = f37(c, y)
	y = f38(c, y)
	y = f39(c, y)
	y = f40(c, y)
	y = f41(c, y)
	y = f42(c, y)
	y = f43(c, y)
	y = f44(c, y)
	y = f45(c, y)
	y = f46(c, y)
	y = f47(c, y)
	y = f48(c, y)
	y = f49(c, y)
	y = f50(c, y)
	y = f51(c, y)
	y = f52(c, y)
	y = f53(c, y)
	y = f54(c, y)
	y = f55(c, y)
	y = f56(c, y)
	y = f57(c, y)
	y = f58(c, y)
	y = f59(c, y)
	y = f60(c, y)
	y = f61(c, y)
	y = f62(c, y)
	y = f63(c, y)
	y = f64(c, y)
	y = f65(c, y)
	y = f66(c, y)
	y = f67(c, y)
	y = f68(c, y)
	y = f69(c, y)
	y = f70(c, y)
	scale := 3
	return y * scale
}
