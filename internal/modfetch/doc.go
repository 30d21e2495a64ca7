// Package modfetch gives tests and benchmarks writable copies of real
// modules that nobody here wrote, fetched through the go command and so
// through the module proxy (GOPROXY) into the module cache.
package modfetch
