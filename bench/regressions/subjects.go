package main

// regression is a real regression between two consecutive tagged
// releases of a library, found by a test that a later release added.
type regression struct {
	name            string
	module          string // module path
	good, bad, fix  string // versions: the test passes on good, fails on bad; fix added the test
	pkg             string // the package tested, relative to the module root ("." or "sub/dir")
	tests           []testFile
	run             string // go test -run pattern of the regression test
	refs            []ref  // the lines of bad that the fix changes on the test's path
	fixURL, fixNote string
}

// ref is a file's reference lines: the lines of the file in bad (relative
// to the module root) that the fix changes, or where its new statement
// goes.
type ref struct {
	file  string
	lines []int
}

// testFile is a file of the fix release put into both versions.
type testFile struct {
	path   string            // in the fix release, relative to the module root
	as     string            // where it goes in the versions (default path)
	keep   []string          // top-level declarations kept (functions, types with their methods, vars); default all
	drop   []string          // top-level declarations dropped
	rename map[string]string // identifiers renamed in what is kept (so as not to clash with the version's own tests)
	raw    bool              // copied as is (a test fixture)
}

// regressions are the benchmark's subjects. Each was checked by hand
// first (the test passes on good and fails on bad with these files); the
// command checks it again before each run. The reference lines are read
// from the upstream fix's diff.
var regressions = []regression{
	{
		name: "godotenv/unquoted-space", module: "github.com/joho/godotenv", good: "v1.4.0", bad: "v1.5.0", fix: "v1.5.1", pkg: ".",
		tests: []testFile{{path: "godotenv_test.go", drop: []string{"TestLinesToIgnore"}}, {path: "fixtures/plain.env", raw: true}},
		run:   "^TestLoadPlainEnv$", refs: []ref{{"parser.go", []int{117, 118, 119, 120, 121, 122}}},
		fixURL: "https://github.com/joho/godotenv/commit/3fc4292", fixNote: "the new parser reads an unquoted value up to the first space",
	},
	{
		name: "mapstructure/squash-pointer", module: "github.com/mitchellh/mapstructure", good: "v1.3.3", bad: "v1.4.0", fix: "v1.4.1", pkg: ".",
		tests: []testFile{{path: "mapstructure_bugs_test.go"}},
		run:   "^TestMapSquash$", refs: []ref{{"mapstructure.go", []int{882, 883, 884, 885, 907, 908}}},
		fixURL: "https://github.com/mitchellh/mapstructure/commit/cbfe794", fixNote: "a pointer-to-struct field is dereferenced whether or not it is squashed",
	},
	{
		name: "mapstructure/compose-no-funcs", module: "github.com/mitchellh/mapstructure", good: "v1.3.3", bad: "v1.4.0", fix: "v1.4.2", pkg: ".",
		tests: []testFile{{path: "decode_hooks_test.go", as: "regress_test.go", keep: []string{"TestComposeDecodeHookFunc_safe_nofuncs"},
			rename: map[string]string{"TestComposeDecodeHookFunc_safe_nofuncs": "TestRegressComposeDecodeHookFunc_safe_nofuncs"}}},
		run: "^TestRegressComposeDecodeHookFunc_safe_nofuncs$", refs: []ref{{"decode_hooks.go", []int{64, 74}}},
		fixURL: "https://github.com/mitchellh/mapstructure/commit/edc5649", fixNote: "ComposeDecodeHookFunc with no funcs returns nil data",
	},
	{
		name: "expr/variadic-nil", module: "github.com/expr-lang/expr", good: "v1.16.9", bad: "v1.17.0", fix: "v1.17.7", pkg: "test/issues/817",
		tests: []testFile{{path: "test/issues/817/issue_test.go"}},
		run:   "^TestIssue817_(1|2)$", refs: []ref{{"vm/vm.go", []int{337, 338}}},
		fixURL: "https://github.com/expr-lang/expr/commit/cf589a4", fixNote: "a nil argument of a variadic function gets the slice's zero value",
	},
	{
		name: "expr/get-nil", module: "github.com/expr-lang/expr", good: "v1.16.9", bad: "v1.17.0", fix: "v1.17.3", pkg: "test/issues/785",
		tests: []testFile{{path: "test/issues/785/issue_test.go"}},
		run:   "^TestIssue785$", refs: []ref{{"builtin/lib.go", []int{377}}},
		fixURL: "https://github.com/expr-lang/expr/commit/28d9b3d", fixNote: "get() of nil lacks its early return",
	},
	{
		name: "expr/fold-predicate", module: "github.com/expr-lang/expr", good: "v1.16.9", bad: "v1.17.0", fix: "v1.17.7", pkg: "test/issues/857",
		tests: []testFile{{path: "test/issues/857/issue_test.go"}},
		run:   "^TestIssue857$", refs: []ref{{"optimizer/fold.go", []int{299, 300, 301, 302}}},
		fixURL: "https://github.com/expr-lang/expr/commit/f423c10", fixNote: "merged filter predicates are not wrapped in a PredicateNode",
	},
	{
		name: "expr/variadic-method", module: "github.com/expr-lang/expr", good: "v1.17.6", bad: "v1.17.7", fix: "v1.17.8", pkg: "test/issues/888",
		tests: []testFile{{path: "test/issues/888/issue_test.go"}},
		run:   "^TestIssue888$", refs: []ref{{"checker/checker.go", []int{1115}}},
		fixURL: "https://github.com/expr-lang/expr/commit/c020e95", fixNote: "a variadic method's element type ignores the receiver's offset",
	},
	{
		name: "expr/disabled-builtin", module: "github.com/expr-lang/expr", good: "v1.17.6", bad: "v1.17.7", fix: "v1.17.8", pkg: "test/issues/924",
		tests: []testFile{{path: "test/issues/924/issue_test.go"}},
		run:   "^TestIssue924_allow_disabling_builtins_and_providing_fn_at_runtime$", refs: []ref{{"parser/parser.go", []int{571, 572, 573, 618, 619, 620}}},
		fixURL: "https://github.com/expr-lang/expr/commit/552eb1b", fixNote: "a disabled builtin without replacement fails at once (the fix deletes the branches)",
	},
	{
		name: "gjson/modifier-options", module: "github.com/tidwall/gjson", good: "v1.14.1", bad: "v1.14.2", fix: "v1.14.3", pkg: ".",
		tests: []testFile{{path: "gjson_test.go"}},
		run:   "^TestDeepModifierWithOptions$", refs: []ref{{"gjson.go", []int{948}}},
		fixURL: "https://github.com/tidwall/gjson/commit/9e84870", fixNote: "a modifier's name ends only at '.' or '|', not at ':'",
	},
	{
		name: "go-toml/custom-unmarshaler-nil", module: "github.com/pelletier/go-toml", good: "v1.7.0", bad: "v1.8.0", fix: "v1.8.1", pkg: ".",
		tests: []testFile{{path: "marshal_test.go", as: "regress_test.go", keep: []string{"Config", "Custom", "TestGithubIssue431"},
			rename: map[string]string{"Config": "regressConfig", "Custom": "regressCustom", "TestGithubIssue431": "TestRegressGithubIssue431"}}},
		run: "^TestRegressGithubIssue431$", refs: []ref{{"marshal.go", []int{717, 718, 719, 720}}},
		fixURL: "https://github.com/pelletier/go-toml/commit/65ca806", fixNote: "a missing key's custom Unmarshaler gets a nil tree",
	},
	{
		name: "cast/numeric-timezone", module: "github.com/spf13/cast", good: "v1.3.1", bad: "v1.4.0", fix: "v1.4.1", pkg: ".",
		tests: []testFile{{path: "cast_test.go", as: "regress_test.go", keep: []string{"TestToTime"},
			rename: map[string]string{"TestToTime": "TestRegressToTime"}}},
		run: "^TestRegressToTime$", refs: []ref{{"caste.go", []int{1299, 1300}}},
		fixURL: "https://github.com/spf13/cast/commit/8807572", fixNote: "two time formats with a numeric zone are typed as having none",
	},
	{
		name: "kong/callback-error-value", module: "github.com/alecthomas/kong", good: "v1.2.1", bad: "v1.3.0", fix: "v1.4.0", pkg: ".",
		tests: []testFile{{path: "options_test.go"}},
		run:   "^TestCallbackNonPointerError$", refs: []ref{{"callbacks.go", []int{84}}},
		fixURL: "https://github.com/alecthomas/kong/commit/f388f6c", fixNote: "IsNil is called on an error held as a non-pointer value",
	},
	{
		name: "kong/empty-root-run", module: "github.com/alecthomas/kong", good: "v1.3.0", bad: "v1.4.0", fix: "v1.6.1", pkg: ".",
		tests: []testFile{{path: "kong_test.go", as: "regress_test.go", keep: []string{"TestIssue483EmptyRootNodeNoRun"},
			rename: map[string]string{"TestIssue483EmptyRootNodeNoRun": "TestRegressIssue483EmptyRootNodeNoRun"}}},
		run: "^TestRegressIssue483EmptyRootNodeNoRun$", refs: []ref{{"context.go", []int{821, 825}}},
		fixURL: "https://github.com/alecthomas/kong/commit/7ca8467", fixNote: "an app whose root has no Run method reaches RunNode(nil)",
	},
	{
		name: "go-toml-v2/unexported-embedded", module: "github.com/pelletier/go-toml/v2", good: "v2.0.7", bad: "v2.0.8", fix: "v2.1.1", pkg: ".",
		tests: []testFile{{path: "unmarshaler_test.go", as: "regress_test.go", keep: []string{"TestIssue915"},
			rename: map[string]string{"TestIssue915": "TestRegressIssue915"}}},
		run: "^TestRegressIssue915$", refs: []ref{{"unmarshaler.go", []int{1096}}},
		fixURL: "https://github.com/pelletier/go-toml/commit/34765b4", fixNote: "CanSet where CanAddr belongs: endless recursion into an unexported embedded struct",
	},
	{
		name: "sqlbuilder/empty-where", module: "github.com/huandu/go-sqlbuilder", good: "v1.26.0", bad: "v1.27.0", fix: "v1.27.2", pkg: ".",
		tests: []testFile{{path: "whereclause_test.go", as: "regress_test.go", keep: []string{"TestEmptyWhereExpr"},
			rename: map[string]string{"TestEmptyWhereExpr": "TestRegressEmptyWhereExpr"}}},
		run: "^TestRegressEmptyWhereExpr$", refs: []ref{{"select.go", []int{149, 150}}},
		fixURL: "https://github.com/huandu/go-sqlbuilder/commit/08114a0", fixNote: "an empty WHERE expression still makes a WHERE clause (in four builders; the test reaches SELECT's)",
	},
	{
		name: "go-yaml/empty-anchor", module: "github.com/goccy/go-yaml", good: "v1.15.17", bad: "v1.15.18", fix: "v1.15.22", pkg: ".",
		tests: []testFile{{path: "decode_test.go", as: "regress_test.go", keep: []string{"TestBytesUnmarshalerWithEmptyValue"},
			rename: map[string]string{"TestBytesUnmarshalerWithEmptyValue": "TestRegressBytesUnmarshalerWithEmptyValue"}}},
		run: "^TestRegressBytesUnmarshalerWithEmptyValue$", refs: []ref{{"internal/format/format.go", []int{137, 138, 176, 177}}},
		fixURL: "https://github.com/goccy/go-yaml/commit/2ac8cff", fixNote: "an empty {} or [] is formatted without its anchor (a file new in the bad release)",
	},
	{
		name: "pflag/reparse-empty", module: "github.com/spf13/pflag", good: "v1.0.6", bad: "v1.0.7", fix: "v1.0.8", pkg: ".",
		tests: []testFile{{path: "flag_test.go", as: "regress_test.go", keep: []string{"TestParseRepeated"},
			rename: map[string]string{"TestParseRepeated": "TestRegressParseRepeated"}}},
		run: "^TestRegressParseRepeated$", refs: []ref{{"flag.go", []int{1161, 1165}}},
		fixURL: "https://github.com/spf13/pflag/commit/d25dd24", fixNote: "Parse of no arguments returns before it resets the arguments (a length check made live)",
	},
	{
		name: "mergo/map-different-types", module: "github.com/imdario/mergo", good: "v0.3.8", bad: "v0.3.9", fix: "v0.3.10", pkg: ".",
		tests: []testFile{{path: "v039_bugs_test.go", as: "regress_test.go", keep: []string{"TestV039Issue152"}}},
		run:   "^TestV039Issue152$", refs: []ref{{"merge.go", []int{88, 147, 167}}},
		fixURL: "https://github.com/imdario/mergo/commit/2367d62", fixNote: "Map with override of a map value by a value of another type fails with a type check made unconditional",
	},
	{
		name: "mergo/map-struct-values", module: "github.com/imdario/mergo", good: "v0.3.8", bad: "v0.3.9", fix: "v0.3.10", pkg: ".",
		tests: []testFile{{path: "v039_bugs_test.go", as: "regress_test.go", keep: []string{"issue146Foo", "issue146Bar", "TestV039Issue146"}}},
		run:   "^TestV039Issue146$", refs: []ref{{"merge.go", []int{88, 147, 167}}},
		fixURL: "https://github.com/imdario/mergo/commit/2367d62", fixNote: "Merge with override does not bring a source map's struct value into the destination's (the same fix as map-different-types)",
	},
	{
		name: "cobra/non-runnable-error", module: "github.com/spf13/cobra", good: "v0.0.5", bad: "v0.0.6", fix: "v0.0.7", pkg: ".",
		tests: []testFile{{path: "command_test.go", as: "regress_test.go", keep: []string{"TestHelpExecutedOnNonRunnableChild"},
			rename: map[string]string{"TestHelpExecutedOnNonRunnableChild": "TestRegressHelpExecutedOnNonRunnableChild"}}},
		run: "^TestRegressHelpExecutedOnNonRunnableChild$", refs: []ref{{"command.go", []int{21, 32, 803, 957, 958, 959, 960}}},
		fixURL: "https://github.com/spf13/cobra/commit/6607e6b", fixNote: "a command that cannot run returns a new error where it returned flag.ErrHelp (the fix reverts it)",
	},
	{
		name: "mergo/embedded-unexported", module: "github.com/imdario/mergo", good: "v0.3.8", bad: "v0.3.9", fix: "v0.3.10", pkg: ".",
		tests: []testFile{{path: "v039_bugs_test.go", as: "regress_test.go", keep: []string{"inner", "outer", "TestV039Issue139"}}},
		run:   "^TestV039Issue139$", refs: []ref{{"merge.go", []int{20, 21, 101, 102, 103, 104, 105, 106, 107, 109, 110, 111}}},
		fixURL: "https://github.com/imdario/mergo/commit/431e3df", fixNote: "an embedded struct of an unexported type is copied, not merged (the fix reverts most of the release's deepMerge; the reference lines are the two hunks on the test's path)",
	},
	{
		name: "cli-v3/help-command-flags", module: "github.com/urfave/cli/v3", good: "v3.6.1", bad: "v3.6.2", fix: "v3.9.0", pkg: ".",
		tests: []testFile{{path: "help_test.go", as: "regress_test.go", keep: []string{"Test_HelpCommand_ParsesFlags"},
			rename: map[string]string{"Test_HelpCommand_ParsesFlags": "TestRegress_HelpCommand_ParsesFlags"}}},
		run: "^TestRegress_HelpCommand_ParsesFlags$", refs: []ref{{"command_run.go", []int{144, 145}}},
		fixURL: "https://github.com/urfave/cli/commit/5af9500", fixNote: "a user's command named help skips the parsing of its flags (the fix checks required flags there instead, in command.go)",
	},
	{
		name: "cobra/flag-completion-root", module: "github.com/spf13/cobra", good: "v1.1.3", bad: "v1.2.0", fix: "v1.2.1", pkg: ".",
		tests: []testFile{{path: "completions_test.go", as: "regress_test.go", keep: []string{"TestFlagCompletionWorksRootCommandAddedAfterFlags"},
			rename: map[string]string{"TestFlagCompletionWorksRootCommandAddedAfterFlags": "TestRegressFlagCompletionWorksRootCommandAddedAfterFlags"}}},
		run: "^TestRegressFlagCompletionWorksRootCommandAddedAfterFlags$", refs: []ref{{"completions.go", []int{104, 105, 108, 109, 110, 111, 405}}, {"command.go", []int{145, 146}}},
		fixURL: "https://github.com/spf13/cobra/commit/de187e8", fixNote: "flag completion functions are stored in the command's root when registered, so a command added to its root afterwards loses them (the fix puts them back in a package map and deletes the field of Command that held them; its changes to bash and fish completion are off the test's path)",
	},
	{
		name: "testify/mock-mutating-stringer", module: "github.com/stretchr/testify", good: "v1.10.0", bad: "v1.11.0", fix: "v1.11.1", pkg: "mock",
		tests: []testFile{{path: "mock/mock_test.go", as: "mock/regress_test.go", keep: []string{"mutatingStringer", "TestIssue1785ArgumentWithMutatingStringer"},
			rename: map[string]string{"TestIssue1785ArgumentWithMutatingStringer": "TestRegressIssue1785ArgumentWithMutatingStringer"}}},
		run: "^TestRegressIssue1785ArgumentWithMutatingStringer$", refs: []ref{{"mock/mock.go", []int{951, 960, 968, 971, 973, 977, 978, 979, 982, 983, 984, 989, 990, 991, 994, 995, 996, 1004, 1005, 1006, 1012, 1013, 1014, 1017, 1018, 1019, 1028, 1029, 1030, 1036, 1037, 1038, 1049, 1050, 1051, 1055, 1056, 1057, 1061, 1062, 1063, 1070, 1071, 1072, 1076, 1077, 1078, 1089, 1090, 1091, 1092, 1094}}},
		fixURL: "https://github.com/stretchr/testify/commit/af8c912", fixNote: "Arguments.Diff formats the arguments lazily, after matching, so a String method that changes its value no longer runs before the match (the fix reverts it: every non-blank line it changes in Diff)",
	},
	{
		name: "go-json/embedded-omitempty", module: "github.com/goccy/go-json", good: "v0.10.0", bad: "v0.10.1", fix: "v0.10.2", pkg: ".",
		tests: []testFile{{path: "encode_test.go", as: "regress_test.go", keep: []string{"TestIssue441"},
			rename: map[string]string{"TestIssue441": "TestRegressIssue441"}}},
		run: "^TestRegressIssue441$", refs: []ref{{"internal/encoder/code.go", []int{400}}},
		fixURL: "https://github.com/goccy/go-json/commit/5e6fe10", fixNote: "lastAnonymousFieldCode skips only StructHead operations, so an embedded struct between omitempty fields gets a wrong NextField (a nil dereference)",
	},
}
