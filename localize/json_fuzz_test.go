package localize

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzReportJSON builds reports from the fuzzer's input and checks what a
// user of the JSON report relies on: WriteJSON writes valid JSON, which
// encoding/json reads back into a Report as the same report, and writing
// that again gives the same bytes (for valid UTF-8). Two things JSON
// cannot carry are allowed for, as WriteJSON documents: an empty list
// reads back as nil, and each byte of a string that is not valid UTF-8 as
// U+FFFD. shape drives the reports' structure and numbers; the strings
// are text's fields, split at '|'. The seeds are in
// testdata/fuzz/FuzzReportJSON.
func FuzzReportJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, shape []byte, text string) {
		src := &reportSource{data: shape, words: strings.Split(text, "|")}
		for range src.count() {
			rep := src.report()
			var out bytes.Buffer
			if err := rep.WriteJSON(&out); err != nil {
				t.Fatal(err)
			}
			if !json.Valid(out.Bytes()) {
				t.Fatalf("WriteJSON wrote invalid JSON:\n%s", out.Bytes())
			}
			var back *Report
			if err := json.Unmarshal(out.Bytes(), &back); err != nil {
				t.Fatalf("reading the JSON back: %v\n%s", err, out.Bytes())
			}
			if back == nil {
				t.Fatalf("WriteJSON wrote %s, not an object", out.Bytes())
			}
			want := normalizeJSON(reflect.ValueOf(rep)).Interface()
			if got := normalizeJSON(reflect.ValueOf(back)).Interface(); !reflect.DeepEqual(got, want) {
				t.Fatalf("read back\n%#v\nwant\n%#v\nJSON:\n%s", got, want, out.Bytes())
			}
			var again bytes.Buffer
			if err := back.WriteJSON(&again); err != nil {
				t.Fatal(err)
			}
			// (An invalid byte is written "\ufffd", the rune read back as is.)
			if utf8.ValidString(text) && !bytes.Equal(again.Bytes(), out.Bytes()) {
				t.Fatalf("writing the report read back gives other bytes:\n%s\nfirst:\n%s", again.Bytes(), out.Bytes())
			}
		}
	})
}

// normalizeJSON returns a copy of v as it reads back from JSON: empty
// slices nil, strings with each invalid UTF-8 byte replaced by U+FFFD.
func normalizeJSON(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		s := string([]rune(v.String())) // one U+FFFD per invalid byte, as encoding/json writes
		return reflect.ValueOf(s).Convert(v.Type())
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(normalizeJSON(v.Elem()))
		return p
	case reflect.Slice:
		if v.Len() == 0 {
			return reflect.Zero(v.Type())
		}
		s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			s.Index(i).Set(normalizeJSON(v.Index(i)))
		}
		return s
	case reflect.Struct:
		s := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			s.Field(i).Set(normalizeJSON(v.Field(i)))
		}
		return s
	}
	return v
}

// reportSource builds reports from fuzz input: data gives the counts,
// numbers and flags, words the strings (in turn, cycling).
type reportSource struct {
	data  []byte
	words []string
	next  int
}

func (s *reportSource) octet() byte {
	if len(s.data) == 0 {
		return 0
	}
	b := s.data[0]
	s.data = s.data[1:]
	return b
}

// count returns a list length from 0 to 3.
func (s *reportSource) count() int { return int(s.octet() % 4) }

func (s *reportSource) flag() bool { return s.octet()&1 == 1 }

// number returns a small number, or with one byte in four, one of any
// size from the next eight bytes.
func (s *reportSource) number() int64 {
	b := s.octet()
	if b%4 != 0 {
		return int64(b/4) - 8
	}
	var buf [8]byte
	n := copy(buf[:], s.data)
	s.data = s.data[n:]
	return int64(binary.LittleEndian.Uint64(buf[:]))
}

func (s *reportSource) integer() int { return int(s.number()) }

func (s *reportSource) text() string {
	w := s.words[s.next%len(s.words)]
	s.next++
	return w
}

// listOf returns up to three elements made by elem; with none, a nil or an
// empty slice.
func listOf[T any](s *reportSource, elem func() T) []T {
	n := s.count()
	if n == 0 && s.flag() {
		return []T{}
	}
	var out []T
	for range n {
		out = append(out, elem())
	}
	return out
}

func (s *reportSource) report() *Report {
	return &Report{
		Test:    s.text(),
		Mode:    s.text(),
		Failure: s.text(),
		Candidates: listOf(s, func() Candidate {
			return Candidate{
				Locations: listOf(s, func() Location {
					return Location{Position: Position{File: s.text(), Line: s.integer(), Column: s.integer()}, Text: s.text(), Expr: s.text()}
				}),
				Angelic: listOf(s, func() AngelicValue {
					return AngelicValue{Position: Position{File: s.text(), Line: s.integer()}, Occurrence: s.integer(), Instr: s.text(), Expr: s.text(), Branch: s.flag(), Value: s.text(), Orig: s.text()}
				}),
				Path: listOf(s, func() Decision {
					return Decision{Position: Position{File: s.text(), Line: s.integer()}, Taken: s.flag()}
				}),
				Verified: s.flag(),
			}
		}),
		Ranking: listOf(s, func() RankedLine {
			return RankedLine{Position: Position{File: s.text(), Line: s.integer()}, Rank: s.integer(), Evidence: Evidence(s.text())}
		}),
		Partial: s.flag(),
		Reason:  s.text(),
		Stats: Stats{
			Runs: s.integer(), Refinements: s.integer(), MCSes: s.integer(), Constraints: s.integer(), Statements: s.integer(), SolverCalls: s.integer(),
			Solve: time.Duration(s.number()), Total: time.Duration(s.number()),
		},
		Fixes: listOf(s, func() MutantResult {
			return MutantResult{Position: Position{File: s.text(), Line: s.integer(), Column: s.integer()}, Op: s.text(), Orig: s.text(), Repl: s.text(),
				FailKilled: s.integer(), PassKilled: s.integer(), FailToPass: s.integer(), PassToFail: s.integer()}
		}),
	}
}
