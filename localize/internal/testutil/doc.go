// Package testutil holds what the tests of localize's packages share:
// golden files rewritten with -update, the module's root, and the
// example subjects loaded once per test binary.
package testutil
