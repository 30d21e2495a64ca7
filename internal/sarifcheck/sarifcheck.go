package sarifcheck

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Error lists what is wrong with a log, each problem with its JSON path.
type Error struct {
	Problems []string
}

// Error formats the problems one a line.
func (e *Error) Error() string {
	return "sarifcheck: the log is not valid SARIF 2.1.0:\n\t" + strings.Join(e.Problems, "\n\t")
}

// The properties the schema declares for the objects checked.
var declared = map[string][]string{
	"sarifLog": {"$schema", "version", "runs", "inlineExternalProperties", "properties"},
	"run": {"tool", "invocations", "conversion", "language", "versionControlProvenance", "originalUriBaseIds",
		"artifacts", "logicalLocations", "graphs", "results", "automationDetails", "runAggregates", "baselineGuid",
		"redactionTokens", "defaultEncoding", "defaultSourceLanguage", "newlineSequences", "columnKind",
		"externalPropertyFileReferences", "threadFlowLocations", "taxonomies", "addresses", "translations",
		"policies", "webRequests", "webResponses", "specialLocations", "properties"},
	"tool": {"driver", "extensions", "properties"},
	"toolComponent": {"guid", "name", "organization", "product", "productSuite", "shortDescription",
		"fullDescription", "fullName", "version", "semanticVersion", "dottedQuadFileVersion", "releaseDateUtc",
		"downloadUri", "informationUri", "globalMessageStrings", "notifications", "rules", "taxa", "locations",
		"language", "contents", "isComprehensive", "localizedDataSemanticVersion",
		"minimumRequiredLocalizedDataSemanticVersion", "associatedComponent", "translationMetadata",
		"supportedTaxonomies", "properties"},
	"reportingDescriptor": {"id", "deprecatedIds", "guid", "deprecatedGuids", "name", "deprecatedNames",
		"shortDescription", "fullDescription", "messageStrings", "defaultConfiguration", "helpUri", "help",
		"relationships", "properties"},
	"reportingConfiguration":   {"enabled", "level", "rank", "parameters", "properties"},
	"multiformatMessageString": {"text", "markdown", "properties"},
	"result": {"ruleId", "ruleIndex", "rule", "kind", "level", "message", "analysisTarget", "locations", "guid",
		"correlationGuid", "occurrenceCount", "partialFingerprints", "fingerprints", "stacks", "codeFlows", "graphs",
		"graphTraversals", "relatedLocations", "suppressions", "baselineState", "rank", "attachments",
		"hostedViewerUri", "workItemUris", "provenance", "fixes", "taxa", "webRequest", "webResponse", "properties"},
	"message":          {"text", "markdown", "id", "arguments", "properties"},
	"location":         {"id", "physicalLocation", "logicalLocations", "message", "annotations", "relationships", "properties"},
	"physicalLocation": {"address", "artifactLocation", "region", "contextRegion", "properties"},
	"artifactLocation": {"uri", "uriBaseId", "index", "description", "properties"},
	"region": {"startLine", "startColumn", "endLine", "endColumn", "charOffset", "charLength", "byteOffset",
		"byteLength", "snippet", "message", "sourceLanguage", "properties"},
	"fix":             {"description", "artifactChanges", "properties"},
	"artifactChange":  {"artifactLocation", "replacements", "properties"},
	"replacement":     {"deletedRegion", "insertedContent", "properties"},
	"artifactContent": {"text", "binary", "rendered", "properties"},
}

var (
	levels = []string{"none", "note", "warning", "error"}
	kinds  = []string{"notApplicable", "pass", "fail", "review", "open", "informational"}
)

// checker collects the problems of one log.
type checker struct {
	problems []string
	bases    map[string]bool // the run's originalUriBaseIds
}

func (c *checker) fail(path, format string, args ...any) {
	c.problems = append(c.problems, path+": "+fmt.Sprintf(format, args...))
}

