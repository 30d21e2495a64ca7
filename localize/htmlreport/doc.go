// Package htmlreport writes localize's reports as one self-contained HTML
// page ([Write]): each report a section with its test's failure, its fix
// candidates and the source of the files involved, the candidates' lines
// highlighted and the angelic values shown where they apply; with a
// spectrum ranking, the source lines are tinted by suspiciousness and its
// top lines listed. Linking the package makes it the page of
// [localize.Report.WriteHTML] too.
//
// The page has no external assets and no script, and the same reports,
// options and sources give the same bytes. Its rendering is for people
// and may change; Options and Write are stable
// (api/localize/htmlreport.txt).
package htmlreport
