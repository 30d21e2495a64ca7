// Package udiff writes the unified diff of a patch: two versions of a
// file that differ in one run of lines, with three lines of context
// ([Unified]), and renames the file a diff names ([Rename]). It is no
// general diff: a patch of localize/repair changes one run of lines.
package udiff