// object returns v as an object of the schema type typ, reporting a
// value that is not one and properties the schema does not declare.
func (c *checker) object(path, typ string, v any) map[string]any {
	o, ok := v.(map[string]any)
	if !ok {
		c.fail(path, "is not an object (%s)", typ)
		return nil
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(declared[typ], k) {
			c.fail(path, "property %q is not one of %s's", k, typ)
		}
	}
	return o
}

func (c *checker) str(path string, o map[string]any, key string, required bool) (string, bool) {
	v, ok := o[key]
	if !ok {
		if required {
			c.fail(path, "lacks the required %q", key)
		}
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		c.fail(path+"."+key, "is not a string")
	}
	return s, ok
}

// integer returns o[key] as an integer at least min, if present.
func (c *checker) integer(path string, o map[string]any, key string, min int) (int, bool) {
	v, ok := o[key]
	if !ok {
		return 0, false
	}
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		c.fail(path+"."+key, "is not an integer")
		return 0, false
	}
	if int(f) < min {
		c.fail(path+"."+key, "is %d, below the minimum %d", int(f), min)
	}
	return int(f), true
}

func (c *checker) enum(path string, o map[string]any, key string, values []string) {
	if s, ok := c.str(path, o, key, false); ok && !slices.Contains(values, s) {
		c.fail(path+"."+key, "is %q, not one of %s", s, strings.Join(values, ", "))
	}
}

func (c *checker) array(path string, v any) []any {
	a, ok := v.([]any)
	if !ok {
		c.fail(path, "is not an array")
	}
	return a
}

// Validate checks a SARIF log (see the package documentation for what
// it checks) and returns an *Error listing every problem found, or nil.
func Validate(data []byte) error {
	var log any
	if err := json.Unmarshal(data, &log); err != nil {
		return &Error{Problems: []string{"not JSON: " + err.Error()}}
	}
	c := &checker{}
	c.log(log)
	if len(c.problems) > 0 {
		return &Error{Problems: c.problems}
	}
	return nil
}

func (c *checker) log(v any) {
	o := c.object("$", "sarifLog", v)
	if o == nil {
		return
	}
	if ver, ok := c.str("$", o, "version", true); ok && ver != "2.1.0" {
		c.fail("$.version", "is %q, want \"2.1.0\"", ver)
	}
	if s, ok := c.str("$", o, "$schema", false); ok {
		if u, err := url.Parse(s); err != nil || !u.IsAbs() {
			c.fail("$.$schema", "%q is not an absolute URI", s)
		}
	}
	runs, ok := o["runs"]
	if !ok {
		c.fail("$", "lacks the required %q", "runs")
		return
	}
	if runs == nil {
		return // null: the log was not produced by a run
	}
	for i, r := range c.array("$.runs", runs) {
		c.run(fmt.Sprintf("$.runs[%d]", i), r)
	}
}

func (c *checker) run(path string, v any) {
	o := c.object(path, "run", v)
	if o == nil {
		return
	}
	var rules []string
	tool, ok := o["tool"]
	if !ok {
		c.fail(path, "lacks the required %q", "tool")
	} else if t := c.object(path+".tool", "tool", tool); t != nil {
		if d, ok := t["driver"]; !ok {
			c.fail(path+".tool", "lacks the required %q", "driver")
		} else {
			rules = c.driver(path+".tool.driver", d)
		}
	}
	c.bases = nil
	if b, ok := o["originalUriBaseIds"]; ok {
		bo, ok := b.(map[string]any)
		if !ok {
			c.fail(path+".originalUriBaseIds", "is not an object")
		}
		c.bases = map[string]bool{}
		for id, al := range bo {
			p := path + ".originalUriBaseIds." + id
			c.bases[id] = true
			a := c.object(p, "artifactLocation", al)
			if a == nil {
				continue
			}
			if s, ok := c.str(p, a, "uri", false); ok {
				u, err := url.Parse(s)
				switch {
				case err != nil:
					c.fail(p+".uri", "%q is not a URI: %v", s, err)
				case !u.IsAbs() && a["uriBaseId"] == nil:
					c.fail(p+".uri", "%q is relative without a uriBaseId", s)
				case !strings.HasSuffix(s, "/"):
					c.fail(p+".uri", "%q does not end with a slash", s)
				}
			}
		}
	}
	if rs, ok := o["results"]; ok && rs != nil {
		for i, r := range c.array(path+".results", rs) {
			c.result(fmt.Sprintf("%s.results[%d]", path, i), r, rules)
		}
	}
}

