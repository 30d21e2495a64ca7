package cireport

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"math"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// Options configure the writers. The zero value writes file names
// relative to the working directory.
type Options struct {
	// Root is the directory the files are named relative to: SARIF's
	// %SRCROOT%, the module's root for code scanning; the working
	// directory for annotations, as a workflow step runs there.
	// Default: the working directory.
	Root string
	// Version is the tool's version written into SARIF's driver
	// (default: none).
	Version string
	// Partial, when not empty, says why the run that made the results
	// stopped before its end (a deadline, a signal): SARIF's run then
	// has the property partial and an invocation whose execution did not
	// succeed, with a warning notification saying why; the GitHub
	// commands start with a ::warning saying so. It marks a run whose
	// results are empty as partial too. Default "": complete.
	Partial string
}

// The SARIF version written, its schema, and the tool's home page.
const (
	SARIFVersion = "2.1.0"
	SARIFSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json"
	toolURI      = "https://github.com/faultloc/faultloc"
	srcRoot      = "%SRCROOT%"
	// FingerprintKey is the key of the partial fingerprint each result
	// carries.
	FingerprintKey = "faultloc/v1"
)

// The SARIF 2.1.0 objects written (the properties faultloc sets).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		Invocations        []sarifInvocation           `json:"invocations,omitempty"`
		OriginalURIBaseIDs map[string]artifactLocation `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
		Properties         map[string]any              `json:"properties,omitempty"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   Level        `json:"level"`
		Message sarifMessage `json:"message"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		DefaultConfiguration struct {
			Level Level `json:"level"`
		} `json:"defaultConfiguration"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               Level             `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Properties          map[string]any    `json:"properties,omitempty"`
		Fixes               []sarifFix        `json:"fixes,omitempty"`
	}
	sarifFix struct {
		Description     sarifMessage     `json:"description"`
		ArtifactChanges []artifactChange `json:"artifactChanges"`
	}
	artifactChange struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Replacements     []replacement    `json:"replacements"`
	}
	replacement struct {
		DeletedRegion   region           `json:"deletedRegion"`
		InsertedContent *artifactContent `json:"insertedContent,omitempty"`
	}
	artifactContent struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		PhysicalLocation physicalLocation `json:"physicalLocation"`
	}
	physicalLocation struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Region           *region          `json:"region,omitempty"`
	}
	artifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
)

// WriteSARIF writes the results as one SARIF 2.1.0 log with one run of
// faultloc: the rules in the order the results first use them, then the
// results in their order. A result's properties hold its rank, score
// (the strings "+Inf", "-Inf", "NaN" when not finite) and evidence with
// its own Properties; its Fixes are SARIF fixes, each one artifact
// change of one replacement (the deleted region, the inserted text).
// Files below opts.Root are relative URIs against the base id
// %SRCROOT%, which originalUriBaseIds sets to opts.Root; the others are
// absolute file URIs. With opts.Partial, the run says it stopped early.
func WriteSARIF(w io.Writer, rs []Result, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	root := absRoot(opts.Root)
	run := sarifRun{
		Tool:               sarifTool{Driver: sarifDriver{Name: "faultloc", InformationURI: toolURI, Version: opts.Version, Rules: []sarifRule{}}},
		OriginalURIBaseIDs: map[string]artifactLocation{srcRoot: {URI: fileURI(root) + "/"}},
		Results:            []sarifResult{},
	}
	if opts.Partial != "" {
		run.Invocations = []sarifInvocation{{ExecutionSuccessful: false, ToolExecutionNotifications: []sarifNotification{{Level: Warning, Message: sarifMessage{partialMessage(opts.Partial)}}}}}
		run.Properties = map[string]any{"partial": opts.Partial}
	}
	ruleIndex := map[string]int{}
	for _, r := range rs {
		i, ok := ruleIndex[r.Rule.ID]
		if !ok {
			i = len(run.Tool.Driver.Rules)
			ruleIndex[r.Rule.ID] = i
			sr := sarifRule{ID: r.Rule.ID, ShortDescription: sarifMessage{r.Rule.Description}}
			sr.DefaultConfiguration.Level = r.Rule.Level
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sr)
		}
		res := sarifResult{RuleID: r.Rule.ID, RuleIndex: i, Level: r.Rule.Level, Message: sarifMessage{r.Message},
			Locations: []sarifLocation{}, Properties: map[string]any{}}
		for _, l := range r.Locations {
			uri, base := relURI(root, l.File)
			pl := physicalLocation{ArtifactLocation: artifactLocation{URI: uri, URIBaseID: base}}
			if l.Line > 0 {
				pl.Region = &region{StartLine: l.Line, StartColumn: l.Column}
				if l.EndLine > l.Line {
					pl.Region.EndLine = l.EndLine
				}
				if l.EndColumn > 0 && (l.EndLine == 0 || l.EndLine >= l.Line) {
					pl.Region.EndColumn = l.EndColumn
				}
			}
			res.Locations = append(res.Locations, sarifLocation{pl})
		}
		res.PartialFingerprints = map[string]string{FingerprintKey: fingerprint(root, r)}
		for k, v := range r.Properties {
			res.Properties[k] = v
		}
		if r.Rank > 0 {
			res.Properties["rank"] = jsonFloat(r.Rank)
		}
		if r.Scored {
			res.Properties["score"] = jsonFloat(r.Score)
		}
		if r.Evidence != "" {
			res.Properties["evidence"] = r.Evidence
		}
		for _, f := range r.Fixes {
			uri, base := relURI(root, f.Deleted.File)
			d := f.Deleted
			rep := replacement{DeletedRegion: region{StartLine: d.Line, StartColumn: d.Column, EndLine: cmp.Or(d.EndLine, d.Line), EndColumn: cmp.Or(d.EndColumn, d.Column)}}
			if f.Inserted != "" {
				rep.InsertedContent = &artifactContent{f.Inserted}
			}
			res.Fixes = append(res.Fixes, sarifFix{Description: sarifMessage{f.Description},
				ArtifactChanges: []artifactChange{{ArtifactLocation: artifactLocation{URI: uri, URIBaseID: base}, Replacements: []replacement{rep}}}})
		}
		run.Results = append(run.Results, res)
	}
	return localize.EncodeJSON(w, sarifLog{Schema: SARIFSchema, Version: SARIFVersion, Runs: []sarifRun{run}})
}

// fingerprint hashes what identifies a result across runs and edits
// above it: the rule, the group (the failing case), and each location's
// file (as its URI) and source text (its line number when the text is
// unknown).
func fingerprint(root string, r Result) string {
	h := sha256.New()
	io.WriteString(h, r.Rule.ID+"\x00"+r.Group)
	for _, l := range r.Locations {
		uri, _ := relURI(root, l.File)
		what := l.Text
		if what == "" {
			what = "line " + strconv.Itoa(l.Line)
		}
		io.WriteString(h, "\x00"+uri+"\x00"+what)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// absRoot makes root absolute, the working directory by default.
func absRoot(root string) string {
	if root == "" {
		root = "."
	}
	if abs, err := filepath.Abs(root); err == nil {
		return abs
	}
	return root
}

// relURI is file's URI: relative to root, with the base id %SRCROOT%,
// when file lies below root; else an absolute file URI.
func relURI(root, file string) (uri, base string) {
	abs, err := filepath.Abs(file)
	if err != nil {
		abs = file
	}
	if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return escapePath(filepath.ToSlash(rel)), srcRoot
	}
	return fileURI(abs), ""
}

// fileURI is the file URI of an absolute path.
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	return "file://" + escapePath(p)
}

// escapePath escapes each segment of a slash-separated path for a URI.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// jsonFloat writes finite numbers as JSON numbers and the others as the
// strings "+Inf", "-Inf" and "NaN", as spectra's JSON does.
type jsonFloat float64

// MarshalJSON implements json.Marshaler.
func (x jsonFloat) MarshalJSON() ([]byte, error) {
	f := float64(x)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	case math.IsNaN(f):
		return []byte(`"NaN"`), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}
