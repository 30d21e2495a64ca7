// Package repair turns angelic debugging's repair candidates into
// patches: the step the angelic debugging paper (Chandra, Torlak,
// Barman, Bodik, ICSE 2011) leaves to the programmer, which SemFix
// (Nguyen et al., ICSE 2013) and Angelix (Mechtaev et al., ICSE 2016)
// automate.
//
// A site is the expression of a verified angelic candidate
// (angelic.Localize): a value, a branch's condition, or the right-hand
// side of an assignment. [Collect] gathers its repair data: its
// instances in every failing and passing run, each keyed as the trace
// keys it (trace.InstanceKey), the variables and fields in scope there
// with their values, the angelic values that make each failing run pass
// (replay-verified), and for each passing run the values verified to
// keep it passing and to break it, found by replays and, where the
// formula models the value, by the solver (angelic.FlexTest's search). A
// synthesizer of one's own reads it (see the Example).
//
// [Synthesize] is the built-in synthesizer: it enumerates replacement
// expressions over the variables in scope, the constants of the code,
// calls of the package's functions that have no side effects and of the
// standard library's predicates (internal/stdcall), and Go's
// operators, in layers of growing size, one expression per set of
// values on the data, and keeps those that give every instance a value
// the data allows, replaying the runs it does not decide. A [Validator]
// lays a [Patch] over the package as a go build -overlay and runs its
// test suite natively: a patch is plausible when every test of the whole
// suite (tests, subtests, examples, fuzz seeds) passes, whichever cases
// the repair took as evidence; the failing cases run first, so that a
// patch under which one still fails costs no run of the rest. Repair
// validates many patches with one build: a patch schema (mutant
// schemata) compiles its patches into the package together, each behind
// a switch on an environment variable, and runs the test binary once per
// patch, each run stopped at its first failing test; a patch that passes
// the whole suite there is validated again by a build of its own, so a
// plausible patch is always one built as a user would build it. While
// the test binary's runs mostly wait (less than a quarter of their wall
// time on the CPU, measured from the processes: a suite of sleeps and
// timers, such as chi's middleware, 26 s of wall time for under a
// second of CPU), up to four runs of the rest of the suite go at once,
// a patch's own build is validated beside its run in the schema, and
// the patches the schema cannot hold are validated at their rank;
// otherwise the runs go one at a time. A refutation from a run that
// overlapped another is validated again, alone, after the others (a
// test may hold a fixed port or file), so every verdict kept but a
// plausible one, which no overlap is taken to cause, is a run alone's.
// [Repair] chains them for a package: angelic debugging's sites (those
// the flexibility test inhibits last, the others by their lines'
// suspiciousness in the spectrum of the selected cases), synthesis at
// each, mutation analysis' plausible fixes (localize/mutation) added
// (with no site of angelic debugging, those of the localization's
// ranked lines, the sites those of them whose forced values make the
// failing case pass),
// the patches ranked (a few of mutation analysis' first, then site by
// site in the sites' order, a site's by size and distance to the source
// replaced), validated in that order, the plausible ones then ranked
// first (those without an overfitting sign before those with one, such
// as a deleted return or a literal put for a named constant: see
// internal/overfit; then those at a site before those with none), and shown
// as unified diffs;
// `faultloc repair` is its command.
//
//	name        what it is
//	Collect     the repair data of a candidate's site: a Data
//	Synthesize  replacement expressions that fit a Data: Fixes, Guards
//	Validator   a package's tests run natively on a Patch
//	Repair      all of it for a package's failing cases: a Result
//
// Synthesize also proposes guards: `if cond { return result }` inserted
// before the statement of a return or assignment site, or of a value
// or condition the statement evaluates each time it runs (not a right
// operand of && or ||) (Guard). Before a return, a guard is the
// replacement of the result by "result if cond, else the result",
// checked on the runs as replacements are; before another statement,
// cond is false at every passing instance and true at a failing one,
// and validation decides whether the early return repairs.
//
// A compound assignment (x -= c) or an increment is a site too,
// rewritten as x = replacement (see Site.Replaced); a site whose
// instruction has no source text (a call, an element read or stored) is
// found by the position go/ssa gives it; a replacement is parenthesized
// where the operator around the site binds tighter.
//
// Repair also inserts missing statements from nearby code: before a
// site's statement, a statement of its function on one line (an
// assignment or an increment, no declaration) that assigns a variable
// the site reads and whose variables are in scope there. The data
// cannot tell what such a statement does to a run: they are ranked with
// the guards and the validation decides.
//
// Repair also edits the statements of the first lines of the sites,
// the spectrum and the fallback's rankings (up to eight lines,
// interleaved), and after them up to three assignments of the fields
// that those lines' statements read (x.f = ..., by the field's name:
// where a wrong value was stored, such as a constructor, when the
// lines are where it shows), after the templates of program repair (GenProg's
// deletion and swap, PAR's missing bound checks): it deletes a
// statement, swaps it with its neighbour, inserts before it a call
// x.m(...) that the file's other functions make on a parameter of the
// same name and type, clamps an index (`if i >= len(a) { i = len(a) -
// 1 }` before a statement reading a[i]), guards a condition's index by
// a constant (`len(x) > k && ...`), strengthens an if's or a for's
// condition C to `C && G` (the missing condition that Nopol's and ACS's
// condition synthesis add to an existing one; G a nil check `x != nil`
// or a length check `len(x) > 0` of a variable of the function or its
// field that the line or the branch's body reads, not one the line
// compares or dereferences, or the negation of another if condition of
// the function over a variable they read; at most four a condition,
// those testing the line's terms first, then by size; at the first four
// lines, where the types are known), runs an assignment or a call
// statement S only when a term x it reads holds something, `if len(x) >
// 0 { S }` or `if x != nil { S }` (SPR's guard around a statement; at
// the same lines), and inserts `return` after it when
// it ends the body of an if, an else or a case in a function without
// results and code follows (Kali's return insertion: a branch that
// falls through into the code for the other cases); at the first four lines, it
// inserts early returns `if cond { return results }` (PAR's null and
// range checks) before the function's first statement, its first
// after leading call statements (a precondition's check such as
// panicIfNull(b)), the outermost
// statement around the line and the line's own: cond over the
// variables in scope there, their fields and lengths (`x == nil`,
// `len(x) == 0`, `a >= b.n`, `a == nil || b == nil`), the results what
// the function returns elsewhere, a parameter, the zero values, or a
// comparison of the variables cond tests (`return a == b`), each
// type-checked in place. The lines of the failing run's panic and of
// the calls on its stack (the first failing case's: the panic that
// ended it, or else the last it recovered from, a call of panic or a
// run-time error such as a nil dereference or an index out of range:
// trace.Trace.Panics), in the module's files, take these early returns too, whatever their rank,
// before the other lines: a panic is where a missing guard shows, and a
// localization seldom ranks its line first. No data checks them: they are validated after
// mutation analysis' first fixes, by their lines' order, a line's
// deletions last. Among the spectrum's tied lines, those where the
// failing run raised a panic come first.
//
// A replacement that leaves a local variable unused (`n * rate` by `n *
// tierRate()` after `rate := Base`), which Go does not build, comes with
// `_ = rate` before its statement, so that its patch builds.
//
// This package is partial. The synthesis evaluates expressions on the
// recorded values and replays runs; it does not solve for expressions
// with Z3 (component-based synthesis), checks the guards of the
// statement edits on no data (the validation alone decides), and
// synthesizes no pointers or composite values; a package-level variable is a component where the run stored
// or loaded it before the instance. Its expression algebra is in
// internal/term, the patch schema's sources in internal/schema, the
// statement edits' search of the source in internal/stmtedit, that of
// a site's or a mutant's source in internal/locate, the overfitting
// signs in internal/overfit, how many validation runs go at once in
// internal/runpool, the side-effect check of a call's function in
// internal/purity, the lines tried beyond the sites (by the spectrum,
// the failing run's panic) in internal/lines, the patches' diffs in
// internal/udiff, the phases' shares of the deadline in
// internal/budget.
//
// A call is a component when its function has no side effects by a
// conservative check of its SSA form: a plain function of the site's
// package (no method, closure or generic one, not the site's own
// function nor one that calls it) whose instructions compute on values,
// store only to its own local variables, and call only functions that
// pass the same check (or len, cap, min, max); a store through a
// pointer or to a package-level variable, a map update, a call through
// an interface, a function value or into another package, go, defer,
// panic and channel operations all fail it. Its parameters (at most
// two) and result are of basic types, its arguments variables or
// constants, and the package-level variables it reads of basic types,
// so that its value at an instance is computed by running it in the
// interpreter with those variables preset to their values there. When
// the replaced expression is itself such a call, f(a, b), the calls
// with one integer argument moved by one, f(a + 1, b) and f(a - 1, b),
// are components of size 2 (a forgotten +1 inside a size computation),
// their arguments' values computed from the leaves they are written in.
//
// The standard library's functions are components by a curated table
// instead (internal/stdcall), the predicates and lookups that fixes of
// missing conditions test inputs with: strings' Contains, ContainsRune,
// ContainsAny, HasPrefix, HasSuffix, EqualFold, Index, IndexByte,
// IndexRune, IndexAny, LastIndex, Count, TrimSpace, ToLower, ToUpper;
// unicode's IsSpace, IsDigit, IsLetter, IsUpper, IsLower, IsPunct;
// unicode/utf8's RuneCountInString, ValidString, RuneLen; math's IsNaN,
// IsInf, Abs. A call of one is a component where the site's file
// imports its package (under the file's name for it; a patch adds no
// import), its arguments leaves of its parameters' types (variables,
// constants of the code, character literals among them), not all
// constants, up to 200 calls, each evaluated natively on the leaves'
// values; `strings.ContainsRune(s, '.')` has size 3. A guard's condition
// may be the negation of a condition of the largest size, one past
// MaxSize (`!strings.ContainsRune(s, '.')`; not before a return, whose
// guards pair conditions up to MaxSize). The statement edits' early
// returns take the same predicates, and their negations, over the
// variables in scope and the function's literals (`if
// !strings.ContainsRune(s, '.') { return s }`, validated after the
// other candidates, up to eight a statement).
// The environments of a run are those of its recorded run, so a
// replacement that changes more than one instance of a passing run is
// checked by a replay, and one that changes the path before a later
// instance only approximately until validation. Results come as text and
// JSON, and as SARIF with fixes (package cireport). A branch on a
// variable's value (`if ok && b {`) has no position of its own in
// go/ssa: its source is the variable's use where go/ssa branches on it
// only when the function has one such use. bench/repair measures it on TCAS
// and the historical bugs of bench/realbugs.
//
// Costs: Collect runs each case once, replays each passing instance
// with up to CollectOptions.MaxProbes values, and asks the solver for up
// to SolverValues values per instance; Synthesize enumerates up to
// MaxTerms expressions a size and replays at most MaxReplays runs (and
// as many for the guards before a return), and runs each call component
// (up to 200) once per distinct set of values it reads at the instances,
// and the standard library's calls (up to 200) natively at each instance;
// each patch schema builds the package's test binary once (again
// without the patches a build error points into) and runs it once or
// twice per patch; each validation by a patch's own build builds it and
// runs it.
//
// The exported API is recorded in api/localize/repair.txt; it is new and
// not yet stable: it may change before a first release.
package repair
