package sarifcheck

import (
	"strings"
	"testing"
)

// valid is a small log that uses every object the checker visits.
const valid = `{
  "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json",
  "version": "2.1.0",
  "runs": [{
    "tool": {"driver": {"name": "t", "rules": [{"id": "r1", "shortDescription": {"text": "d"}, "defaultConfiguration": {"level": "warning"}}]}},
    "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///src/"}},
    "results": [{
      "ruleId": "r1", "ruleIndex": 0, "level": "error", "message": {"text": "m"},
      "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a/b.go", "uriBaseId": "%SRCROOT%"}, "region": {"startLine": 3, "startColumn": 2, "endLine": 4}}}],
      "partialFingerprints": {"k": "v"}, "properties": {"rank": 1},
      "fixes": [{"description": {"text": "f"}, "artifactChanges": [{"artifactLocation": {"uri": "a/b.go", "uriBaseId": "%SRCROOT%"},
        "replacements": [{"deletedRegion": {"startLine": 5, "startColumn": 7, "endLine": 5, "endColumn": 8}, "insertedContent": {"text": "b"}}]}]}]
    }]
  }]
}`

func TestValidate(t *testing.T) {
	tests := []struct {
		name      string
		old, repl string // a replacement in valid; "" for valid itself
		want      string // a substring of the problem; "" for none
	}{
		{"valid", "", "", ""},
		{"unknown log property", `"runs": [{`, `"x": 1, "runs": [{`, `property "x" is not one of sarifLog's`},
		{"wrong version", `"version": "2.1.0"`, `"version": "2.0.0"`, `$.version: is "2.0.0"`},
		{"no version", `"version": "2.1.0",`, ``, `lacks the required "version"`},
		{"relative schema", `"$schema": "https:`, `"$schema": "`, `is not an absolute URI`},
		{"no driver name", `"driver": {"name": "t", `, `"driver": {`, `driver: lacks the required "name"`},
		{"rule without id", `{"id": "r1", `, `{`, `rules[0]: lacks the required "id"`},
		{"duplicate rule", `"rules": [{"id": "r1", "shortDescription": {"text": "d"}, "defaultConfiguration": {"level": "warning"}}]`, `"rules": [{"id": "r1"}, {"id": "r1"}]`, `"r1" is not unique`},
		{"bad default level", `"level": "warning"`, `"level": "severe"`, `level: is "severe"`},
		{"description without text", `{"text": "d"}`, `{"markdown": "d"}`, `lacks the required "text"`},
		{"base without slash", `"file:///src/"`, `"file:///src"`, `does not end with a slash`},
		{"no message", `"message": {"text": "m"},`, ``, `lacks the required "message"`},
		{"empty message", `"message": {"text": "m"}`, `"message": {}`, `has neither text nor id`},
		{"bad level", `"level": "error"`, `"level": "fatal"`, `level: is "fatal"`},
		{"rule index beyond", `"ruleIndex": 0`, `"ruleIndex": 1`, `beyond the driver's 1 rules`},
		{"rule index mismatch", `"ruleId": "r1"`, `"ruleId": "r2"`, `names rule "r1", not the ruleId "r2"`},
		{"start line 0", `"startLine": 3`, `"startLine": 0`, `startLine: is 0, below the minimum 1`},
		{"start line not integer", `"startLine": 3`, `"startLine": 3.5`, `startLine: is not an integer`},
		{"end before start", `"endLine": 4`, `"endLine": 2`, `before startLine 3`},
		{"region without start", `"startLine": 3, "startColumn": 2, "endLine": 4`, `"startColumn": 2`, `neither startLine`},
		{"unknown base", `"uriBaseId": "%SRCROOT%"`, `"uriBaseId": "%ELSEWHERE%"`, `not among the run's originalUriBaseIds`},
		{"absolute uri with base", `"uri": "a/b.go"`, `"uri": "file:///a/b.go"`, `absolute uri "file:///a/b.go" with a uriBaseId`},
		{"fingerprint not a string", `{"k": "v"}`, `{"k": 1}`, `partialFingerprints.k: is not a string`},
		{"unknown result property", `"ruleId": "r1"`, `"rule_id": "r1"`, `property "rule_id" is not one of result's`},
		{"unknown region property", `"startColumn": 2`, `"column": 2`, `property "column" is not one of region's`},
		{"fix without changes", `"artifactChanges": [{"artifactLocation"`, `"changes": [{"artifactLocation"`, `fixes[0]: lacks the required "artifactChanges"`},
		{"fix of no change", `"artifactChanges": [{"artifactLocation": {"uri": "a/b.go", "uriBaseId": "%SRCROOT%"},
        "replacements": [{"deletedRegion": {"startLine": 5, "startColumn": 7, "endLine": 5, "endColumn": 8}, "insertedContent": {"text": "b"}}]}]`, `"artifactChanges": []`, `artifactChanges: is empty`},
		{"change without location", `{"artifactLocation": {"uri": "a/b.go", "uriBaseId": "%SRCROOT%"},
        "replacements"`, `{"replacements"`, `artifactChanges[0]: lacks the required "artifactLocation"`},
		{"change of an unknown base", `"uriBaseId": "%SRCROOT%"},
        "replacements"`, `"uriBaseId": "%ELSEWHERE%"},
        "replacements"`, `artifactChanges[0].artifactLocation.uriBaseId: "%ELSEWHERE%" is not among`},
		{"change without replacements", `"replacements": [{"deletedRegion": {"startLine": 5, "startColumn": 7, "endLine": 5, "endColumn": 8}, "insertedContent": {"text": "b"}}]`, `"replacements": []`, `replacements: is empty`},
		{"replacement without region", `{"deletedRegion": {"startLine": 5, "startColumn": 7, "endLine": 5, "endColumn": 8}, `, `{`, `replacements[0]: lacks the required "deletedRegion"`},
		{"deleted region ending before it starts", `"startLine": 5, "startColumn": 7, "endLine": 5`, `"startLine": 5, "startColumn": 7, "endLine": 4`, `deletedRegion.endLine: is 4, before startLine 5`},
		{"inserted content not text", `"insertedContent": {"text": "b"}`, `"insertedContent": {"text": 2}`, `insertedContent.text: is not a string`},
		{"unknown fix property", `"fixes": [{"description"`, `"fixes": [{"summary": 1, "description"`, `property "summary" is not one of fix's`},
		{"not JSON", `{`, `[`, `not JSON`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := valid
			if tt.old != "" {
				if !strings.Contains(log, tt.old) {
					t.Fatalf("the valid log has no %q", tt.old)
				}
				log = strings.Replace(log, tt.old, tt.repl, 1)
			}
			err := Validate([]byte(log))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate: %v", err)
			case tt.want != "" && err == nil:
				t.Errorf("Validate accepted the log:\n%s", log)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Errorf("Validate: %v\nwant a problem saying %q", err, tt.want)
			}
		})
	}
}
