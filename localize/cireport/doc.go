// Package cireport writes faultloc's reports in the formats that CI
// systems and editors read:
//
//   - SARIF 2.1.0 ([WriteSARIF]), which GitHub code scanning and the
//     VS Code SARIF viewer show as alerts on the lines;
//   - GitHub Actions workflow commands ([WriteGitHub]):
//     "::error file=F,line=L,col=C::message" lines that a workflow step
//     prints and GitHub shows as annotations on the pull request.
//
// Both take the same model, a list of [Result]s, each a finding at one
// or more source locations with the [Rule] (the technique and what it
// found) that produced it. [Localize], [Diagnosis], [Regress], [Repair]
// and [Spectra] turn the reports of localize (per failing case, and of
// the failing cases diagnosed together), localize/regress,
// localize/repair and spectra into results, in the order the reports
// rank them (a repair's patches carry their SARIF fixes); [Top] and [Threshold] keep the first
// ones or those scored high enough.
//
// In SARIF, files below Options.Root are URIs relative to it, with the
// base id %SRCROOT% (others are absolute file URIs); each rule id is
// stable for a technique (fix-candidate/agx, ranked-line/spectrum,
// spectrum/ochiai, regression/root-cause, …); a result's rank, score and
// evidence are in its properties; its partial fingerprint
// (faultloc/v1) hashes the rule, the file, the line's source text and
// the failing case, not the line number, so that an alert follows its
// line when code above it moves. Options.Partial marks a run that
// stopped early, in both formats, even one without results.
//
// # Stability
//
// The functions, [Options], [Result], [Location], [Rule] and [Level] are
// stable (api/localize/cireport.txt), and so are the rule ids and the
// fingerprint's inputs; the messages' wording is for people and may
// change.
package cireport