// driver checks a toolComponent and returns the ids of its rules.
func (c *checker) driver(path string, v any) []string {
	o := c.object(path, "toolComponent", v)
	if o == nil {
		return nil
	}
	c.str(path, o, "name", true)
	for _, k := range []string{"shortDescription", "fullDescription"} {
		if m, ok := o[k]; ok {
			c.multiformat(path+"."+k, m)
		}
	}
	rs, ok := o["rules"]
	if !ok {
		return nil
	}
	var ids []string
	for i, r := range c.array(path+".rules", rs) {
		p := fmt.Sprintf("%s.rules[%d]", path, i)
		ro := c.object(p, "reportingDescriptor", r)
		if ro == nil {
			ids = append(ids, "")
			continue
		}
		id, _ := c.str(p, ro, "id", true)
		if slices.Contains(ids, id) {
			c.fail(p+".id", "%q is not unique among the rules", id)
		}
		ids = append(ids, id)
		for _, k := range []string{"shortDescription", "fullDescription", "help"} {
			if m, ok := ro[k]; ok {
				c.multiformat(p+"."+k, m)
			}
		}
		if dc, ok := ro["defaultConfiguration"]; ok {
			if co := c.object(p+".defaultConfiguration", "reportingConfiguration", dc); co != nil {
				c.enum(p+".defaultConfiguration", co, "level", levels)
			}
		}
	}
	return ids
}

func (c *checker) multiformat(path string, v any) {
	if o := c.object(path, "multiformatMessageString", v); o != nil {
		c.str(path, o, "text", true)
	}
}

func (c *checker) result(path string, v any, rules []string) {
	o := c.object(path, "result", v)
	if o == nil {
		return
	}
	if m, ok := o["message"]; !ok {
		c.fail(path, "lacks the required %q", "message")
	} else if mo := c.object(path+".message", "message", m); mo != nil {
		_, hasText := mo["text"]
		_, hasID := mo["id"]
		if !hasText && !hasID {
			c.fail(path+".message", "has neither text nor id")
		}
		c.str(path+".message", mo, "text", false)
	}
	id, hasID := c.str(path, o, "ruleId", false)
	if i, ok := c.integer(path, o, "ruleIndex", -1); ok && i >= 0 {
		switch {
		case i >= len(rules):
			c.fail(path+".ruleIndex", "is %d, beyond the driver's %d rules", i, len(rules))
		case hasID && rules[i] != id:
			c.fail(path+".ruleIndex", "names rule %q, not the ruleId %q", rules[i], id)
		}
	}
	c.enum(path, o, "level", levels)
	c.enum(path, o, "kind", kinds)
	if ls, ok := o["locations"]; ok {
		for i, l := range c.array(path+".locations", ls) {
			c.location(fmt.Sprintf("%s.locations[%d]", path, i), l)
		}
	}
	for _, k := range []string{"partialFingerprints", "fingerprints"} {
		if f, ok := o[k]; ok {
			fo, ok := f.(map[string]any)
			if !ok {
				c.fail(path+"."+k, "is not an object")
			}
			for name, s := range fo {
				if _, ok := s.(string); !ok {
					c.fail(path+"."+k+"."+name, "is not a string")
				}
			}
		}
	}
	if fs, ok := o["fixes"]; ok {
		for i, f := range c.array(path+".fixes", fs) {
			c.fix(fmt.Sprintf("%s.fixes[%d]", path, i), f)
		}
	}
	if p, ok := o["properties"]; ok {
		if _, ok := p.(map[string]any); !ok {
			c.fail(path+".properties", "is not an object")
		}
	}
}

