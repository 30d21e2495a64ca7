package testrun

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/internal/modfetch"
	"github.com/faultloc/faultloc/trace/internal/interp"
)

// realModules are small, well-known pure-Go libraries that nobody here
// wrote, fetched through the module proxy: the whole test suite of each
// package listed runs under the interpreter, case by case, and must agree
// with go test -json on the same copy, outcome and output, except for the
// cases listed in cannot with the reason they cannot be interpreted.
var realModules = []struct {
	mod    string            // module@version
	pkg    string            // the package tested, relative to the module root
	flaky  *regexp.Regexp    // cases whose native verdict depends on the machine's load
	cannot map[string]string // case -> why it cannot run under the interpreter
	// randomLog: cases whose native log depends on unseeded randomness,
	// so that the interpreted log matches it by chance only: the verdict
	// must agree, the log is not compared.
	randomLog map[string]string // case -> what varies
	// cannotTests: test functions none of whose cases can run.
	cannotTests map[string]string // test function -> why
}{
	{mod: "github.com/agnivade/levenshtein@v1.2.1", pkg: "."},
	// testify, from source, its most used assertions bridged by hand
	// (internal/bridge/testify.go).
	{mod: "github.com/sergi/go-diff@v1.4.0", pkg: "./diffmatchpatch", cannot: map[string]string{
		"TestDiffMainWithTimeout": "its diffs of long texts exceed the default budget of 10^7 steps " + growthNote,
		"TestIndexConversion":     "its diffs of long texts exceed the default budget of 10^7 steps " + growthNote,
		"TestRuneToInt":           "its loop over all runes exceeds the default budget of 10^7 steps " + growthNote,
	}},
	{mod: "go.uber.org/multierr@v1.11.0", pkg: "."},
	// pkg/errors' format tests expect the module under a
	// github.com/pkg/errors directory, so they fail natively here too.
	{mod: "github.com/pkg/errors@v0.9.1", pkg: ".", cannot: map[string]string{
		"TestStackTrace": closureNameReason,
	}},
	// go-multierror calls github.com/hashicorp/errwrap, another module,
	// interpreted from source as a library.
	{mod: "github.com/hashicorp/go-multierror@v1.1.1", pkg: "."},
	{mod: "github.com/montanaflynn/stats@v0.14.0", pkg: ".", cannot: map[string]string{
		// go test runs TestInterfaceMethods first, which swaps two items
		// of the package variable data1; each case here runs alone.
		"TestHelperMethods":    "it depends on the state TestInterfaceMethods leaves in a package variable (each case runs alone, as go test -run would)",
		"TestOtherDataMethods": statsReflectReason,
	}},
	{mod: "github.com/emirpasic/gods@v1.18.1", pkg: "./trees/redblacktree"},
	{mod: "github.com/emirpasic/gods@v1.18.1", pkg: "./lists/arraylist"},
	{mod: "github.com/google/btree@v1.1.3", pkg: ".", cannot: map[string]string{
		"TestBTree":                      btreeReason,
		"TestBTreeG":                     btreeReason,
		"TestCloneConcurrentOperations":  btreeReason,
		"TestCloneConcurrentOperationsG": btreeReason,
	}},
	{mod: "github.com/pmezard/go-difflib@v1.0.0", pkg: "./difflib"},
	// uuid's tests that compare clock readings fail now and then natively
	// on a loaded machine (the interpreter's clock is virtual).
	{mod: "github.com/google/uuid@v1.6.0", pkg: ".", flaky: regexp.MustCompile(`^(TestVersion1|TestVersion6|TestVersion7.*|TestClockSeq.*|TestNodeAndTime)$`), cannot: map[string]string{
		"TestVersion7MonotonicityStrict": "its 100,000 NewV7 calls exceed the default budget of 10^7 steps " + growthNote,
	}},
	{mod: "golang.org/x/mod@v0.42.0", pkg: "./semver"},
	{mod: "github.com/Masterminds/semver/v3@v3.5.0", pkg: "."},
	{mod: "github.com/hashicorp/go-version@v1.9.0", pkg: "."},
	{mod: "github.com/hashicorp/golang-lru/v2@v2.0.7", pkg: ".", cannot: map[string]string{
		"Test2Q_RandomOps": "its 200,000 random operations exceed the default budget of 10^7 steps " + growthNote,
	}},
	{mod: "golang.org/x/mod@v0.42.0", pkg: "./module"},
	// Goroutines, channels, sync, context and atomic.Value.
	{mod: "golang.org/x/sync@v0.24.0", pkg: "./errgroup"},
	{mod: "golang.org/x/sync@v0.24.0", pkg: "./semaphore"},
	{mod: "golang.org/x/sync@v0.24.0", pkg: "./singleflight", cannot: map[string]string{
		"TestPanicDoChan":           subprocessReason,
		"TestPanicDoSharedByDoChan": subprocessReason,
		// The verdicts agree; the logs print debug.Stack's bytes, which
		// hold native addresses and arguments.
		"TestPanicDo":          stackLogReason,
		"TestPanicErrorUnwrap": stackLogReason,
		"TestPanicErrorUnwrap/panicError_wraps_non-error_type": stackLogReason,
		"TestPanicErrorUnwrap/panicError_wraps_error_type":     stackLogReason,
	}},
	{mod: "github.com/dustin/go-humanize@v1.1.0", pkg: "."},
	// ulid's Parse is return id, parse(s, &id): gc's evaluation order
	// (internal/loader/gcorder.go).
	{mod: "github.com/oklog/ulid/v2@v2.1.2", pkg: ".", cannot: map[string]string{
		"TestRoundTrips":           budgetReason,
		"TestEncoding":             budgetReason,
		"TestLexicographicalOrder": budgetReason,
		"TestULIDTime":             budgetReason,
		"TestCompare":              budgetReason,
		"TestMonotonic/entropy=cryptorand/inc=256":        budgetReason,
		"TestMonotonic/entropy=cryptorand/inc=65536":      budgetReason,
		"TestMonotonic/entropy=cryptorand/inc=4294967296": budgetReason,
		"TestMonotonicSafe":                               budgetReason,
	}},
	// ksuid names subtests with %T (reflect's []uint8) and compares
	// times from time.Unix with time.Now's (both in time.Local).
	{mod: "github.com/segmentio/ksuid@v1.0.4", pkg: ".", randomLog: map[string]string{
		"TestCompressedSet/sparse": randLogReason,
		"TestCompressedSet/packed": randLogReason,
		"TestCompressedSet/mixed":  randLogReason,
	}},
	// xid reads /etc/machine-id (io/ioutil.ReadFile) and os.Getpid.
	{mod: "github.com/rs/xid@v1.6.0", pkg: ".", cannot: map[string]string{
		"TestPadding": budgetReason,
	}},
	// robfig/cron: goroutines, timers and time.Sleep on the virtual clock,
	// log, time zones.
	// Native verdicts depend on timing, the whole suite being real
	// sleeps and timeouts: one case's job sleeping 2 s must outlast Stop
	// by 1.5 s, which it does natively when the case starts in the first
	// half of a second (the virtual clock starts at .25); the chain
	// tests give a job 1 to 3 ms to run, which a loaded machine may not.
	// A native failure is logged; the interpreted verdict must still
	// match every native pass.
	{mod: "github.com/robfig/cron/v3@v3.0.1", pkg: ".", flaky: regexp.MustCompile(`.`)},
	// go-immutable-radix uses golang-lru's generic simplelru, another
	// module, interpreted from source as a library.
	{mod: "github.com/hashicorp/go-immutable-radix/v2@v2.1.0", pkg: ".", cannot: map[string]string{
		"TestRadix":                                     budgetReason,
		"TestRadix_HugeTxn":                             budgetReason,
		"TestTrackMutate_HugeTxn":                       budgetReason,
		"TestIterateLowerBoundFuzz":                     quickLogReason,
		"TestReverseIterator_SeekReverseLowerBoundFuzz": quickLogReason,
	}},
	// backoff's tests log through package log (interpreted from source).
	{mod: "github.com/cenkalti/backoff/v4@v4.3.0", pkg: ".", cannot: map[string]string{
		"TestRetry":         logTimeReason,
		"TestRetryWithData": logTimeReason,
		"TestRetryContext":  logTimeReason,
		"TestTicker":        logTimeReason,
		"TestTickerContext": logTimeReason,
	}},
	// go-cache serializes its items with encoding/gob (interpreted from
	// source), into a temporary file of the run's sandbox too.
	{mod: "github.com/patrickmn/go-cache@v2.1.0+incompatible", pkg: "."},
	// strcase's TestConcurrency starts 10,000 goroutines and returns,
	// within one quantum of the scheduler (budget.go).
	{mod: "github.com/iancoleman/strcase@v0.3.0", pkg: "."},
	// Reflection over interpreted types and values (package interp's
	// reflect_*.go): a struct decoder, and a conversion library whose
	// tests compare with go-cmp.
	{mod: "github.com/go-viper/mapstructure/v2@v2.5.0", pkg: "."},
	// A struct merger and a struct copier.
	{mod: "dario.cat/mergo@v1.0.2", pkg: "."},
	// Its sql.Null* cases run database/sql from source.
	{mod: "github.com/jinzhu/copier@v0.4.0", pkg: "."},
	// cast's map conversions' failure cases fail under go test too, and
	// quicktest reports the difference through go-cmp.
	{mod: "github.com/spf13/cast@v1.10.0", pkg: ".", randomLog: map[string]string{
		"TestStringMap/#04/Value/ToType":            cmpSpaceReason,
		"TestStringMap/#05/Value/ToType":            cmpSpaceReason,
		"TestStringMap/#06/Value/ToType":            cmpSpaceReason,
		"TestStringMapBool/#04/Value/ToType":        cmpSpaceReason,
		"TestStringMapBool/#05/Value/ToType":        cmpSpaceReason,
		"TestStringMapBool/#06/Value/ToType":        cmpSpaceReason,
		"TestStringMapInt/#08/Value/ToType":         cmpSpaceReason,
		"TestStringMapInt/#09/Value/ToType":         cmpSpaceReason,
		"TestStringMapInt64/#09/Value/ToType":       cmpSpaceReason,
		"TestStringMapInt64/#10/Value/ToType":       cmpSpaceReason,
		"TestStringMapString/#05/Value/ToType":      cmpSpaceReason,
		"TestStringMapString/#06/Value/ToType":      cmpSpaceReason,
		"TestStringMapString/#07/Value/ToType":      cmpSpaceReason,
		"TestStringMapString/#08/Value/ToType":      cmpSpaceReason,
		"TestStringMapStringSlice/#13/Value/ToType": cmpSpaceReason,
		"TestStringMapStringSlice/#14/Value/ToType": cmpSpaceReason,
		"TestStringMapStringSlice/#15/Value/ToType": cmpSpaceReason,
		"TestStringMapStringSlice/#16/Value/ToType": cmpSpaceReason,
		"TestStringMapStringSlice/#17/Value/ToType": cmpSpaceReason,
		"TestStringMapStringSlice/#18/Value/ToType": cmpSpaceReason,
	}},
	{mod: "github.com/sony/gobreaker/v2@v2.4.0", pkg: ".", cannot: map[string]string{
		"TestCircuitBreakerInParallel": budgetReason,
		// The subtest relies on the state the subtests before it leave
		// (go test -run with its name alone fails natively too).
		"TestCustomDistributedCircuitBreaker/Timeout_and_Half-Open_State": "it depends on the state the subtests before it leave (each case runs alone, as go test -run would)",
	}},
	// HTTP routers: requests, recorders and handlers of net/http, run
	// natively with the routers' handlers interpreted.
	{mod: "github.com/julienschmidt/httprouter@v1.3.0", pkg: ".", cannot: map[string]string{
		"TestPathCleanMallocs": "same verdict, other log: runtime.GOMAXPROCS is 1 in the interpreter, so it does not log that it skips its allocation checks",
	}},
	{mod: "github.com/gorilla/mux@v1.8.1", pkg: ".", cannot: map[string]string{
		"TestMiddleware/not_called_for_404":                                                          subtestStateReason,
		"TestMiddleware/not_called_for_method_mismatch":                                              subtestStateReason,
		"TestMiddleware/regular_call_using_function_middleware":                                      subtestStateReason,
		"TestMiddlewareSubrouter/not_called_for_404_inside_subrouter":                                subtestStateReason,
		"TestMiddlewareSubrouter/middleware_added_to_router/called_once_for_route_outside_subrouter": subtestStateReason,
		"TestMiddlewareSubrouter/middleware_added_to_router/called_twice_for_route_inside_subrouter": subtestStateReason,
	}},
}

