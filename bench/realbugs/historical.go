package main

// bug is a real bug of a public Go library, fixed upstream by one commit
// (or, where the commit is not known here, between two tagged releases):
// a tagged release that contains the fix, the bug put back by one literal
// replacement (the reverse of the fix), and the release's own test that the
// fix made pass.
type bug struct {
	name   string
	module string // path@version: a release that contains the fix
	file   string // the file of the fix, relative to the module root
	pkg    string // the package tested, relative to the module root (default ".")
	fixed  string // the fixed text, as the release has it: whole lines, once in file
	buggy  string // the text before the fix: the bug put back
	run    string // go test -run: ^Name$ or ^(Name|Name)$
	repo   string // the upstream repository
	commit string // the upstream commit that fixed the bug; "" when only since is known
	since  string // with commit "": the last release without the fix (the fix is between since and module's version)
	desc   string // the bug, in one line
	kind   kind
}

// kind is what a fix changed.
type kind int

const (
	wrongOperator    kind = iota + 1 // a relational or arithmetic operator
	wrongBound                       // a loop or size bound off by one or over the wrong length
	wrongCondition                   // a condition that tests the wrong thing (not only its operator)
	wrongVariable                    // one variable used for another
	wrongExpression                  // a computed value other than a variable or operator
	wrongConstant                    // a literal
	wrongCall                        // the wrong function or method called
	missingCondition                 // a guard (if with early exit or correction) left out
	missingStatement                 // a statement left out
)

func (k kind) String() string {
	switch k {
	case wrongOperator:
		return "wrong operator"
	case wrongBound:
		return "wrong bound"
	case wrongCondition:
		return "wrong condition"
	case wrongVariable:
		return "wrong variable"
	case wrongExpression:
		return "wrong expression"
	case wrongConstant:
		return "wrong constant"
	case wrongCall:
		return "wrong call"
	case missingCondition:
		return "missing condition"
	case missingStatement:
		return "missing statement"
	}
	return "unknown kind"
}

