package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"sort"
	"strings"
	"syscall"
	"time"
)

// bigKey is a map key holding a pointer to a value of the standard
// library, shopspring/decimal's tests' idiom.
type bigKey struct {
	val *big.Int
	exp int32
}

// NativeMapKeys uses values of standard types as map keys, alone and in
// structs: a key is the value, whatever copy of it the program holds
// (the same *big.Int negated in place and stored again replaces its
// entry; equal times are one key).
func NativeMapKeys() string {
	tests := map[bigKey]string{
		{big.NewInt(123), -1}: "12.3",
		{big.NewInt(45), 0}:   "45",
	}
	for k, s := range tests {
		if k.val.Sign() > 0 {
			tests[bigKey{k.val.Neg(k.val), k.exp}] = "-" + s
		}
	}
	var rows []string
	for k, s := range tests {
		rows = append(rows, fmt.Sprint(k.val, k.exp, s))
	}
	x := big.NewInt(7)
	ptrs := map[*big.Int]int{x: 1}
	ptrs[x]++
	y := x
	ptrs[y]++
	t0 := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	times := map[time.Time]int{t0: 1}
	times[t0.Add(time.Hour).Add(-time.Hour)]++
	anys := map[any]int{x: 1, t0: 2}
	anys[y] += 10
	anys[t0.Add(0)] += 10
	anys[big.NewInt(7)] += 100 // another pointer: another key
	sort.Strings(rows)
	return strings.Join([]string{
		fmt.Sprint(len(tests), strings.Join(rows, ";")),
		fmt.Sprint(len(ptrs), ptrs[x], len(times), times[t0], len(anys), anys[x], anys[t0]),
	}, "\n")
}

// NativeEquality compares values of standard types that the standard
// library made (an *fs.PathError's Err) with the same values the
// program spells (syscall's constants), as go-playground/validator's
// file path checks do.
func NativeEquality() string {
	_, bad := os.Stat("corpus-no\x00.go")
	_, missing := os.Stat("corpus-no-such-file")
	var pe, pm *fs.PathError
	check(errors.As(bad, &pe) && errors.As(missing, &pm), "PathErrors")
	var einval error = syscall.EINVAL
	return fmt.Sprint(pe.Err == syscall.EINVAL, pe.Err == einval, einval == pe.Err, pe.Err != syscall.ENOENT,
		pm.Err == syscall.ENOENT, pm.Err == syscall.EINVAL, errors.Is(bad, syscall.EINVAL), errors.Is(missing, fs.ErrNotExist))
}