func (c *checker) location(path string, v any) {
	o := c.object(path, "location", v)
	if o == nil {
		return
	}
	pl, ok := o["physicalLocation"]
	if !ok {
		return
	}
	path += ".physicalLocation"
	po := c.object(path, "physicalLocation", pl)
	if po == nil {
		return
	}
	if al, ok := po["artifactLocation"]; ok {
		c.artifactLocation(path+".artifactLocation", al)
	}
	if r, ok := po["region"]; ok {
		c.region(path+".region", r)
	}
}

func (c *checker) artifactLocation(p string, v any) {
	a := c.object(p, "artifactLocation", v)
	if a == nil {
		return
	}
	s, hasURI := c.str(p, a, "uri", false)
	base, hasBase := c.str(p, a, "uriBaseId", false)
	if hasURI {
		u, err := url.Parse(s)
		switch {
		case err != nil:
			c.fail(p+".uri", "%q is not a URI reference: %v", s, err)
		case u.IsAbs() && hasBase:
			c.fail(p, "absolute uri %q with a uriBaseId", s)
		}
	}
	if hasBase && c.bases != nil && !c.bases[base] {
		c.fail(p+".uriBaseId", "%q is not among the run's originalUriBaseIds", base)
	}
	c.integer(p, a, "index", -1)
}

func (c *checker) region(p string, v any) {
	ro := c.object(p, "region", v)
	if ro == nil {
		return
	}
	start, hasStart := c.integer(p, ro, "startLine", 1)
	c.integer(p, ro, "startColumn", 1)
	if end, ok := c.integer(p, ro, "endLine", 1); ok && hasStart && end < start {
		c.fail(p+".endLine", "is %d, before startLine %d", end, start)
	}
	c.integer(p, ro, "endColumn", 1)
	c.integer(p, ro, "charOffset", -1)
	c.integer(p, ro, "byteOffset", -1)
	_, hasChar := ro["charOffset"]
	_, hasByte := ro["byteOffset"]
	if !hasStart && !hasChar && !hasByte {
		c.fail(p, "has neither startLine, charOffset nor byteOffset (specification §3.30.2)")
	}
}

// fix checks a result's fix: its description, and its artifact changes
// (at least one), each an artifact location and replacements (at least
// one), each a deleted region and, if any, inserted content.
// items returns the required non-empty array o[key] (minItems 1) of
// the object at path, failing when it is missing, not an array or empty.
func (c *checker) items(path string, o map[string]any, key string) []any {
	v, ok := o[key]
	if !ok {
		c.fail(path, "lacks the required %q", key)
		return nil
	}
	a := c.array(path+"."+key, v)
	if a != nil && len(a) == 0 {
		c.fail(path+"."+key, "is empty (minItems 1)")
	}
	return a
}

func (c *checker) fix(path string, v any) {
	o := c.object(path, "fix", v)
	if o == nil {
		return
	}
	if d, ok := o["description"]; ok {
		if mo := c.object(path+".description", "message", d); mo != nil {
			c.str(path+".description", mo, "text", false)
		}
	}
	for i, ch := range c.items(path, o, "artifactChanges") {
		p := fmt.Sprintf("%s.artifactChanges[%d]", path, i)
		co := c.object(p, "artifactChange", ch)
		if co == nil {
			continue
		}
		if al, ok := co["artifactLocation"]; ok {
			c.artifactLocation(p+".artifactLocation", al)
		} else {
			c.fail(p, "lacks the required %q", "artifactLocation")
		}
		for j, r := range c.items(p, co, "replacements") {
			rp := fmt.Sprintf("%s.replacements[%d]", p, j)
			ro := c.object(rp, "replacement", r)
			if ro == nil {
				continue
			}
			if dr, ok := ro["deletedRegion"]; ok {
				c.region(rp+".deletedRegion", dr)
			} else {
				c.fail(rp, "lacks the required %q", "deletedRegion")
			}
			if ic, ok := ro["insertedContent"]; ok {
				if co := c.object(rp+".insertedContent", "artifactContent", ic); co != nil {
					c.str(rp+".insertedContent", co, "text", false)
				}
			}
		}
	}
}
