package blankimport

import (
	"slices"
	"testing"
)

func TestBlank(t *testing.T) {
	const ref = "package p\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t\"example.com/go-yaml/v3\"\n\t\"os\"\n)\n\nfunc F() { fmt.Println(str.ToUpper(yaml.X), os.Args) }\n"
	for _, tc := range []struct {
		name, src, want string
		changed         bool
	}{
		{"every import used", ref, ref, false},
		{"one left unused", "package p\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t\"example.com/go-yaml/v3\"\n\t\"os\"\n)\n\nfunc F() { fmt.Println(str.ToUpper(yaml.X)) }\n",
			"package p\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t\"example.com/go-yaml/v3\"\n\t_ \"os\"\n)\n\nfunc F() { fmt.Println(str.ToUpper(yaml.X)) }\n", true},
		{"named and versioned ones unused", "package p\n\nimport (\n\t\"fmt\"\n\tstr \"strings\"\n\t\"example.com/go-yaml/v3\"\n\t\"os\"\n)\n\nfunc F() { fmt.Println(os.Args) }\n",
			"package p\n\nimport (\n\t\"fmt\"\n\t_ \"strings\"\n\t_ \"example.com/go-yaml/v3\"\n\t\"os\"\n)\n\nfunc F() { fmt.Println(os.Args) }\n", true},
		{"a local of the name keeps it", "package p\n\nimport \"os\"\n\nfunc F() { var os struct{ Args int }; _ = os.Args }\n", "package p\n\nimport \"os\"\n\nfunc F() { var os struct{ Args int }; _ = os.Args }\n", false},
		{"not parsing", "package p\n\nimport \"os\"\n\nfunc F() {", "package p\n\nimport \"os\"\n\nfunc F() {", false},
	} {
		got, changed := Blank([]byte(tc.src), []byte(ref))
		if string(got) != tc.want || changed != tc.changed {
			t.Errorf("%s: got %q (changed %v), want %q (changed %v)", tc.name, got, changed, tc.want, tc.changed)
		}
	}
	// An import ref does not use by a name Blank can tell stays.
	src := "package p\n\nimport \"example.com/odd\"\n\nfunc F() {}\n"
	if got, changed := Blank([]byte(src), []byte("package p\n\nimport \"example.com/odd\"\n\nfunc F() { other.X() }\n")); changed || string(got) != src {
		t.Errorf("import of an unknown name: got %q (changed %v), want it unchanged", got, changed)
	}
}

func TestCandidates(t *testing.T) {
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"fmt", []string{"fmt"}},
		{"github.com/pelletier/go-toml/v2", []string{"go-toml", "toml"}},
		{"gopkg.in/yaml.v3", []string{"yaml.v3", "yaml"}},
		{"github.com/expr-lang/expr/builtin", []string{"builtin"}},
		{"github.com/a/b-go", []string{"b-go", "b"}},
	} {
		if got := candidates(tc.path); !slices.Equal(got, tc.want) {
			t.Errorf("candidates(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}
