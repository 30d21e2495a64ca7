// Package order records the order its test cases run in.
package order

import "os"

// Note appends name and a newline to the file $ORDER_FILE names.
func Note(name string) {
	f, err := os.OpenFile(os.Getenv("ORDER_FILE"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if _, err := f.WriteString(name + "\n"); err != nil {
		panic(err)
	}
}