const (
	// subtestStateReason: go test -run with the subtest's name alone
	// fails natively too.
	subtestStateReason = "it depends on the state the subtests before it leave (each case runs alone, as go test -run would)"
	btreeReason        = "its random trees of 10,000 items exceed the default budget of 10^7 steps " + growthNote
	// closureNameReason: gc names a closure that another closure holds,
	// once inlined, after both (F.F.func2.func3); the interpreter as
	// go/ssa does (F.func2.1).
	closureNameReason = "same verdict, other log: the stack trace it prints names a closure inside a closure TestStackTrace.func2.1, where go test's runtime names it TestStackTrace.TestStackTrace.func2.func3"
	// statsReflectReason: its helper names functions by
	// runtime.FuncForPC(reflect.ValueOf(f).Pointer()).
	statsReflectReason = "runtime.FuncForPC of a func's (reflect.Value).Pointer names no function: the emulation's Pointer is no code address"
	// subprocessReason: the test runs its own binary (os.Executable,
	// os/exec), which an interpreted test does not have.
	subprocessReason = "it runs the test binary again as a subprocess (os.Executable): not bridged"
	stackLogReason   = "same verdict, other log: it logs the bytes of a stack trace, whose addresses and arguments differ"
	budgetReason     = "it exceeds the default budget of 10^7 steps " + growthNote
	// growthNote ends the reasons of cases that need more steps than the
	// default budget gives and than its growth gives in GrowTime.
	growthNote = "and what 5 s of its growth give"
	// quickLogReason: testing/quick draws from RunOptions.Seed, natively
	// from the time.
	quickLogReason = "same verdict, other log: it logs the random values testing/quick generates, seeded otherwise natively"
	// logTimeReason: log.LstdFlags stamps the virtual clock's time.
	logTimeReason = "same verdict, other log: its log lines carry the time (log.LstdFlags), the virtual clock's when interpreted"
	// cmpSpaceReason: go-cmp's reports indent some lines with
	// non-breaking spaces or not as a random choice seeded with the
	// time's seconds, the virtual clock's when interpreted.
	cmpSpaceReason = "go-cmp's report indents its lines with spaces chosen at random from the time"
	// randLogReason: crypto/rand draws from RunOptions.Seed's stream.
	randLogReason = "it logs a size that depends on crypto/rand's bytes, the seeded stream's when interpreted"
)

