// Package historical holds the historical bugs of bench/realbugs: real
// bugs of public Go libraries, each put back into a release that
// contains its fix, and the steps that make a copy of the release with
// the bug (Prepare, PutBack, Validate). bench/realbugs localizes them,
// bench/repair repairs them.
package historical

// Bug is a real bug of a public Go library, fixed upstream by one commit
// (or, where the commit is not known here, between two tagged releases):
// a tagged release that contains the fix, the bug put back by one literal
// replacement (the reverse of the fix), and the release's own test that the
// fix made pass.
type Bug struct {
	Name   string
	Module string // path@version: a release that contains the fix
	File   string // the file of the fix, relative to the module root
	Pkg    string // the package tested, relative to the module root (default ".")
	Fixed  string // the fixed text, as the release has it: whole lines, once in File
	Buggy  string // the text before the fix: the bug put back
	Run    string // go test -run: ^Name$ or ^(Name|Name)$
	Repo   string // the upstream repository
	Commit string // the upstream commit that fixed the bug; "" when only Since is known
	Since  string // with Commit "": the last release without the fix (the fix is between Since and Module's version)
	Desc   string // the bug, in one line
	Kind   Kind
}

// Kind is what a fix changed.
type Kind int

const (
	WrongOperator    Kind = iota + 1 // a relational or arithmetic operator
	WrongBound                       // a loop or size bound off by one or over the wrong length
	WrongCondition                   // a condition that tests the wrong thing (not only its operator)
	WrongVariable                    // one variable used for another
	WrongExpression                  // a computed value other than a variable or operator
	WrongConstant                    // a literal
	WrongCall                        // the wrong function or method called
	MissingCondition                 // a guard (if with early exit or correction) left out
	MissingStatement                 // a statement left out
	ExtraStatement                   // a statement that does not belong (the fix deleted it)
)

// String returns the kind in words ("wrong operator").
func (k Kind) String() string {
	switch k {
	case WrongOperator:
		return "wrong operator"
	case WrongBound:
		return "wrong bound"
	case WrongCondition:
		return "wrong condition"
	case WrongVariable:
		return "wrong variable"
	case WrongExpression:
		return "wrong expression"
	case WrongConstant:
		return "wrong constant"
	case WrongCall:
		return "wrong call"
	case MissingCondition:
		return "missing condition"
	case MissingStatement:
		return "missing statement"
	case ExtraStatement:
		return "extra statement"
	}
	return "unknown kind"
}

