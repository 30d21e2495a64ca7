package apicheck

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// jsonRoots are the types whose values the module writes as JSON
// reports: each report's WriteJSON (pipeline.Result writes []*Report or
// its DiagnosisReport), spectra's ranking (its unexported encoding
// type), SARIF (cireport's unexported log type), with the keys an
// external schema fixes, and a mutation analysis' share (its unexported
// encoding type). The walk ends at a type with its own MarshalJSON;
// those whose method writes their tagged fields (a Candidate, less
// values past a bound; a repair Instance, its values as text) are
// walked as their fields (fields).
var jsonRoots = []struct {
	pkg, name string
	allow     []string
	fields    bool
}{
	{"localize", "Report", nil, false},
	{"localize", "Candidate", nil, true},
	{"localize", "DiagnosisReport", nil, false},
	{"localize/regress", "Report", nil, false},
	{"localize/sattar", "Result", nil, false},
	{"localize/repair", "Result", nil, false},
	{"localize/repair", "Instance", nil, true},
	{"localize/mutation", "analysisJSON", nil, false},
	{"localize/cireport", "sarifLog", []string{"$schema"}, false},
	{"spectra", "jsonRanking", nil, false},
}

// TestJSONKeys: every key of the module's JSON reports is lowerCamelCase
// and every duration's key ends in Nanos ([JSONKeys]).
func TestJSONKeys(t *testing.T) {
	var patterns []string
	for _, r := range jsonRoots {
		patterns = append(patterns, module+"/"+r.pkg)
	}
	// From source: export data leaves out unexported types.
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo, Dir: root(t)}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("packages do not type-check")
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}
	for _, r := range jsonRoots {
		p := byPath[module+"/"+r.pkg]
		if p == nil {
			t.Errorf("%s: package not loaded", r.pkg)
			continue
		}
		tn, ok := p.Scope().Lookup(r.name).(*types.TypeName)
		if !ok {
			t.Errorf("%s.%s: no such type (the list of JSON reports in jsonkeys_test.go is out of date)", r.pkg, r.name)
			continue
		}
		typ := tn.Type()
		if r.fields {
			typ = typ.Underlying() // a struct, without the method
		}
		for _, problem := range JSONKeys(typ, r.allow...) {
			t.Errorf("%s.%s: %s", r.pkg, r.name, problem)
		}
	}
}

// TestJSONKeysProblems: the checker finds each kind of wrong key, through
// every kind of type encoding/json walks, and only those it writes.
func TestJSONKeysProblems(t *testing.T) {
	tests := []struct {
		name, src string
		allow     []string
		want      []string
	}{
		{"lowerCamelCase keys and a duration in Nanos",
			"type T struct { A int `json:\"a\"`; B string `json:\"startLine,omitempty\"`; D time.Duration `json:\"waitNanos\"`; s int }",
			nil, nil},
		{"snake_case", "type T struct { A int `json:\"start_line\"` }",
			nil, []string{`p.T.A: key "start_line" is not lowerCamelCase`}},
		{"untagged exported field", "type T struct { Wall int; wall int }",
			nil, []string{`p.T.Wall: key "Wall" is not lowerCamelCase`}},
		{"duration without Nanos", "type T struct { D time.Duration `json:\"time\"`; P *time.Duration `json:\"timeNs\"` }",
			nil, []string{`p.T.D: key "time" of a time.Duration (nanoseconds) does not end in Nanos`, `p.T.P: key "timeNs" of a time.Duration (nanoseconds) does not end in Nanos`}},
		{"through pointers, slices, arrays and map values, each type once",
			"type In struct { X int `json:\"old_text\"` }\ntype T struct { L []*In `json:\"l\"`; A [2]In `json:\"a\"`; M map[string]In `json:\"m\"` }",
			nil, []string{`p.In.X: key "old_text" is not lowerCamelCase`}},
		{"an embedded struct is flattened, a named one is not",
			"type P struct { F string `json:\"File\"` }\ntype Q struct { G string `json:\"end_line\"` }\ntype T struct { P; *Q `json:\"q\"`; N int `json:\"n\"` }",
			nil, []string{`p.P.F: key "File" is not lowerCamelCase`, `p.Q.G: key "end_line" is not lowerCamelCase`}},
		{"an embedded non-struct is keyed by its type's name",
			"type Count int\ntype T struct { Count }",
			nil, []string{`p.T.Count: key "Count" is not lowerCamelCase`}},
		{"marshalers, interfaces and skipped fields end the walk",
			"type In struct { Bad int `json:\"bad_key\"` }\ntype M struct { In In `json:\"in\"` }\nfunc (M) MarshalJSON() ([]byte, error) { return nil, nil }\ntype K struct { In }\nfunc (*K) MarshalText() ([]byte, error) { return nil, nil }\ntype T struct { M M `json:\"m\"`; K K `json:\"k\"`; V any `json:\"v\"`; S In `json:\"-\"` }",
			nil, nil},
		{"allowed keys", "type T struct { S string `json:\"$schema\"`; V string `json:\"Version\"` }",
			[]string{"$schema"}, []string{`p.T.V: key "Version" is not lowerCamelCase`}},
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil) // time, once for all
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parser.ParseFile(fset, "p.go", "package p\nimport \"time\"\nvar _ time.Duration\n"+tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			pkg, err := (&types.Config{Importer: imp}).Check("example.com/p", fset, []*ast.File{f}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := JSONKeys(pkg.Scope().Lookup("T").Type(), tt.allow...)
			if !slices.Equal(got, tt.want) {
				t.Errorf("JSONKeys:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
