// Package lines picks the source lines a repair tries beyond angelic
// debugging's sites: the lines the failing cases ran, by their
// suspiciousness in the spectrum (Ochiai) and how late the failing run
// ran them ([Sites]); the lines of the failing run's panic and of the
// calls on its stack ([PanicFrames]), where a missing guard belongs;
// the sites ordered by their lines' scores ([OrderSites]); several
// orders of lines taken in turn ([Interleave]); and which files are the
// module's ([ModuleFiles]), where a patch may go.
//
// It reads spectra and traces only; what localize/repair does at the
// lines (mutation analysis, statement edits, guards) is not its job.
package lines
