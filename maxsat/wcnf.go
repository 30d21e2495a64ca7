package maxsat

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// WCNF is a weighted partial MaxSAT problem in clausal form, as in the
// MaxSAT Evaluation's WCNF files: clauses are lists of non-zero DIMACS
// literals (v or -v for variable v >= 1).
type WCNF struct {
	NumVars int          // highest variable index
	Hard    [][]int      // clauses that must hold
	Soft    []SoftClause // clauses that may be falsified at their weight
}

// SoftClause is a weighted soft clause.
type SoftClause struct {
	Weight uint64
	Lits   []int
}

// WCNFError reports a malformed WCNF input line.
type WCNFError struct {
	Line int
	Msg  string
}

// Error formats the error, naming what went wrong and where.
func (e *WCNFError) Error() string { return fmt.Sprintf("maxsat: wcnf line %d: %s", e.Line, e.Msg) }

// ReadWCNF parses WCNF in either form: the classic one with a header
// "p wcnf vars clauses top", where each clause line starts with its weight
// and weight >= top marks a hard clause, or the 2022 form without a header,
// where hard clauses start with "h". Lines starting with "c" are comments;
// each clause ends with 0 and may span lines.
func ReadWCNF(r io.Reader) (*WCNF, error) {
	w := &WCNF{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<26)
	var top uint64 // 0: no classic header
	var cur []int
	inClause, hard := false, false
	var weight uint64
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == 'c' || text[0] == '%' {
			continue
		}
		fields := strings.Fields(text)
		if fields[0] == "p" {
			if len(fields) < 4 || fields[1] != "wcnf" {
				return nil, &WCNFError{line, fmt.Sprintf("unsupported header %q", text)}
			}
			top = ^uint64(0)
			if len(fields) >= 5 {
				t, err := strconv.ParseUint(fields[4], 10, 64)
				if err != nil {
					return nil, &WCNFError{line, "bad top weight " + fields[4]}
				}
				top = t
			}
			continue
		}
		for _, f := range fields {
			if !inClause {
				inClause, cur = true, nil
				if f == "h" {
					hard = true
					continue
				}
				x, err := strconv.ParseUint(f, 10, 64)
				if err != nil || x == 0 {
					return nil, &WCNFError{line, fmt.Sprintf("bad weight %q", f)}
				}
				weight, hard = x, top != 0 && x >= top
				continue
			}
			l, err := strconv.Atoi(f)
			if err != nil || l == math.MinInt { // -MinInt, its variable, is no int
				return nil, &WCNFError{line, fmt.Sprintf("bad literal %q", f)}
			}
			if l == 0 {
				if hard {
					w.Hard = append(w.Hard, cur)
				} else {
					w.Soft = append(w.Soft, SoftClause{Weight: weight, Lits: cur})
				}
				inClause = false
				continue
			}
			cur = append(cur, l)
			w.NumVars = max(w.NumVars, l, -l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("maxsat: wcnf: %w", err)
	}
	if inClause {
		return nil, &WCNFError{line, "last clause does not end with 0"}
	}
	return w, nil
}

// WriteTo writes w in the 2022 WCNF form ("h" for hard clauses).
func (w *WCNF) WriteTo(out io.Writer) (int64, error) {
	bw := bufio.NewWriter(out)
	var n int64
	put := func(prefix string, lits []int) {
		k, _ := bw.WriteString(prefix)
		n += int64(k)
		for _, l := range lits {
			k, _ = bw.WriteString(" " + strconv.Itoa(l))
			n += int64(k)
		}
		k, _ = bw.WriteString(" 0\n")
		n += int64(k)
	}
	k, _ := fmt.Fprintf(bw, "c faultloc maxsat: %d variables, %d hard, %d soft\n", w.NumVars, len(w.Hard), len(w.Soft))
	n += int64(k)
	for _, c := range w.Hard {
		put("h", c)
	}
	for _, c := range w.Soft {
		put(strconv.FormatUint(c.Weight, 10), c.Lits)
	}
	return n, bw.Flush()
}

// Var returns the Boolean variable that AddTo uses for DIMACS variable v.
func (w *WCNF) Var(v int) *Term { return BoolVar("x" + strconv.Itoa(v)) }

// Clause returns the disjunction of the DIMACS literals as a term.
func (w *WCNF) Clause(lits []int) *Term {
	ts := make([]*Term, len(lits))
	for i, l := range lits {
		if l < 0 {
			ts[i] = Not(w.Var(-l))
		} else {
			ts[i] = w.Var(l)
		}
	}
	return Or(ts...)
}

// AddTo adds w's clauses to s: hard clauses as hard constraints and each
// soft clause as its own group named "s<i>" (i counting soft clauses from 0).
func (w *WCNF) AddTo(s *Solver) error {
	for _, c := range w.Hard {
		if err := s.AddHard(w.Clause(c)); err != nil {
			return err
		}
	}
	for i, c := range w.Soft {
		if err := s.AddSoft(w.Clause(c.Lits), c.Weight, "s"+strconv.Itoa(i)); err != nil {
			return err
		}
	}
	return nil
}

// SMTLIB returns the solver's hard constraints (with the selector
// implications of the soft groups and the blocking clauses) in SMT-LIB 2
// syntax, for export and debugging.
func (s *Solver) SMTLIB() string {
	if s.closed {
		return ""
	}
	if err := s.leaveInside(); err != nil {
		return ""
	}
	return s.sv.String()
}
