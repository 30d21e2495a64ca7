// Package encode turns recorded runs of a failing test ([trace.Trace]) into
// a partial MaxSMT problem for [maxsat]: the error trace formula of
// formula-based fault localization.
//
// # Fault predicates and statements
//
// Every source statement in scope gets one fault predicate ab_s, a Boolean
// variable; all instances of the statement share it, because a fix changes
// the statement, not one of its executions. A statement is a source line by
// default ([ByLine]); with [ByExpression] every SSA value is its own
// statement, as in angelic debugging, so that a candidate can name `a == c`
// inside `a == c || b == c`. The soft constraint ¬ab_s (weight 1) is added to
// the solver in the group named by the statement ([Statement.Group]); an MCS
// of the formula is then a minimal set of statements whose change can make
// the test pass, and the MCS's model gives the angelic values.
//
// Because trace builds in-scope functions in ssa.NaiveForm, every source
// assignment is a Store event with its own line, even those lifted SSA would
// erase (x := 1, m = b): they can all be blamed. Package initialisers are
// code like any other: the store of `var limit = 10` is a statement of its
// line.
//
// # The instance encoding
//
// Each executed instance e with an integer or Boolean value gets a term T(e)
// named after its [trace.InstanceKey], so a re-run of the same test shares
// the variables of the instances it has in common with earlier runs.
// Constraints are guarded by the path literal π(e): "every branch executed
// before e in this run took the same decision". For a statement instance
//
//	π(e) ⇒ (ab_s ∨ T(e) = op(T(a), T(b)))      assignments, operators, returns
//	π(e) ⇒ (ab_s ∨ (g_e ⇔ T(cond)))            branches
//	π(e) ⇒ T(load) = T(last store)              memory, through the trace's links
//	π(e) ⇒ T(param) = T(argument)               calls (results through returns)
//
// and the path literals chain along the run: π after a branch b is
// π(b) ∧ (g_b = decision). A load through &a[i] with a non-constant index
// reads, when T(i) is another index j, the element a[j] held (its concrete
// value, as the container holds it at the end of the run), and every such
// index is within bounds unless its statement is changed:
// π ⇒ (ab_s ∨ 0 ≤ T(i) < len). The oracle is hard: each return of the
// function under test, under its path literal, yields the expected results.
// A run that panicked on an index or slice bounds out of range or a zero
// divisor gets that condition for the panicking instance (trace records
// its event); after any other panic, the panicking event (the run's last
// when trace recorded none) may not be reached unchanged, in runs without substituted values.
// A panic that a deferred recover stopped (its event has no value) is left
// out of the formula, the run going on through the recover. Bit-vectors have the
// width of the Go type (exact wrap-around, signed or unsigned comparisons and
// division as Go has them; a divisor must be non-zero unless its statement
// is changed). The builtins min and max of integers are if-then-else chains
// over their operands. An integer or Boolean instance the encoding does not
// model (a call into the standard library, a bitwise operation or shift
// over Int) keeps its run value only while the values it depends on keep
// theirs (through values without terms, such as strings, up to a few
// dependences back): π(e) ⇒ (deps unchanged ⇒ T(e) = its run value). When
// they change it is free, and the replay of a candidate, which computes it
// for real, is the judge: such candidates may come out unverified. Loads
// that no store term reaches keep their run values outright, and values
// without terms (complex numbers, pointers, aggregates) are not in the
// formula.
//
// # Strings
//
// A string instance gets a term of sort String (bytes, as Go's strings
// are: see [maxsat.Str]) when the test decides something on strings: when
// the first run added compares two strings for equality (s == t, s != t,
// the test's own got != want included) or calls strings.HasPrefix,
// HasSuffix or Contains, or when the test's expected results are strings.
// Otherwise strings stay out of the formula, which keeps it within the
// bit-vector engines. Modelled: string constants, concatenation (s + t,
// s += t), equality, strconv.Itoa and strconv.FormatInt in base 10,
// those three functions of package strings, and fmt.Sprintf with a
// constant format of %s and %v verbs (and %%) whose arguments are strings
// without String or Error methods ("%s/%s" of two strings is their
// concatenation with "/"), and the String method of a strings.Builder or
// bytes.Buffer written with WriteString and with WriteByte and WriteRune of
// constants (the concatenation of what was written since its last Reset,
// checked against the run's result, so a builder also filled another way,
// fmt.Fprintf into it say, is left at its run value), and err.Error() of
// an error made by errors.New(s) or by fmt.Errorf with such a format,
// followed back from the call through returns, parameters, variables and
// interface conversions; a string-valued parameter, load, store or return carries its
// term like an integer's, and an angelic value may be a string ("KiB"
// where the program wrote "KB"). Not modelled, and so kept at their run
// values while what they depend on is unchanged: the order of strings (<,
// <=, min, max: Z3 4.8.12's sequence solver was unsound on it under
// assumptions in one of its modes), len(s), strings.Index and slicing
// s[i:j] (string lengths and offsets, even constant ones, made Z3 time
// out on x/mod/semver's parser, or give up), indexing s[i], conversions between strings and byte or rune slices (a string
// built in a []byte, as go-humanize's Comma builds its result, depends on
// the slice, not on the stores into it), fmt's other formatting (an
// integer's %d or %v in fmt.Sprintf included: str.from_int inside a
// concatenation compared with a constant made Z3 time out, as
// strconv.Itoa can) and other calls.
//
// # Structs
//
// A struct value has no term of its own, but a field read from one
// follows the value back through whole copies to the store of that field:
// a load of a field whose variable was last assigned as a whole (r :=
// rows[i] in a range loop, z = q), a field of a struct value (p.f after p,
// _ := parse(s)), through stores and loads of the whole struct, a
// function's result (its Return and the value returned) and the results
// of a tuple. So a table-driven test that computes its results inside a
// slice of structs ({"2", Ordinal(2), "2nd"}) and reads them back through
// range links each result to the call that computed it, as it does through
// an interface boxing the struct and the assertion unboxing it (items kept
// in a []any). A copy from anything else (a φ, a bridged call), more than eight
// copies back, or a field stored by a package initializer (package data,
// such as a test table: examples/foo's Cases) leaves the field at its
// run value.
//
// # Interfaces
//
// An instance of interface type (an any, an error, a parameter of
// interface type) that holds a value of a modelled sort in the run gets a
// term of its dynamic type's sort: MakeInterface and ChangeInterface pass
// their operand's term on, a type assertion to a concrete type (or the
// value of its comma-ok form when it held, as in a type switch's case)
// takes the interface's, and == and != of two interfaces
// compare their terms when the run's dynamic types are identical (floats
// aside). So an int kept in a []any, ordered by a comparison function that
// asserts it back, links the test's check to the statement that computed
// it. Instances whose dynamic types differ never share a term (their
// constraint fails to sort and they keep their run values); a nil
// interface, or one holding a pointer, a struct or a value of a sort not
// on (see Strings, Floats), has no term; nor has a value boxed only to be
// passed in a variadic argument to the standard library (t.Errorf's and
// fmt.Printf's arguments), whose term nothing encoded would read. Angelic
// values of such instances
// are plain values: the replay boxes them in the dynamic type of the
// value they replace (trace.Hooks.Values). Stats.Interfaces counts them.
//
// # Floats
//
// Likewise, float32 and float64 instances get IEEE 754 terms of their
// width (see [maxsat.FAdd]) when the first run compares two floats,
// converts one to an integer or calls math.IsNaN, or when the expected
// results are floats. Modelled bit for bit as Go computes on amd64:
// + - * / rounded to nearest even, negation, comparisons (NaN equals
// nothing, -0 == +0), conversions between float32 and float64 and from
// integers (rounded) and to integers (truncated; an out-of-range value,
// implementation-specific in Go, is whatever the model picks, and a
// replay judges it), math.Sqrt, Abs, Floor, Ceil, Trunc and IsNaN. Not
// modelled: min and max of floats, other functions of math, fmt's
// formatting, and conversions over unbounded integers (Options.Arith
// Integer). Z3 bit-blasts float arithmetic: a chain of binary64
// multiplications and divisions with free operands takes seconds per
// check. Angelic values are any that fix the test (an extreme one such as
// 7e-307 is possible: no preference keeps them near the original).
//
// # Subjects
//
// The test subjects under localize/testdata exercise each sort end to
// end, from a failing go test to a verified candidate: paths (strings
// through fmt.Sprintf), csvrow (a strings.Builder), errmsg (an error's
// text), units (the angelic value "KiB" for a wrong "KB"), temps (float
// arithmetic) and boxheap (ints held in a []any).
//
// # Modes
//
// [ATF] (the default) is the angelic trace formula of AgxFaults: only the
// runs added so far are precise; once a branch decision differs from every
// recorded run, everything after it is unconstrained (angelic), until the
// caller re-runs the test along that path and adds the run ([Encoder.AddRun]),
// refining the formula in the same incremental solver. [FS] is the single
// failing path with the same guards and no refinement. [FI] ignores control
// flow: branches are not encoded and every instance of the failing run is
// assumed to execute (flow-insensitive, as in Jose and Majumdar's trace
// formulas). [PF] approximates the program formula of BugAssist and SNIPER by
// adding, before solving, every path of the test reachable by flipping
// branch decisions whose instance occurs at most Unwind times in its frame;
// localize explores the paths, encode encodes them.
//
// # Decoding
//
// [Encoder.Decode] reads an MCS back: the statements, the angelic values of
// their instances that the model executes, and [trace.Hooks] that re-run the
// test with those values substituted and those decisions forced. The caller
// (package localize) uses the re-run both to verify a candidate and, when the
// angelic path left what was encoded, to refine the formula.
//
// # Stability
//
// The exported API is stable (recorded in api/encode.txt; changes only by
// addition). The formula itself is not: the names of its variables and the
// exact constraints may change between versions, so callers should read
// results through Decode and Statement, not through Z3 terms.
package encode