// realSample are the realModules (module, then package) whose suites go
// test ./... runs: a plain library, one whose cases that cannot run are
// listed, goroutines with context and sync, a second module
// interpreted from source as a library, reflection, and an HTTP router.
// With the build tag long
// (longtest.Enabled; .ci/run) all of realModules run, in minutes.
var realSample = map[string]bool{
	"github.com/agnivade/levenshtein@v1.2.1 .":     true,
	"github.com/pkg/errors@v0.9.1 .":               true,
	"golang.org/x/sync@v0.24.0 ./errgroup":         true,
	"github.com/hashicorp/go-multierror@v1.1.1 .":  true,
	"github.com/go-viper/mapstructure/v2@v2.5.0 .": true,
	"github.com/julienschmidt/httprouter@v1.3.0 .": true,
}

// TestRealPackagesMatchGoTest interprets the full test suites of
// realModules (realSample without the build tag long) and compares every
// case with go test -json.
func TestRealPackagesMatchGoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads modules and runs their suites")
	}
	for _, m := range realModules {
		if !longtest.Enabled && !realSample[m.mod+" "+m.pkg] {
			continue
		}
		t.Run(m.mod[strings.LastIndex(m.mod, "/")+1:]+"/"+strings.TrimPrefix(m.pkg, "./"), func(t *testing.T) {
			t.Parallel()
			dir := modfetch.Fetch(t, m.mod)
			cmd := exec.Command("go", "test", "-vet=off", "-json", m.pkg)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, _ := cmd.Output() // failing tests make go test exit 1
			j, err := parseGoTestJSON(out)
			if err != nil {
				t.Fatalf("go test -json %s: %v\n%s", m.pkg, err, stderr.String())
			}
			p, err := interp.Load(bgContext, &interp.Config{Dir: dir, Tests: true, Env: cmd.Env, Module: true}, m.pkg)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Packages) == 0 {
				t.Fatal("no package loaded")
			}
			var pkg string
			for k := range j.order {
				pkg = k
			}
			// A test function that cannot be interpreted hides the subtests
			// it would have run: ListTests must then agree only when it
			// reports no error.
			cases, listErr := p.ListTests(bgContext, pkg, nil)
			leaves := j.leaves(pkg)
			if len(leaves) == 0 {
				t.Fatal("go test ran no test")
			}
			agree := 0
			for _, name := range leaves {
				why, cannot := m.cannot[name]
				if w, ok := m.cannotTests[strings.SplitN(name, "/", 2)[0]]; ok {
					why, cannot = w, true
				}
				res, err := p.RunGoTest(bgContext, pkg, name, &interp.RunOptions{NoTrace: true})
				var diff string
				switch {
				case err != nil:
					diff = err.Error()
				default:
					want := j.action[pkg+" "+name]
					got := "pass"
					if res.Failed {
						got = "fail"
					} else if res.Skipped {
						got = "skip"
					}
					wantLog := j.log(pkg, name)
					_, randomLog := m.randomLog[name]
					if got != want || !res.Ran {
						diff = fmt.Sprintf("interpreted %s (%v), go test %s; log:\n%s", got, res.Outcome, want, res.Log)
					} else if res.Log != wantLog && !randomLog {
						diff = "log:\n" + res.Log + "\ngo test -json:\n" + wantLog
					}
				}
				// A case that needs more steps than the default budget
				// gets them for GrowTime of wall-clock time: whether it
				// ends by then depends on the machine, so its verdict is
				// logged, not checked, either way.
				outOfSteps := cannot && strings.HasSuffix(why, growthNote) || err == nil && res.Outcome == interp.BudgetExceeded && strings.HasSuffix(res.Failure, "steps executed")
				switch {
				case outOfSteps:
					if diff == "" {
						agree++
					}
					t.Logf("%s, which needs more steps than the default budget, agrees with go test: %v (%s)", name, diff == "", diff)
				case diff == "":
					agree++
					if cannot {
						t.Errorf("%s agrees with go test now: remove it from the cases that cannot run (%s)", name, why)
					}
				case m.flaky != nil && m.flaky.MatchString(name) && j.action[pkg+" "+name] == "fail":
					t.Logf("%s failed natively, a timing-dependent verdict: %s", name, diff)
				case !cannot:
					t.Errorf("%s: %s", name, diff)
				default:
					t.Logf("%s cannot run: %s (%s)", name, why, diff)
				}
			}
			// The same cases; their order may differ where subtests come
			// from ranging over a map (uuid's TestJSONUnmarshal), random
			// in go test, insertion order here, and where parallel tests
			// start their subtests after the tests that follow them
			// (ulid).
			if listErr == nil && !slices.Equal(slices.Sorted(slices.Values(cases)), slices.Sorted(slices.Values(leaves))) {
				only := func(a, b []string) []string {
					var out []string
					for _, x := range a {
						if !slices.Contains(b, x) {
							out = append(out, x)
						}
					}
					return out
				}
				t.Errorf("ListTests lists %q that go test did not run and misses %q", only(cases, leaves), only(leaves, cases))
			}
			t.Logf("%s: %d of %d test cases agree with go test -json", m.mod, agree, len(leaves))
		})
	}
}
