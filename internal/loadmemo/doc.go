// Package loadmemo memoizes loads of Go packages (go list -export and
// what is built from it) within a process: one localization loads the
// same program several times with the same inputs (the program, the
// mutant schemas' targets, a schema loaded by several analyses), and each
// load is a go list -deps -export of the program and its dependencies.
//
// A load is reused only if every input that can change it is the same:
// the directory, Tests, build flags, environment (os.Environ when the
// load's Env is nil; but for the variables no go command reads, which
// [KeyEnv] leaves out), overlay contents, patterns and mode (Inputs), and
// the stamp of the module holding the directory, taken before the load:
// every file's and directory's path, size, mode and modification time
// under the module's root (but for .git, .hg and .svn). The caller keeps
// a load only if all its sources are in that module, the standard
// library or the module cache (which do not change under a process).
// Loads in a workspace (a go.work file or GOWORK), with another go.mod
// (-modfile), or in a module whose go.mod may replace a module by a
// local directory, are not memoized. The walk costs a stat per file of
// the module, far less than a go list of the same program in a module
// of a few thousand files, and on Linux it is taken only when the
// module may have changed: the module's directories are watched
// (inotify), and while none has had an event since the last walk the
// walk's stamp is kept (a change is seen by any Get that starts after
// the system call that made it returned; a change the kernel does not
// report on the module's directories, a write through a hard link from
// elsewhere or on a network file system by another machine, is not).
// A module of more than 10,000 files and directories is not memoized.
// An edit that keeps a file's size and modification time is not seen;
// the build cache's export files are checked by the callers that read
// them.
//
// A [Memo] is bounded and safe for concurrent use (Gets of the same
// inputs at once share one load); what it keeps is
// shared by the callers it returns it to, who must not change it.
package loadmemo