// bugs are the historical bugs. Where a later upstream change touched the
// fixed lines, fixed is the release's text and buggy the same lines
// without the fix; desc says so.
var bugs = []bug{
	{
		name: "bitset/shiftright-clear", module: "github.com/bits-and-blooms/bitset@v1.24.4", file: "bitset.go",
		fixed: "\tfor i := int(idx-pages) + 1; i < len(b.set); i++ {\n",
		buggy: "\tfor i := int(idx-pages) + 1; i <= int(idx); i++ {\n",
		run:   "^TestShiftRightFull$",
		repo:  "github.com/bits-and-blooms/bitset", commit: "f0f8af2f5d5f800f7d7f5b8598feff0ea3ebee8f",
		desc: "ShiftRight by whole words clears up to the old top word, past the end of the slice it has just shortened (index out of range)",
		kind: wrongBound,
	},
	{
		name: "bitset/shiftright-all", module: "github.com/bits-and-blooms/bitset@v1.24.4", file: "bitset.go",
		fixed: "\tif bits > top {\n\t\tb.set = make([]uint64, wordsNeeded(b.length))\n",
		buggy: "\tif bits >= top {\n\t\tb.set = make([]uint64, wordsNeeded(b.length))\n",
		run:   "^TestShiftRightFull$",
		repo:  "github.com/bits-and-blooms/bitset", commit: "57b66943bf177a10b96fae865ba70d142347f8ef",
		desc: "ShiftRight by exactly the index of the top set bit clears the whole set instead of keeping that bit at 0",
		kind: wrongOperator,
	},
	{
		name: "bitset/shiftleft-size", module: "github.com/bits-and-blooms/bitset@v1.24.4", file: "bitset.go",
		fixed: "\tnsize := wordsNeeded(top + bits + 1)\n",
		buggy: "\tnsize := wordsNeeded(top + bits)\n",
		run:   "^TestShiftLeft$",
		repo:  "github.com/bits-and-blooms/bitset", commit: "17c8f69c1cdbae56642bf6209a7098b82d569fb2",
		desc: "ShiftLeft sizes the new word slice for top+bits bits, one short when the top bit lands on a word's first bit (index out of range)",
		kind: wrongBound,
	},
	{
		name: "bitset/shrink", module: "github.com/bits-and-blooms/bitset@v1.24.4", file: "bitset.go",
		fixed: "\tlastWordUsedBits := length % 64\n\tif lastWordUsedBits != 0 {\n\t\tb.set[idx-1] &= allBits >> uint64(64-wordsIndex(lastWordUsedBits))\n\t}\n",
		buggy: "\tif length < 64 {\n\t\tb.set[idx-1] &= allBits >> uint64(64-wordsIndex(length))\n\t}\n",
		run:   "^TestShrink$",
		repo:  "github.com/bits-and-blooms/bitset", commit: "fd653373a687cb860efcbaf2fd0743fee18872db",
		desc: "Shrink clears the unused bits of the last word only when the new length fits in one word",
		kind: wrongCondition,
	},
	{
		name: "bitset/shrink-past-length", module: "github.com/bits-and-blooms/bitset@v1.28.0", file: "bitset.go",
		fixed: "\tif lastbitindex >= b.length {\n\t\treturn b\n\t}\n\tlength := lastbitindex + 1\n",
		buggy: "\tlength := lastbitindex + 1\n",
		run:   "^(TestShrinkOutOfBounds|TestShrinkMaxIndex|TestCompactNoBitsSetShort)$",
		repo:  "github.com/bits-and-blooms/bitset", since: "v1.27.0",
		desc: "Shrink to an index at or past the length sets the length to index+1, growing the set (or emptying it when index+1 wraps to 0) instead of leaving it alone",
		kind: missingCondition,
	},
	{
		name: "bitset/onesbetween-past-length", module: "github.com/bits-and-blooms/bitset@v1.26.0", file: "bitset.go",
		fixed: "\t// Bits at or past length are unset, so clamp before indexing b.set.\n\tif to > b.length {\n\t\tto = b.length\n\t}\n\n",
		buggy: "",
		run:   "^TestBitSetOnesBetween$",
		repo:  "github.com/bits-and-blooms/bitset", since: "v1.25.0",
		desc: "OnesBetween does not clamp a range reaching past the length, so it indexes words past the end of the set (index out of range)",
		kind: missingCondition,
	},
	{
		name: "version/equal-nil", module: "github.com/hashicorp/go-version@v1.9.0", file: "version.go",
		fixed: "\tif v == nil || o == nil {\n\t\treturn v == o\n\t}\n\n\treturn v.Compare(o) == 0\n",
		buggy: "\treturn v.Compare(o) == 0\n",
		run:   "^TestVersionEqual_nil$",
		repo:  "github.com/hashicorp/go-version", commit: "a6043353333f90fd8ca9e55dd006201a25d5aedb",
		desc: "Equal dereferences a nil *Version instead of comparing nil with nil (nil pointer dereference)",
		kind: missingCondition,
	},
	{
		name: "version/segments64", module: "github.com/hashicorp/go-version@v1.9.0", file: "version.go",
		fixed: "\tresult := make([]int64, len(v.segments))\n\tcopy(result, v.segments)\n\treturn result\n",
		buggy: "\treturn v.segments\n",
		run:   "^TestVersionSegments64$",
		repo:  "github.com/hashicorp/go-version", commit: "4e333d3bd8967ebb4613c25876444a5f7f6bfdbb",
		desc: "Segments64 returns the version's own slice, so a caller's change alters the version",
		kind: missingStatement,
	},
	{
		name: "strcase/lowercamel-space", module: "github.com/iancoleman/strcase@v0.3.0", file: "camel.go",
		fixed: "func toCamelInitCase(s string, initCase bool) string {\n\ts = strings.TrimSpace(s)\n",
		buggy: "func toCamelInitCase(s string, initCase bool) string {\n",
		run:   "^TestToLowerCamel$",
		repo:  "github.com/iancoleman/strcase", commit: "692d1b89fed27aadf9d3ea07717014dffe558ede",
		desc: "ToLowerCamel keeps a leading space, which then capitalises the first word",
		kind: missingStatement,
	},
	{
		name: "gods/arraylist-contains", module: "github.com/emirpasic/gods@v1.18.1", file: "lists/arraylist/arraylist.go", pkg: "./lists/arraylist",
		fixed: "\t\tfor index := 0; index < list.size; index++ {\n\t\t\tif list.elements[index] == searchValue {\n",
		buggy: "\t\tfor _, element := range list.elements {\n\t\t\tif element == searchValue {\n",
		run:   "^TestListContains$",
		repo:  "github.com/emirpasic/gods", commit: "b486cc91bf4bc89e2213067cc005c30a3738a780",
		desc: "ArrayList.Contains searches the whole backing array, past the list's size, so it finds nil in the spare capacity",
		kind: wrongBound,
	},
	{
		name: "gods/treeset-last", module: "github.com/emirpasic/gods@v1.18.1", file: "sets/treeset/iterator.go", pkg: "./sets/treeset",
		fixed: "\titerator.End()\n\treturn iterator.Prev()\n",
		buggy: "\titerator.End()\n\treturn iterator.iterator.Last()\n",
		run:   "^TestSetIteratorLast$",
		repo:  "github.com/emirpasic/gods", commit: "413aad030416e2632d07afbb70487ee4c7e98c50",
		desc: "the tree set iterator's Last moves the tree's iterator directly, leaving the set iterator's index one past the end",
		kind: wrongCall,
	},
	{
		name: "humanize/reltime-offbyone", module: "github.com/dustin/go-humanize@v1.1.0", file: "times.go",
		fixed: "\t\treturn magnitudes[i].D > diff\n",
		buggy: "\t\treturn magnitudes[i].D >= diff\n",
		run:   "^TestReltimeOffbyone$",
		repo:  "github.com/dustin/go-humanize", commit: "bb3d318650d48840a39aa21a027c6630e198e626",
		desc: "RelTime picks the next magnitude for a difference exactly on a boundary (one week ago reads 6 days ago)",
		kind: wrongOperator,
	},
	{
		name: "humanize/customreltime-panic", module: "github.com/dustin/go-humanize@v1.1.0", file: "times.go",
		fixed: "\tif n >= len(magnitudes) {\n\t\tn = len(magnitudes) - 1\n\t}\n",
		buggy: "",
		run:   "^TestCustomRelTime$",
		repo:  "github.com/dustin/go-humanize", commit: "2064d2b8b5e33b3e5d175b3d9c5b90ba7b212665",
		desc: "CustomRelTime indexes past its magnitude table for a difference larger than the last entry (index out of range; the fix named len(magnitudes) lenMag)",
		kind: missingCondition,
	},
	{
		name: "humanize/strip-zeros", module: "github.com/dustin/go-humanize@v1.1.0", file: "ftoa.go",
		fixed: "\tif !strings.ContainsRune(s, '.') {\n\t\treturn s\n\t}\n",
		buggy: "",
		run:   "^TestFtoaWithDigits$",
		repo:  "github.com/dustin/go-humanize", commit: "9ec74ab2f7a7161664182fd4e5e292fccffbc75f",
		desc: "stripTrailingZeros strips the zeros of a number without a decimal point (20 reads 2)",
		kind: missingCondition,
	},
	{
		name: "semver/range-rewrite", module: "github.com/Masterminds/semver/v3@v3.5.0", file: "constraints.go",
		fixed: "\t\tt := fmt.Sprintf(\">= %s, <= %s \", v[1], v[11])\n",
		buggy: "\t\tt := fmt.Sprintf(\">= %s, <= %s\", v[1], v[11])\n",
		run:   "^TestRewriteRange$",
		repo:  "github.com/Masterminds/semver", commit: "b1bb76193b9e8c97a10a4cb1d37d94a7b17e8482",
		desc: "a hyphen range is rewritten without a trailing space, which runs into the next constraint of an AND group",
		kind: wrongConstant,
	},
	{
		name: "semver/incpatch-overflow", module: "github.com/Masterminds/semver/v3@v3.5.0", file: "version.go",
		fixed: "\t\tif v.patch == math.MaxUint64 {\n\t\t\tpanic(\"patch version increment would overflow uint64\")\n\t\t}\n",
		buggy: "",
		run:   "^TestIncPatchOverflow$",
		repo:  "github.com/Masterminds/semver", commit: "b65b33f02f13ee4bf96b5d18ad16cab9515f72ea",
		desc: "IncPatch wraps a patch number of MaxUint64 around to 0 instead of panicking",
		kind: missingCondition,
	},
	{
		name: "glob/row-length", module: "github.com/gobwas/glob@v0.2.3", file: "match/row.go",
		fixed: "\t\tif i > self.RunesLength {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn self.RunesLength == i\n",
		buggy: "\t\tif i >= self.RunesLength {\n\t\t\treturn true\n\t\t}\n\t}\n\n\treturn false\n",
		run:   "^TestGlob$",
		repo:  "github.com/gobwas/glob", commit: "0354991b92587e2742549d3036f3b5bae5ab03f2",
		desc: "a row of fixed-length matchers accepts any string at least as long as the row, so sta? matches stagnation",
		kind: wrongCondition,
	},
	{
		name: "stats/mode-distinct", module: "github.com/montanaflynn/stats@v0.14.0", file: "mode.go",
		fixed: "\tif maxCnt == 1 || len(mode)*maxCnt == l && maxCnt != l {\n",
		buggy: "\tif maxCnt == 1 {\n",
		run:   "^TestMode$",
		repo:  "github.com/montanaflynn/stats", commit: "5391ebe88c319ab997c4483517123a1b4929dcc8",
		desc: "Mode returns every value of a slice whose values all occur equally often (more than once) instead of no mode",
		kind: missingCondition,
	},
	{
		name: "stats/entropy-mutation", module: "github.com/montanaflynn/stats@v0.14.0", file: "entropy.go",
		fixed: "\tc := copyslice(input)\n\tfor i := 0; i < c.Len(); i++ {\n\t\tc[i] = c[i] / sum\n\t}\n\treturn c, nil\n",
		buggy: "\tfor i := 0; i < input.Len(); i++ {\n\t\tinput[i] = input[i] / sum\n\t}\n\treturn input, nil\n",
		run:   "^TestEntropyInputNotMutated$",
		repo:  "github.com/montanaflynn/stats", commit: "e15914eeb24e8bbc6b1bc51b311d271cdc453056",
		desc: "Entropy normalizes its caller's slice in place instead of a copy",
		kind: missingStatement,
	},
	{
		name: "stats/quartile-single", module: "github.com/montanaflynn/stats@v0.12.6", file: "quartile.go",
		fixed: "\tif il < 2 {\n\t\treturn Quartiles{}, EmptyInputErr\n",
		buggy: "\tif il == 0 {\n\t\treturn Quartiles{}, EmptyInputErr\n",
		run:   "^(TestQuartileSingleElement|TestInterQuartileRange|TestMidhinge|TestTrimean|TestQuartileOutliersSingleElement)$",
		repo:  "github.com/montanaflynn/stats", since: "v0.12.5",
		desc: "Quartile of one value returns NaN quartiles (medians of empty halves) with a nil error, and so do InterQuartileRange, Midhinge, Trimean and QuartileOutliers, which take its error",
		kind: wrongCondition,
	},
	{
		name: "stats/percentileofscore-nan", module: "github.com/montanaflynn/stats@v0.14.0", file: "percentile_of_score.go",
		fixed: "\t// A NaN is neither below, equal to, nor above the score\n\tif hasNaN(input) {\n\t\treturn math.NaN(), nil\n\t}\n\n",
		buggy: "",
		run:   "^(TestOrderStatisticsPropagateNaN|TestNaNInputPropagates)$",
		repo:  "github.com/montanaflynn/stats", since: "v0.13.0",
		desc: "PercentileOfScore of data holding a NaN counts the values below and equal to the score as if the NaN were absent instead of returning NaN",
		kind: missingCondition,
	},
	{
		name: "edlib/lcs-backtrack-unicode", module: "github.com/hbollon/go-edlib@v1.7.0", file: "lcs.go",
		fixed: "\t\treturn processLCSBacktrack(str1, str2, lcsMatrix, m-1, n-1) + string(runeStr1[m-1])\n",
		buggy: "\t\treturn processLCSBacktrack(str1, str2, lcsMatrix, m-1, n-1) + string(str1[m-1])\n",
		run:   "^TestLCSBacktrack$",
		repo:  "github.com/hbollon/go-edlib", commit: "36742328e1655a916a023dbf5b2ad375475ad44e",
		desc: "LCSBacktrack appends the string's byte at a rune index instead of the rune, garbling non-ASCII input",
		kind: wrongVariable,
	},
	{
		name: "edlib/qgram-similarity", module: "github.com/hbollon/go-edlib@v1.7.0", file: "qgram.go",
		fixed: "\ttotalShingles := 0\n\tfor _, i := range splittedStr1 {\n\t\ttotalShingles += i\n\t}\n\tfor _, i := range splittedStr2 {\n\t\ttotalShingles += i\n\t}\n\treturn 1 - (res / float32(totalShingles))\n",
		buggy: "\treturn 1 - (res / float32(len(splittedStr1)+len(splittedStr2)))\n",
		run:   "^TestStringsSimilarity$",
		repo:  "github.com/hbollon/go-edlib", commit: "12ac3d78fb78e00261e0ac4aa2951368e5f82941",
		desc: "QgramSimilarity divides by the number of distinct q-grams instead of all of them",
		kind: wrongExpression,
	},
	{
		name: "gjson/empty-value-query", module: "github.com/tidwall/gjson@v1.18.0", file: "gjson.go",
		fixed: "\t\t\t\t\tif len(value) >= 2 && value[0] == '\"' &&\n",
		buggy: "\t\t\t\t\tif len(value) > 2 && value[0] == '\"' &&\n",
		run:   "^TestEmptyValueQuery$",
		repo:  "github.com/tidwall/gjson", commit: "0b52f9a3618fb33e3cde84f9db7b73e324dff643",
		desc: "a query value \"\" keeps its quotes, so a query for an empty string matches nothing",
		kind: wrongOperator,
	},
	{
		name: "gjson/literal-raw", module: "github.com/tidwall/gjson@v1.18.0", file: "gjson.go",
		fixed: "\t\tif json[i] < 'a' || json[i] > 'z' {\n\t\t\treturn json[:i]\n",
		buggy: "\t\tif json[i] <= 'a' || json[i] >= 'z' {\n\t\t\treturn json[:i]\n",
		run:   "^TestResultRawForLiteral$",
		repo:  "github.com/tidwall/gjson", commit: "922b012d22650c29a4d6bd49a7e5d3daba9eeaf7",
		desc: "tolit stops at an 'a' or a 'z', so the raw text of false is f",
		kind: wrongOperator,
	},
	{
		name: "decimal/mod", module: "github.com/shopspring/decimal@v1.4.0", file: "decimal.go",
		fixed: "\t_, r := d.QuoRem(d2, 0)\n\treturn r\n",
		buggy: "\tquo := d.DivRound(d2, -d.exp+1).Truncate(0)\n\treturn d.Sub(d2.Mul(quo))\n",
		run:   "^TestDecimal_Mod$",
		repo:  "github.com/shopspring/decimal", commit: "7b4ffbcd3c86a54ce53fa3324e71487c95e4cafe",
		desc: "Mod takes a quotient rounded to the nearest integer before truncating it, one too many when the divisor is a little over half the dividend (41 mod 21 reads -1)",
		kind: wrongExpression,
	},
	{
		name: "decimal/neg-zero", module: "github.com/shopspring/decimal@v1.4.0", file: "decimal.go",
		fixed: "func (d Decimal) Neg() Decimal {\n\td.ensureInitialized()\n",
		buggy: "func (d Decimal) Neg() Decimal {\n",
		run:   "^TestDecimal_NegFromEmpty$",
		repo:  "github.com/shopspring/decimal", commit: "e3482495ff4cba75613e4177ed79825c890058a9",
		desc: "Neg of the zero Decimal{} negates its nil big.Int (nil pointer dereference)",
		kind: missingStatement,
	},
}