// Bugs are the historical bugs. Where a later upstream change touched
// the fixed lines, Fixed is the release's text and Buggy the same lines
// without the fix; Desc says so.
var Bugs = []Bug{
	{
		Name: "bitset/shiftright-clear", Module: "github.com/bits-and-blooms/bitset@v1.24.4", File: "bitset.go",
		Fixed: "\tfor i := int(idx-pages) + 1; i < len(b.set); i++ {\n",
		Buggy: "\tfor i := int(idx-pages) + 1; i <= int(idx); i++ {\n",
		Run:   "^TestShiftRightFull$",
		Repo:  "github.com/bits-and-blooms/bitset", Commit: "f0f8af2f5d5f800f7d7f5b8598feff0ea3ebee8f",
		Desc: "ShiftRight by whole words clears up to the old top word, past the end of the slice it has just shortened (index out of range)",
		Kind: WrongBound,
	},
	{
		Name: "bitset/shiftright-all", Module: "github.com/bits-and-blooms/bitset@v1.24.4", File: "bitset.go",
		Fixed: "\tif bits > top {\n\t\tb.set = make([]uint64, wordsNeeded(b.length))\n",
		Buggy: "\tif bits >= top {\n\t\tb.set = make([]uint64, wordsNeeded(b.length))\n",
		Run:   "^TestShiftRightFull$",
		Repo:  "github.com/bits-and-blooms/bitset", Commit: "57b66943bf177a10b96fae865ba70d142347f8ef",
		Desc: "ShiftRight by exactly the index of the top set bit clears the whole set instead of keeping that bit at 0",
		Kind: WrongOperator,
	},
	{
		Name: "bitset/shiftleft-size", Module: "github.com/bits-and-blooms/bitset@v1.24.4", File: "bitset.go",
		Fixed: "\tnsize := wordsNeeded(top + bits + 1)\n",
		Buggy: "\tnsize := wordsNeeded(top + bits)\n",
		Run:   "^TestShiftLeft$",
		Repo:  "github.com/bits-and-blooms/bitset", Commit: "17c8f69c1cdbae56642bf6209a7098b82d569fb2",
		Desc: "ShiftLeft sizes the new word slice for top+bits bits, one short when the top bit lands on a word's first bit (index out of range)",
		Kind: WrongBound,
	},
	{
		Name: "bitset/shrink", Module: "github.com/bits-and-blooms/bitset@v1.24.4", File: "bitset.go",
		Fixed: "\tlastWordUsedBits := length % 64\n\tif lastWordUsedBits != 0 {\n\t\tb.set[idx-1] &= allBits >> uint64(64-wordsIndex(lastWordUsedBits))\n\t}\n",
		Buggy: "\tif length < 64 {\n\t\tb.set[idx-1] &= allBits >> uint64(64-wordsIndex(length))\n\t}\n",
		Run:   "^TestShrink$",
		Repo:  "github.com/bits-and-blooms/bitset", Commit: "fd653373a687cb860efcbaf2fd0743fee18872db",
		Desc: "Shrink clears the unused bits of the last word only when the new length fits in one word",
		Kind: WrongCondition,
	},
	{
		Name: "bitset/shrink-past-length", Module: "github.com/bits-and-blooms/bitset@v1.28.0", File: "bitset.go",
		Fixed: "\tif lastbitindex >= b.length {\n\t\treturn b\n\t}\n\tlength := lastbitindex + 1\n",
		Buggy: "\tlength := lastbitindex + 1\n",
		Run:   "^(TestShrinkOutOfBounds|TestShrinkMaxIndex|TestCompactNoBitsSetShort)$",
		Repo:  "github.com/bits-and-blooms/bitset", Since: "v1.27.0",
		Desc: "Shrink to an index at or past the length sets the length to index+1, growing the set (or emptying it when index+1 wraps to 0) instead of leaving it alone",
		Kind: MissingCondition,
	},
	{
		Name: "bitset/onesbetween-past-length", Module: "github.com/bits-and-blooms/bitset@v1.26.0", File: "bitset.go",
		Fixed: "\t// Bits at or past length are unset, so clamp before indexing b.set.\n\tif to > b.length {\n\t\tto = b.length\n\t}\n\n",
		Buggy: "",
		Run:   "^TestBitSetOnesBetween$",
		Repo:  "github.com/bits-and-blooms/bitset", Since: "v1.25.0",
		Desc: "OnesBetween does not clamp a range reaching past the length, so it indexes words past the end of the set (index out of range)",
		Kind: MissingCondition,
	},
	{
		Name: "version/equal-nil", Module: "github.com/hashicorp/go-version@v1.9.0", File: "version.go",
		Fixed: "\tif v == nil || o == nil {\n\t\treturn v == o\n\t}\n\n\treturn v.Compare(o) == 0\n",
		Buggy: "\treturn v.Compare(o) == 0\n",
		Run:   "^TestVersionEqual_nil$",
		Repo:  "github.com/hashicorp/go-version", Commit: "a6043353333f90fd8ca9e55dd006201a25d5aedb",
		Desc: "Equal dereferences a nil *Version instead of comparing nil with nil (nil pointer dereference)",
		Kind: MissingCondition,
	},
	{
		Name: "version/segments64", Module: "github.com/hashicorp/go-version@v1.9.0", File: "version.go",
		Fixed: "\tresult := make([]int64, len(v.segments))\n\tcopy(result, v.segments)\n\treturn result\n",
		Buggy: "\treturn v.segments\n",
		Run:   "^TestVersionSegments64$",
		Repo:  "github.com/hashicorp/go-version", Commit: "4e333d3bd8967ebb4613c25876444a5f7f6bfdbb",
		Desc: "Segments64 returns the version's own slice, so a caller's change alters the version",
		Kind: MissingStatement,
	},
	{
		Name: "strcase/lowercamel-space", Module: "github.com/iancoleman/strcase@v0.3.0", File: "camel.go",
		Fixed: "func toCamelInitCase(s string, initCase bool) string {\n\ts = strings.TrimSpace(s)\n",
		Buggy: "func toCamelInitCase(s string, initCase bool) string {\n",
		Run:   "^TestToLowerCamel$",
		Repo:  "github.com/iancoleman/strcase", Commit: "692d1b89fed27aadf9d3ea07717014dffe558ede",
		Desc: "ToLowerCamel keeps a leading space, which then capitalises the first word",
		Kind: MissingStatement,
	},
	{
		Name: "gods/arraylist-contains", Module: "github.com/emirpasic/gods@v1.18.1", File: "lists/arraylist/arraylist.go", Pkg: "./lists/arraylist",
		Fixed: "\t\tfor index := 0; index < list.size; index++ {\n\t\t\tif list.elements[index] == searchValue {\n",
		Buggy: "\t\tfor _, element := range list.elements {\n\t\t\tif element == searchValue {\n",
		Run:   "^TestListContains$",
		Repo:  "github.com/emirpasic/gods", Commit: "b486cc91bf4bc89e2213067cc005c30a3738a780",
		Desc: "ArrayList.Contains searches the whole backing array, past the list's size, so it finds nil in the spare capacity",
		Kind: WrongBound,
	},
	{
		Name: "gods/treeset-last", Module: "github.com/emirpasic/gods@v1.18.1", File: "sets/treeset/iterator.go", Pkg: "./sets/treeset",
		Fixed: "\titerator.End()\n\treturn iterator.Prev()\n",
		Buggy: "\titerator.End()\n\treturn iterator.iterator.Last()\n",
		Run:   "^TestSetIteratorLast$",
		Repo:  "github.com/emirpasic/gods", Commit: "413aad030416e2632d07afbb70487ee4c7e98c50",
		Desc: "the tree set iterator's Last moves the tree's iterator directly, leaving the set iterator's index one past the end",
		Kind: WrongCall,
	},
	{
		Name: "humanize/reltime-offbyone", Module: "github.com/dustin/go-humanize@v1.1.0", File: "times.go",
		Fixed: "\t\treturn magnitudes[i].D > diff\n",
		Buggy: "\t\treturn magnitudes[i].D >= diff\n",
		Run:   "^TestReltimeOffbyone$",
		Repo:  "github.com/dustin/go-humanize", Commit: "bb3d318650d48840a39aa21a027c6630e198e626",
		Desc: "RelTime picks the next magnitude for a difference exactly on a boundary (one week ago reads 6 days ago)",
		Kind: WrongOperator,
	},
	{
		Name: "humanize/customreltime-panic", Module: "github.com/dustin/go-humanize@v1.1.0", File: "times.go",
		Fixed: "\tif n >= len(magnitudes) {\n\t\tn = len(magnitudes) - 1\n\t}\n",
		Buggy: "",
		Run:   "^TestCustomRelTime$",
		Repo:  "github.com/dustin/go-humanize", Commit: "2064d2b8b5e33b3e5d175b3d9c5b90ba7b212665",
		Desc: "CustomRelTime indexes past its magnitude table for a difference larger than the last entry (index out of range; the fix named len(magnitudes) lenMag)",
		Kind: MissingCondition,
	},
	{
		Name: "humanize/strip-zeros", Module: "github.com/dustin/go-humanize@v1.1.0", File: "ftoa.go",
		Fixed: "\tif !strings.ContainsRune(s, '.') {\n\t\treturn s\n\t}\n",
		Buggy: "",
		Run:   "^TestFtoaWithDigits$",
		Repo:  "github.com/dustin/go-humanize", Commit: "9ec74ab2f7a7161664182fd4e5e292fccffbc75f",
		Desc: "stripTrailingZeros strips the zeros of a number without a decimal point (20 reads 2)",
		Kind: MissingCondition,
	},
	{
		Name: "semver/range-rewrite", Module: "github.com/Masterminds/semver/v3@v3.5.0", File: "constraints.go",
		Fixed: "\t\tt := fmt.Sprintf(\">= %s, <= %s \", v[1], v[11])\n",
		Buggy: "\t\tt := fmt.Sprintf(\">= %s, <= %s\", v[1], v[11])\n",
		Run:   "^TestRewriteRange$",
		Repo:  "github.com/Masterminds/semver", Commit: "b1bb76193b9e8c97a10a4cb1d37d94a7b17e8482",
		Desc: "a hyphen range is rewritten without a trailing space, which runs into the next constraint of an AND group",
		Kind: WrongConstant,
	},
	{
		Name: "semver/incpatch-overflow", Module: "github.com/Masterminds/semver/v3@v3.5.0", File: "version.go",
		Fixed: "\t\tif v.patch == math.MaxUint64 {\n\t\t\tpanic(\"patch version increment would overflow uint64\")\n\t\t}\n",
		Buggy: "",
		Run:   "^TestIncPatchOverflow$",
		Repo:  "github.com/Masterminds/semver", Commit: "b65b33f02f13ee4bf96b5d18ad16cab9515f72ea",
		Desc: "IncPatch wraps a patch number of MaxUint64 around to 0 instead of panicking",
		Kind: MissingCondition,
	},
	{
		Name: "glob/row-length", Module: "github.com/gobwas/glob@v0.2.3", File: "match/row.go",
		Fixed: "\t\tif i > self.RunesLength {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn self.RunesLength == i\n",
		Buggy: "\t\tif i >= self.RunesLength {\n\t\t\treturn true\n\t\t}\n\t}\n\n\treturn false\n",
		Run:   "^TestGlob$",
		Repo:  "github.com/gobwas/glob", Commit: "0354991b92587e2742549d3036f3b5bae5ab03f2",
		Desc: "a row of fixed-length matchers accepts any string at least as long as the row, so sta? matches stagnation",
		Kind: WrongCondition,
	},
	{
		Name: "stats/mode-distinct", Module: "github.com/montanaflynn/stats@v0.14.0", File: "mode.go",
		Fixed: "\tif maxCnt == 1 || len(mode)*maxCnt == l && maxCnt != l {\n",
		Buggy: "\tif maxCnt == 1 {\n",
		Run:   "^TestMode$",
		Repo:  "github.com/montanaflynn/stats", Commit: "5391ebe88c319ab997c4483517123a1b4929dcc8",
		Desc: "Mode returns every value of a slice whose values all occur equally often (more than once) instead of no mode",
		Kind: MissingCondition,
	},
	{
		Name: "stats/entropy-mutation", Module: "github.com/montanaflynn/stats@v0.14.0", File: "entropy.go",
		Fixed: "\tc := copyslice(input)\n\tfor i := 0; i < c.Len(); i++ {\n\t\tc[i] = c[i] / sum\n\t}\n\treturn c, nil\n",
		Buggy: "\tfor i := 0; i < input.Len(); i++ {\n\t\tinput[i] = input[i] / sum\n\t}\n\treturn input, nil\n",
		Run:   "^TestEntropyInputNotMutated$",
		Repo:  "github.com/montanaflynn/stats", Commit: "e15914eeb24e8bbc6b1bc51b311d271cdc453056",
		Desc: "Entropy normalizes its caller's slice in place instead of a copy",
		Kind: MissingStatement,
	},
	{
		Name: "stats/quartile-single", Module: "github.com/montanaflynn/stats@v0.12.6", File: "quartile.go",
		Fixed: "\tif il < 2 {\n\t\treturn Quartiles{}, EmptyInputErr\n",
		Buggy: "\tif il == 0 {\n\t\treturn Quartiles{}, EmptyInputErr\n",
		Run:   "^(TestQuartileSingleElement|TestInterQuartileRange|TestMidhinge|TestTrimean|TestQuartileOutliersSingleElement)$",
		Repo:  "github.com/montanaflynn/stats", Since: "v0.12.5",
		Desc: "Quartile of one value returns NaN quartiles (medians of empty halves) with a nil error, and so do InterQuartileRange, Midhinge, Trimean and QuartileOutliers, which take its error",
		Kind: WrongCondition,
	},
	{
		Name: "stats/percentileofscore-nan", Module: "github.com/montanaflynn/stats@v0.14.0", File: "percentile_of_score.go",
		Fixed: "\t// A NaN is neither below, equal to, nor above the score\n\tif hasNaN(input) {\n\t\treturn math.NaN(), nil\n\t}\n\n",
		Buggy: "",
		Run:   "^(TestOrderStatisticsPropagateNaN|TestNaNInputPropagates)$",
		Repo:  "github.com/montanaflynn/stats", Since: "v0.13.0",
		Desc: "PercentileOfScore of data holding a NaN counts the values below and equal to the score as if the NaN were absent instead of returning NaN",
		Kind: MissingCondition,
	},
	{
		Name: "edlib/lcs-backtrack-unicode", Module: "github.com/hbollon/go-edlib@v1.7.0", File: "lcs.go",
		Fixed: "\t\treturn processLCSBacktrack(str1, str2, lcsMatrix, m-1, n-1) + string(runeStr1[m-1])\n",
		Buggy: "\t\treturn processLCSBacktrack(str1, str2, lcsMatrix, m-1, n-1) + string(str1[m-1])\n",
		Run:   "^TestLCSBacktrack$",
		Repo:  "github.com/hbollon/go-edlib", Commit: "36742328e1655a916a023dbf5b2ad375475ad44e",
		Desc: "LCSBacktrack appends the string's byte at a rune index instead of the rune, garbling non-ASCII input",
		Kind: WrongVariable,
	},
	{
		Name: "edlib/qgram-similarity", Module: "github.com/hbollon/go-edlib@v1.7.0", File: "qgram.go",
		Fixed: "\ttotalShingles := 0\n\tfor _, i := range splittedStr1 {\n\t\ttotalShingles += i\n\t}\n\tfor _, i := range splittedStr2 {\n\t\ttotalShingles += i\n\t}\n\treturn 1 - (res / float32(totalShingles))\n",
		Buggy: "\treturn 1 - (res / float32(len(splittedStr1)+len(splittedStr2)))\n",
		Run:   "^TestStringsSimilarity$",
		Repo:  "github.com/hbollon/go-edlib", Commit: "12ac3d78fb78e00261e0ac4aa2951368e5f82941",
		Desc: "QgramSimilarity divides by the number of distinct q-grams instead of all of them",
		Kind: WrongExpression,
	},
	{
		Name: "gjson/empty-value-query", Module: "github.com/tidwall/gjson@v1.18.0", File: "gjson.go",
		Fixed: "\t\t\t\t\tif len(value) >= 2 && value[0] == '\"' &&\n",
		Buggy: "\t\t\t\t\tif len(value) > 2 && value[0] == '\"' &&\n",
		Run:   "^TestEmptyValueQuery$",
		Repo:  "github.com/tidwall/gjson", Commit: "0b52f9a3618fb33e3cde84f9db7b73e324dff643",
		Desc: "a query value \"\" keeps its quotes, so a query for an empty string matches nothing",
		Kind: WrongOperator,
	},
	{
		Name: "gjson/literal-raw", Module: "github.com/tidwall/gjson@v1.18.0", File: "gjson.go",
		Fixed: "\t\tif json[i] < 'a' || json[i] > 'z' {\n\t\t\treturn json[:i]\n",
		Buggy: "\t\tif json[i] <= 'a' || json[i] >= 'z' {\n\t\t\treturn json[:i]\n",
		Run:   "^TestResultRawForLiteral$",
		Repo:  "github.com/tidwall/gjson", Commit: "922b012d22650c29a4d6bd49a7e5d3daba9eeaf7",
		Desc: "tolit stops at an 'a' or a 'z', so the raw text of false is f",
		Kind: WrongOperator,
	},
	{
		Name: "decimal/mod", Module: "github.com/shopspring/decimal@v1.4.0", File: "decimal.go",
		Fixed: "\t_, r := d.QuoRem(d2, 0)\n\treturn r\n",
		Buggy: "\tquo := d.DivRound(d2, -d.exp+1).Truncate(0)\n\treturn d.Sub(d2.Mul(quo))\n",
		Run:   "^TestDecimal_Mod$",
		Repo:  "github.com/shopspring/decimal", Commit: "7b4ffbcd3c86a54ce53fa3324e71487c95e4cafe",
		Desc: "Mod takes a quotient rounded to the nearest integer before truncating it, one too many when the divisor is a little over half the dividend (41 mod 21 reads -1)",
		Kind: WrongExpression,
	},
	{
		Name: "decimal/neg-zero", Module: "github.com/shopspring/decimal@v1.4.0", File: "decimal.go",
		Fixed: "func (d Decimal) Neg() Decimal {\n\td.ensureInitialized()\n",
		Buggy: "func (d Decimal) Neg() Decimal {\n",
		Run:   "^TestDecimal_NegFromEmpty$",
		Repo:  "github.com/shopspring/decimal", Commit: "e3482495ff4cba75613e4177ed79825c890058a9",
		Desc: "Neg of the zero Decimal{} negates its nil big.Int (nil pointer dereference)",
		Kind: MissingStatement,
	},
	{
		Name: "godotenv/unquoted-space", Module: "github.com/joho/godotenv@v1.5.1", File: "parser.go",
		Fixed: "\t\t// unquoted value - read until end of line\n\t\tendOfLine := bytes.IndexFunc(src, isLineEnd)\n\n\t\t// Hit EOF without a trailing newline\n\t\tif endOfLine == -1 {\n\t\t\tendOfLine = len(src)\n\n\t\t\tif endOfLine == 0 {\n\t\t\t\treturn \"\", nil, nil\n\t\t\t}\n\t\t}\n\n\t\t// Convert line to rune away to do accurate countback of runes\n\t\tline := []rune(string(src[0:endOfLine]))\n\n\t\t// Assume end of line is end of var\n\t\tendOfVar := len(line)\n\t\tif endOfVar == 0 {\n\t\t\treturn \"\", src[endOfLine:], nil\n\t\t}\n\n\t\t// Work backwards to check if the line ends in whitespace then\n\t\t// a comment (ie asdasd # some comment)\n\t\tfor i := endOfVar - 1; i >= 0; i-- {\n\t\t\tif line[i] == charComment && i > 0 {\n\t\t\t\tif isSpace(line[i-1]) {\n\t\t\t\t\tendOfVar = i\n\t\t\t\t\tbreak\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\n\t\ttrimmed := strings.TrimFunc(string(line[0:endOfVar]), isSpace)\n\n\t\treturn expandVariables(trimmed, vars), src[endOfLine:], nil\n",
		Buggy: "\t\t// unquoted value - read until whitespace\n\t\tend := bytes.IndexFunc(src, unicode.IsSpace)\n\t\tif end == -1 {\n\t\t\treturn expandVariables(string(src), vars), nil, nil\n\t\t}\n\n\t\treturn expandVariables(string(src[0:end]), vars), src[end:], nil\n",
		Run:   "^(TestLoadPlainEnv|TestParsing|TestReadPlainEnv|TestTrailingNewlines)$",
		Repo:  "github.com/joho/godotenv", Commit: "3fc4292b58a67b78e1dbb6e47b4879a6cc602ec4",
		Desc: "an unquoted value ends at its first space instead of at the end of the line (less a trailing comment), so OPTION_H=1 2 reads 1",
		Kind: WrongExpression,
	},
	{
		Name: "mapstructure/squash-pointer", Module: "github.com/mitchellh/mapstructure@v1.4.1", File: "mapstructure.go",
		Fixed: "\t\tv := dataVal.Field(i)\n\t\tif !v.Type().AssignableTo(valMap.Type().Elem()) {\n",
		Buggy: "\t\tv := dataVal.Field(i)\n\t\tif v.Kind() == reflect.Ptr && v.Elem().Kind() == reflect.Struct {\n\t\t\t// Handle embedded struct pointers as embedded structs.\n\t\t\tv = v.Elem()\n\t\t}\n\t\tif !v.Type().AssignableTo(valMap.Type().Elem()) {\n",
		Run:   "^(TestMapSquash|TestDecode_StructTaggedWithOmitempty_KeepNonEmptyValues)$",
		Repo:  "github.com/mitchellh/mapstructure", Commit: "cbfe7942a733e1acd6e6d46e8a61e243f42da29e",
		Desc: "decoding a struct into a map dereferences every pointer-to-struct field, squashed or not, so a map of pointers gets struct values (the fix moved the dereference under the squash test)",
		Kind: MissingCondition,
	},
	{
		Name: "mapstructure/compose-no-funcs", Module: "github.com/mitchellh/mapstructure@v1.4.2", File: "decode_hooks.go",
		Fixed: "\t\tvar err error\n\t\tdata := f.Interface()\n",
		Buggy: "\t\tvar err error\n\t\tvar data interface{}\n",
		Run:   "^TestComposeDecodeHookFunc_safe_nofuncs$",
		Repo:  "github.com/mitchellh/mapstructure", Commit: "edc56495e150df241791bf5db02b83f66000686a",
		Desc: "ComposeDecodeHookFunc with no functions returns nil data instead of its input, so decoding through it fails (the release sets data at its declaration, where the fix had a guard)",
		Kind: WrongExpression,
	},
	{
		Name: "expr/get-nil", Module: "github.com/expr-lang/expr@v1.17.3", File: "builtin/lib.go",
		Fixed: "\tif from == nil {\n\t\treturn nil, nil\n\t}\n\n\tif v.Kind() == reflect.Invalid {\n",
		Buggy: "\tif v.Kind() == reflect.Invalid {\n",
		Run:   "^TestIssue785_get_nil$",
		Repo:  "github.com/expr-lang/expr", Commit: "28d9b3d4575bc9bb3d4e92cb18a6f7924693a583",
		Desc: "get of nil panics (cannot fetch from nil) instead of returning nil, so a chain of get over a missing key fails",
		Kind: MissingCondition,
	},
	{
		Name: "expr/fold-predicate", Module: "github.com/expr-lang/expr@v1.17.7", File: "optimizer/fold.go", Pkg: "./test/issues/857",
		Fixed: "\t\t\t\t\t\t&PredicateNode{\n\t\t\t\t\t\t\tNode: &BinaryNode{\n\t\t\t\t\t\t\t\tOperator: \"&&\",\n\t\t\t\t\t\t\t\tLeft:     base.Arguments[1].(*PredicateNode).Node,\n\t\t\t\t\t\t\t\tRight:    n.Arguments[1].(*PredicateNode).Node,\n\t\t\t\t\t\t\t},\n\t\t\t\t\t\t},\n",
		Buggy: "\t\t\t\t\t\t&BinaryNode{\n\t\t\t\t\t\t\tOperator: \"&&\",\n\t\t\t\t\t\t\tLeft:     base.Arguments[1].(*PredicateNode).Node,\n\t\t\t\t\t\t\tRight:    n.Arguments[1].(*PredicateNode).Node,\n\t\t\t\t\t\t},\n",
		Run:   "^TestIssue857$",
		Repo:  "github.com/expr-lang/expr", Commit: "f423c10c5f7436c70edc7158a97193f87591a309",
		Desc: "the optimizer merges two filters' predicates into a bare && node, not a predicate, so a third filter's merge fails its type assertion (panic)",
		Kind: WrongExpression,
	},
	{
		Name: "expr/variadic-method", Module: "github.com/expr-lang/expr@v1.17.8", File: "checker/checker.go", Pkg: "./test/issues/888",
		Fixed: "\t\t\tin = fn.InElem(&v.config.NtCache, fnNumIn-1+fnInOffset)\n",
		Buggy: "\t\t\tin = fn.InElem(&v.config.NtCache, fnNumIn-1)\n",
		Run:   "^TestIssue888$",
		Repo:  "github.com/expr-lang/expr", Commit: "c020e9595927657cc9a0c5dca091b47058473ff5",
		Desc: "the checker takes a variadic method's element type from the parameter before the last, ignoring the receiver's offset",
		Kind: WrongExpression,
	},
	{
		Name: "gjson/modifier-options", Module: "github.com/tidwall/gjson@v1.14.3", File: "gjson.go",
		Fixed: "\t\t\tif s[i] == '.' || s[i] == '|' || s[i] == ':' {\n",
		Buggy: "\t\t\tif s[i] == '.' || s[i] == '|' {\n",
		Run:   "^TestDeepModifierWithOptions$",
		Repo:  "github.com/tidwall/gjson", Commit: "9e848707d6d313c64b3815dd0de8c45b9e9d4dbc",
		Desc: "a modifier's name after a dot ends only at '.' or '|', not at ':', so a modifier with options is not taken for one",
		Kind: MissingCondition,
	},
	{
		Name: "go-toml/custom-unmarshaler-nil", Module: "github.com/pelletier/go-toml@v1.8.1", File: "marshal.go",
		Fixed: "\t\tif tval == nil {\n\t\t\treturn mvalPtr.Elem(), nil\n\t\t}\n\n\t\tif err := callCustomUnmarshaler(mvalPtr, tval.ToMap()); err != nil {\n",
		Buggy: "\t\tif err := callCustomUnmarshaler(mvalPtr, tval.ToMap()); err != nil {\n",
		Run:   "^TestGithubIssue431$",
		Repo:  "github.com/pelletier/go-toml", Commit: "65ca8064882c8c308e5c804c5d5443d409e0738c",
		Desc: "a custom Unmarshaler of a key missing from the document is called on a nil tree (nil pointer dereference)",
		Kind: MissingCondition,
	},
	{
		Name: "go-toml/unexported-embedded", Module: "github.com/pelletier/go-toml/v2@v2.1.1", File: "unmarshaler.go",
		Fixed: "\t\tif !f.CanAddr() {\n\t\t\t// If the field is not addressable, need to take a slower path and\n\t\t\t// make a copy of the struct itself to a new location.\n",
		Buggy: "\t\tif !f.CanSet() {\n\t\t\t// If the field is not settable, need to take a slower path and make a copy of\n\t\t\t// the struct itself to a new location.\n",
		Run:   "^TestIssue915$",
		Repo:  "github.com/pelletier/go-toml", Commit: "34765b4a9e937ab927b5bd57231e98c68fe13109",
		Desc: "a key of a struct nested in an unexported embedded struct copies the struct whenever the field cannot be set rather than when it cannot be addressed, recursing without end",
		Kind: WrongCall,
	},
	{
		Name: "cast/numeric-timezone", Module: "github.com/spf13/cast@v1.4.1", File: "caste.go",
		Fixed: "\t\ttimeFormat{\"2006-01-02 15:04:05 -07:00\", timeFormatNumericTimezone},\n\t\ttimeFormat{\"2006-01-02 15:04:05 -0700\", timeFormatNumericTimezone},\n",
		Buggy: "\t\ttimeFormat{\"2006-01-02 15:04:05 -07:00\", 1},\n\t\ttimeFormat{\"2006-01-02 15:04:05 -0700\", 1},\n",
		Run:   "^TestToTime$",
		Repo:  "github.com/spf13/cast", Commit: "88075729b052bca4b8b6c31bf198db2fe6c9da93",
		Desc: "two entries of the package-level table of time formats give a numeric zone's format the type 1 (named zone), so a time with +0900 is read in the default location",
		Kind: WrongConstant,
	},
	{
		Name: "kong/callback-error-value", Module: "github.com/alecthomas/kong@v1.4.0", File: "callbacks.go",
		Fixed: "\tif ferrv := reflect.ValueOf(ferr); !ferrv.IsValid() || ((ferrv.Kind() == reflect.Interface || ferrv.Kind() == reflect.Pointer) && ferrv.IsNil()) {\n",
		Buggy: "\tif ferrv := reflect.ValueOf(ferr); !ferrv.IsValid() || ferrv.IsNil() {\n",
		Run:   "^TestCallbackNonPointerError$",
		Repo:  "github.com/alecthomas/kong", Commit: "f388f6cd39ae7fdbc4ffc75205d16a798c5a56bf",
		Desc: "a callback's error held as a non-pointer value gets IsNil, which panics on a struct",
		Kind: MissingCondition,
	},
	{
		Name: "kong/empty-root-run", Module: "github.com/alecthomas/kong@v1.6.1", File: "context.go",
		Fixed: "\t\t\t\tnode = selected\n\t\t\t}\n\t\t}\n\n\t\tif node == nil {\n\t\t\treturn fmt.Errorf(\"no command selected\")\n\t\t}\n",
		Buggy: "\t\t\t\tnode = selected\n\t\t\t}\n\t\t} else {\n\t\t\treturn fmt.Errorf(\"no command selected\")\n\t\t}\n",
		Run:   "^TestIssue483EmptyRootNodeNoRun$",
		Repo:  "github.com/alecthomas/kong", Commit: "7ca846736ce870e28be6cbfbfa4e27e2b0609770",
		Desc: "Run of an application whose root has no Run method and no command selected goes on to RunNode(nil) (panic) instead of reporting that no command was selected",
		Kind: WrongCondition,
	},
	{
		Name: "sqlbuilder/empty-where", Module: "github.com/huandu/go-sqlbuilder@v1.27.2", File: "select.go",
		Fixed: "func (sb *SelectBuilder) Where(andExpr ...string) *SelectBuilder {\n\tif len(andExpr) == 0 {\n\t\treturn sb\n\t}\n\n",
		Buggy: "func (sb *SelectBuilder) Where(andExpr ...string) *SelectBuilder {\n",
		Run:   "^TestEmptyWhereExpr$",
		Repo:  "github.com/huandu/go-sqlbuilder", Commit: "08114a0155afa9c2c9c983f061cd8d76c54b96cd",
		Desc: "SELECT's Where with no expressions still makes a WHERE clause (the fix added the guard to four builders; this is SELECT's)",
		Kind: MissingCondition,
	},
	{
		Name: "go-yaml/empty-anchor", Module: "github.com/goccy/go-yaml@v1.15.22", File: "internal/format/format.go", Pkg: ".",
		Fixed: "func (f *Formatter) formatMapping(n *ast.MappingNode) string {\n\tvar ret string\n",
		Buggy: "func (f *Formatter) formatMapping(n *ast.MappingNode) string {\n\tif len(n.Values) == 0 {\n\t\treturn \"{}\"\n\t}\n\n\tvar ret string\n",
		Run:   "^TestBytesUnmarshalerWithEmptyValue$",
		Repo:  "github.com/goccy/go-yaml", Commit: "2ac8cffa276e56c4dc385f5bd2404c07152bb49b",
		Desc: "an empty mapping is formatted as {} without its anchor, so a later alias to it is undefined (the fix deleted this early return and the sequence's)",
		Kind: ExtraStatement,
	},
	{
		Name: "cors/expose-headers-empty", Module: "github.com/rs/cors@v1.10.1", File: "cors.go",
		Fixed: "\tif len(options.ExposedHeaders) > 0 {\n\t\tc.exposedHeaders = []string{strings.Join(convert(options.ExposedHeaders, http.CanonicalHeaderKey), \", \")}\n\t}\n",
		Buggy: "\tc.exposedHeaders = []string{strings.Join(convert(options.ExposedHeaders, http.CanonicalHeaderKey), \", \")}\n",
		Run:   "^TestAccessControlExposeHeadersPresence$",
		Repo:  "github.com/rs/cors", Commit: "e19471c92b1cebff496744b37742991babf3d592",
		Desc: "with no exposed headers, every response still gets an empty Access-Control-Expose-Headers header",
		Kind: MissingCondition,
	},
	{
		Name: "cors/max-age-negative", Module: "github.com/rs/cors@v1.10.1", File: "cors.go",
		Fixed: "\t} else if options.MaxAge < 0 {\n\t\tc.maxAge = []string{\"0\"}\n",
		Buggy: "",
		Run:   "^TestSpec$",
		Repo:  "github.com/rs/cors", Commit: "d3f0a2b9d89dc78f36ca65ffc4ff02f6391982d2",
		Desc: "a negative MaxAge sends no Access-Control-Max-Age header instead of 0 (the release computes the header in New, where the fix set it in handlePreflight)",
		Kind: MissingCondition,
	},
	{
		Name: "chi/registermethod-reverse", Module: "github.com/go-chi/chi/v5@v5.2.5", File: "tree.go",
		Fixed: "\tmethodMap[method] = mt\n\treverseMethodMap[mt] = method\n",
		Buggy: "\tmethodMap[method] = mt\n",
		Run:   "^TestCustomHTTPMethod$",
		Repo:  "github.com/go-chi/chi", Commit: "9fb4a15daa6d4ccd5e7286c1227d58872f89f4cb",
		Desc: "RegisterMethod does not record the new method's name by its type, so Walk reports a custom method's routes with an empty method",
		Kind: MissingStatement,
	},
	{
		Name: "chi/routeheaders-return", Module: "github.com/go-chi/chi/v5@v5.2.5", File: "middleware/route_headers.go", Pkg: "./middleware",
		Fixed: "\t\t\tnext.ServeHTTP(w, r)\n\t\t\treturn\n\t\t}\n\n\t\t// find first matching header route, and continue\n",
		Buggy: "\t\t\tnext.ServeHTTP(w, r)\n\t\t}\n\n\t\t// find first matching header route, and continue\n",
		Run:   "^TestRouteHeaders$",
		Repo:  "github.com/go-chi/chi", Commit: "05f1ef7bb50b8a8cb33a9dd3ba1c5b94bff0f723",
		Desc: "a HeaderRouter with no routes calls the next handler and then goes on to route the request, calling it a second time",
		Kind: MissingStatement,
	},
	{
		Name: "chi/request-pattern", Module: "github.com/go-chi/chi/v5@v5.3.0", File: "mux.go",
		Fixed: "\t\tr.Pattern = rctx.RoutePattern()\n",
		Buggy: "\t\tr.Pattern = rctx.routePattern\n",
		Run:   "^TestPattern$",
		Repo:  "github.com/go-chi/chi", Commit: "818fdcfc4786168651768377ba647cf9dd5b3953",
		Desc: "Request.Pattern is set from the innermost router's pattern, so under a sub-router it lacks the mount's prefix",
		Kind: WrongExpression,
	},
	{
		Name: "chi/readfrom-double-count", Module: "github.com/go-chi/chi/v5@v5.3.0", File: "middleware/wrap_writer.go", Pkg: "./middleware",
		Fixed: "\t\tn, err := io.Copy(&f.basicWriter, r)\n\t\treturn n, err\n",
		Buggy: "\t\tn, err := io.Copy(&f.basicWriter, r)\n\t\tf.basicWriter.bytes += int(n)\n\t\treturn n, err\n",
		Run:   "^TestHttpFancyWriterReadFromByteCountWithTee$",
		Repo:  "github.com/go-chi/chi", Commit: "4ef87eaf2cfb27d3126d48194e1a84806acc1aed",
		Desc: "ReadFrom through a tee adds the bytes copied to the count that the writer it copied through has already added to",
		Kind: ExtraStatement,
	},
	{
		Name: "mux/method-subrouter-handler", Module: "github.com/gorilla/mux@v1.6.1", File: "route.go",
		Fixed: "\t\tmatch.MatchErr = nil\n\t\t// Then override the mis-matched handler\n\t\tmatch.Handler = r.handler\n",
		Buggy: "\t\tmatch.MatchErr = nil\n",
		Run:   "^(TestMethodsSubrouterCatchall|TestMethodsSubrouterStrictSlash|TestMethodsSubrouterPathPrefix|TestMethodsSubrouterSubrouter|TestMethodsSubrouterPathVariable)$",
		Repo:  "github.com/gorilla/mux", Commit: "4a3d4f3dd2a7b32b26dc262a143440e75767f94d",
		Desc: "a route matched after another route's method mismatch clears the error but keeps the method-not-allowed handler, so the request gets 405",
		Kind: MissingStatement,
	},
	{
		Name: "mux/subrouter-method-not-allowed", Module: "github.com/gorilla/mux@v1.8.0", File: "route.go",
		Fixed: "\tif match.MatchErr == ErrMethodMismatch && r.handler != nil {\n",
		Buggy: "\tif match.MatchErr == ErrMethodMismatch {\n",
		Run:   "^TestSubrouterCustomMethodNotAllowed$",
		Repo:  "github.com/gorilla/mux", Commit: "9536e4053d763b54d935f1ce731a315cfb42b979",
		Desc: "a subrouter's route (without a handler) clears a method mismatch, so a custom MethodNotAllowedHandler is replaced by 404",
		Kind: MissingCondition,
	},
	{
		Name: "mux/wildcard-host-vars", Module: "github.com/gorilla/mux@v1.8.1", File: "regexp.go",
		Fixed: "\t\thost := getHost(req)\n\t\tif v.host.wildcardHostPort {\n\t\t\t// Don't be strict on the port match\n\t\t\tif i := strings.Index(host, \":\"); i != -1 {\n\t\t\t\thost = host[:i]\n\t\t\t}\n\t\t}\n\t\tmatches := v.host.regexp.FindStringSubmatchIndex(host)\n",
		Buggy: "\t\thost := getHost(req)\n\t\tmatches := v.host.regexp.FindStringSubmatchIndex(host)\n",
		Run:   "^TestHostMatcher$",
		Repo:  "github.com/gorilla/mux", Commit: "98cb6bf42e086f6af920b965c38cacc07402d51b",
		Desc: "a host pattern without a port matches a host with one, but its variables are read from the host with the port, so none are set",
		Kind: MissingCondition,
	},
	{
		Name: "httprouter/cleanpath-root", Module: "github.com/julienschmidt/httprouter@v1.3.0", File: "path.go",
		Fixed: "\ttrailing := n > 1 && p[n-1] == '/'\n",
		Buggy: "\ttrailing := n > 2 && p[n-1] == '/'\n",
		Run:   "^TestPathClean$",
		Repo:  "github.com/julienschmidt/httprouter", Commit: "5aa29e8dfcfa8e46993f5058297931ec75eb93dd",
		Desc: "CleanPath drops the trailing slash of a two-byte path such as a/",
		Kind: WrongConstant,
	},
	{
		Name: "uniseg/grapheme-crlf", Module: "github.com/rivo/uniseg@v0.4.4", File: "graphemerules.go",
		Fixed: "\t{grCR, prLF}: {grControlLF, grNoBoundary, 30},\n",
		Buggy: "\t{grCR, prLF}: {grAny, grNoBoundary, 30},\n",
		Run:   "^(TestGraphemesClass|TestGraphemesFunctionBytes|TestGraphemesFunctionString|TestReverseString)$",
		Repo:  "github.com/rivo/uniseg", Commit: "2d50be15fe50b00a9169a11d741f8ee86bada48f",
		Desc: "an entry of the package-level table of grapheme transitions leaves CR LF in the any state instead of the control state, so a following extender joins the line break's cluster",
		Kind: WrongConstant,
	},
	{
		Name: "uniseg/trailing-linebreak", Module: "github.com/rivo/uniseg@v0.4.7", File: "line.go",
		Fixed: "\tr, _ := utf8.DecodeLastRune(b)\n\tproperty, _ := propertyLineBreak(r)\n\treturn property == prBK || property == prCR || property == prLF || property == prNL\n",
		Buggy: "\tr, _ := utf8.DecodeLastRune(b)\n\tproperty, _ := propertyLineBreak(r)\n\treturn property == lbBK || property == lbCR || property == lbLF || property == lbNL\n",
		Run:   "^TestHasTrailingLineBreak$",
		Repo:  "github.com/rivo/uniseg", Commit: "58ef7b4023279dc3e84dfdef4efe90068ac873b8",
		Desc: "HasTrailingLineBreak compares a rune's line-break property with the line-break states, not the properties (the fix changed HasTrailingLineBreakInString too)",
		Kind: WrongConstant,
	},
	{
		Name: "cron/step-star-bit", Module: "github.com/robfig/cron/v3@v3.0.1", File: "parser.go",
		Fixed: "\t\tif step > 1 {\n\t\t\textra = 0\n\t\t}\n",
		Buggy: "",
		Run:   "^(TestRange|TestActivation|TestNext)$",
		Repo:  "github.com/robfig/cron", Commit: "0f01e6b177f4bd77ee0d887fe74ac66da30a6e00",
		Desc: "a stepped range */N keeps the star bit, so a day-of-month field */10 counts as unrestricted and a day-of-week alone decides",
		Kind: MissingCondition,
	},
	{
		Name: "pflag/reparse-args", Module: "github.com/spf13/pflag@v1.0.10", File: "flag.go",
		Fixed: "\tf.args = make([]string, 0, len(arguments))\n\n\tif len(arguments) == 0 {\n\t\treturn nil\n\t}\n\n",
		Buggy: "\tif len(arguments) == 0 {\n\t\treturn nil\n\t}\n\n\tf.args = make([]string, 0, len(arguments))\n\n",
		Run:   "^TestParseRepeated$",
		Repo:  "github.com/spf13/pflag", Commit: "d25dd242b134a8ca037812921a93cac978b86fd5",
		Desc: "Parse of no arguments returns before it resets the arguments, so a second Parse keeps the first one's",
		Kind: MissingStatement,
	},
	{
		Name: "pflag/unknown-flag-empty-arg", Module: "github.com/spf13/pflag@v1.0.10", File: "flag.go",
		Fixed: "\tif len(first) > 0 && first[0] == '-' {\n",
		Buggy: "\tif first[0] == '-' {\n",
		Run:   "^(TestIgnoreUnknownFlags|TestIgnoreUnknownFlagsBackwardsCompat)$",
		Repo:  "github.com/spf13/pflag", Commit: "298182f68c66c05229eb03ac171abe6e309ee79a",
		Desc: "an unknown flag followed by an empty argument indexes the empty string when unknown flags are ignored (index out of range)",
		Kind: MissingCondition,
	},
	{
		Name: "toml/key-add-reuse", Module: "github.com/BurntSushi/toml@v1.5.0", File: "meta.go",
		Fixed: "func (k Key) add(piece string) Key {\n\tnewKey := make(Key, len(k)+1)\n",
		Buggy: "func (k Key) add(piece string) Key {\n\tif cap(k) > len(k) {\n\t\treturn append(k, piece)\n\t}\n\tnewKey := make(Key, len(k)+1)\n",
		Run:   "^(TestToml|TestTomlNext)$",
		Repo:  "github.com/BurntSushi/toml", Commit: "2918ee74bb664c418ae9b2d6ba356c2ca6c24506",
		Desc: "Key.add appends in place when the key has spare capacity, so two keys made from one parent share their last piece and the metadata's keys are wrong",
		Kind: ExtraStatement,
	},
	{
		Name: "toml/errorf-eof-line", Module: "github.com/BurntSushi/toml@v1.5.0", File: "lex.go",
		Fixed: "\t\tif lx.pos >= 1 && lx.input[lx.pos-1] == '\\n' {\n\t\t\tpos.Line--\n\t\t}\n",
		Buggy: "\t\tpos.Line--\n",
		Run:   "^TestParseError$",
		Repo:  "github.com/BurntSushi/toml", Commit: "4664468d6eafff56a043a217a8981cc72e901122",
		Desc: "an error at the end of input moves its position to the line before even when the input does not end in a newline, so the position of an error on line 1 is line 0",
		Kind: MissingCondition,
	},
	{
		Name: "toml/duplicate-arrays", Module: "github.com/BurntSushi/toml@v1.6.0", File: "parse.go",
		Fixed: "\t\t\tif !p.isImplicit(keyContext) {\n\t\t\t\tif _, ok := hash[key]; ok {\n\t\t\t\t\tp.panicf(\"Key '%s' has already been defined.\", keyContext)\n\t\t\t\t}\n\t\t\t}\n",
		Buggy: "",
		Run:   "^TestToml$",
		Repo:  "github.com/BurntSushi/toml", Commit: "e954445330492727c18483838a15f88a4fc2d03a",
		Desc: "an array defined twice under one key is accepted, the second replacing the first, instead of being rejected",
		Kind: MissingCondition,
	},
	{
		Name: "btree/seek-item", Module: "github.com/tidwall/btree@v1.2.0", File: "generic.go",
		Fixed: "\t\t\t\treturn false\n\t\t\t}\n\t\t\titer.item = n.items[i]\n",
		Buggy: "\t\t\t\treturn false\n\t\t\t}\n",
		Run:   "^TestGenericIterSeek$",
		Repo:  "github.com/tidwall/btree", Commit: "45aada57e8809c2d218b84e1deca2d126c6f9391",
		Desc: "Seek to a key absent from the tree that stops in a leaf leaves the iterator's item unset, so the first item read is the previous one",
		Kind: MissingStatement,
	},
}
