package localize

import (
	"errors"
	"strings"
	"testing"
)

func TestEncodeHTML(t *testing.T) {
	for _, tc := range []struct {
		title, text string
		want        []string
	}{
		{"T", "a.go:3: x < y\n", []string{"<title>T</title>", "<pre>a.go:3: x &lt; y\n</pre>"}},
		{"<b>", `<script>alert("x")</script>`, []string{"<title>&lt;b&gt;</title>", "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"}},
	} {
		var b strings.Builder
		if err := EncodeHTML(&b, tc.title, tc.text); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("EncodeHTML(%q, %q) lacks %q:\n%s", tc.title, tc.text, w, b.String())
			}
		}
		if strings.Contains(b.String(), "<script") {
			t.Errorf("EncodeHTML(%q, %q) lets a tag through:\n%s", tc.title, tc.text, b.String())
		}
	}
}

// TestDiagnosisWriteHTML checks that a diagnosis's page holds its text,
// titled by its first line unless Output says otherwise.
func TestDiagnosisWriteHTML(t *testing.T) {
	rep := &DiagnosisReport{Mode: "agx", Grouping: "joint", Cases: []string{"TestA", "TestB"}, Groups: []DiagnosisGroup{{Cases: []string{"TestA", "TestB"}}}}
	var text, page strings.Builder
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(text.String(), "\n")
	for _, want := range []string{"<title>" + strings.TrimPrefix(first, "# ") + "</title>", "no diagnosis found"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("page lacks %q:\n%s", want, page.String())
		}
	}
	rep.Output.Title = "mine"
	page.Reset()
	if err := rep.WriteHTML(&page); err != nil || !strings.Contains(page.String(), "<title>mine</title>") {
		t.Errorf("page with Output.Title: %v\n%s", err, page.String())
	}
}

// TestReportWriteHTMLUnlinked: without package htmlreport in the
// program (this test's), a Report has no page and says what to link.
func TestReportWriteHTMLUnlinked(t *testing.T) {
	if htmlWriter != nil {
		t.Skip("package htmlreport is linked into this test")
	}
	var b strings.Builder
	if err := (&Report{Test: "T"}).WriteHTML(&b); !errors.Is(err, ErrNoHTML) || b.Len() > 0 {
		t.Errorf("WriteHTML = %v, wrote %q; want ErrNoHTML and nothing", err, b.String())
	}
}
