package runpool

import (
	"os"
	"testing"
	"time"
)

func TestParseStatCPU(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       time.Duration
		ok         bool
	}{
		{"plain", "1234 (mw.test) S 1 1234 1234 0 -1 4194560 1000 0 0 0 250 30 0 0 39 19 8 0 100 0 0", 280 * clockTick, true},
		{"command with spaces and parens", "77 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 5 0 0", 10 * clockTick, true},
		{"short", "1 (x) S 1 2 3", 0, false},
		{"no command", "garbage", 0, false},
		{"not a number", "1 (x) S 1 1 1 0 -1 0 0 0 0 0 u s 0", 0, false},
	} {
		got, ok := parseStatCPU([]byte(tc.line))
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: parseStatCPU = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

func TestProcCPUSelf(t *testing.T) {
	if _, ok := procCPU(os.Getpid()); !ok {
		t.Error("procCPU of this process: not read")
	}
	if _, ok := procCPU(-1); ok {
		t.Error("procCPU(-1): read")
	}
}
