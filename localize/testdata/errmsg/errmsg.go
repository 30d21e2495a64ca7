// Package errmsg is a subject whose faulty string reaches the test in an
// error's text, made by fmt.Errorf.
package errmsg

import "fmt"

// field names the field a message is about.
func field(name string) string {
	return "user " + name //fault: the field is called "name "
}

// Validate reports a name that is too short.
func Validate(name string) error {
	if len(name) < 3 {
		return fmt.Errorf("%s is too short", field(name))
	}
	return nil
}
