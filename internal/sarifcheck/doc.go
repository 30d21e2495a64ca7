// Package sarifcheck validates a SARIF 2.1.0 log against the parts of the
// OASIS schema (sarif-schema-2.1.0.json) that a log of results uses, and
// against the specification's rules the schema cannot state. It is the
// independent check of faultloc's SARIF writer in tests: CI has no
// network to fetch the schema, and the module takes no JSON Schema
// library.
//
// [Validate] checks:
//
//   - the log: "version" is "2.1.0", "$schema" is a URI string, "runs"
//     is an array; no properties but the schema's (sarifLog's
//     additionalProperties is false);
//   - each run: "tool.driver" with a "name" string; "rules", each with
//     an "id" string, unique, its "shortDescription"/"fullDescription"
//     with a "text", its "defaultConfiguration.level" in the level enum;
//     "originalUriBaseIds" entries whose "uri" is absolute and ends in
//     "/" (specification §3.14.14); "results" an array;
//   - each result: "message.text" present (or a message "id"); "ruleId"
//     a string; "ruleIndex" an integer ≥ -1 within the driver's rules,
//     naming the rule of the same id; "level" in {none, note, warning,
//     error}; "kind" in its enum; "locations": each
//     "physicalLocation.artifactLocation" with a "uri" that parses as a
//     URI reference, a "uriBaseId" that the run's originalUriBaseIds
//     defines (when it defines any) on a relative URI; "region" with
//     "startLine" ≥ 1, "startColumn" ≥ 1, "endLine" ≥ "startLine",
//     "endColumn" ≥ 1; "partialFingerprints" and "fingerprints" objects
//     of strings; "properties" an object;
//   - each fix of a result: "description" a message, "artifactChanges"
//     an array of at least one artifactChange, each with an
//     "artifactLocation" (checked as a location's) and "replacements",
//     an array of at least one, each with a "deletedRegion" (checked as
//     a location's region) and, if present, "insertedContent" whose
//     "text" is a string;
//   - on every object it visits (log, run, tool, toolComponent,
//     reportingDescriptor, reportingConfiguration, result, message,
//     location, physicalLocation, artifactLocation, region, fix,
//     artifactChange, replacement, artifactContent), that each
//     property is one the schema declares for it.
//
// It does not check the schema's other objects (invocations, code flows,
// taxonomies, graphs, …: a log that has them gets an "unknown
// property" only where the schema forbids them, never a full check) nor
// the string formats beyond URIs.
//
// The package is internal: its API carries no promise of stability.
package sarifcheck
