package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// pathErrors is a type of this package spelled with an alias.
type pathErrors = []*os.PathError

// AliasTypes asserts and names types spelled with aliases, the standard
// library's (os.PathError is io/fs's PathError) and its own: the runtime
// knows no alias, so a native *fs.PathError is a *os.PathError, and
// both print as *fs.PathError.
func AliasTypes() string {
	_, err := os.Open("corpus-no-such-file")
	pe := err.(*os.PathError) // panics if the assertion fails
	var viaAs *os.PathError
	var kind string
	switch err.(type) {
	case *os.PathError:
		kind = "os"
	default:
		kind = "other"
	}
	var fsErr *fs.PathError = pe
	list := pathErrors{pe}
	var m map[string]*os.PathError
	var fn func(*os.PathError) error
	return strings.Join([]string{
		fmt.Sprintf("%T|%T|%T|%T|%T", err, pe, list, m, fn),
		fmt.Sprint(pe.Op, errors.As(err, &viaAs), viaAs.Path == fsErr.Path, kind),
	}, "\n")
}
