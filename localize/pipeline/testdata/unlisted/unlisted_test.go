package unlisted

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// want returns the number of decimal digits of n >= 0, as its text has.
func want(n int) int { return len(strconv.Itoa(n)) }

func TestRows(t *testing.T) {
	for n := 11; n <= 100; n++ {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			if got := Digits(n); got != want(n) {
				t.Errorf("Digits(%d) = %d, want %d", n, got, want(n))
			}
		})
	}
}

// TestCorpus reads a corpus (each number from 11 to 100, read slowly)
// before it starts a subtest for each, as a harness over a corpus of
// files does, and, as BurntSushi/toml's does, reads only the one that
// -test.run names when it names one: a listing under a small budget
// stops before the first subtest, and takes TestCorpus/decode for a
// case.
func TestCorpus(t *testing.T) {
	t.Run("decode", func(t *testing.T) {
		got := map[int]int{}
		for _, a := range os.Args {
			if rest, ok := strings.CutPrefix(a, "-test.run=TestCorpus/decode/"); ok {
				n, err := strconv.Atoi(rest)
				if err != nil {
					t.Fatal(err)
				}
				got[n] = Digits(n)
			}
		}
		if len(got) == 0 {
			for n := 11; n <= 100; n++ {
				got[n] = Digits(n)
				for range 50 { // reading a file, slowly
					runtime.Gosched()
				}
			}
		}
		for n := 11; n <= 100; n++ {
			if _, ok := got[n]; !ok {
				continue
			}
			t.Run(strconv.Itoa(n), func(t *testing.T) {
				if got[n] != want(n) {
					t.Errorf("Digits(%d) = %d, want %d", n, got[n], want(n))
				}
			})
		}
	})
}
