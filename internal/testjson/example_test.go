package testjson_test

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/internal/testjson"
)

// A recorded run in which TestParse/empty fails: the subtest is the
// case to localize, and TestParse/long passed.
func ExampleParse() {
	stream := `{"Action":"run","Package":"example.com/p","Test":"TestParse"}
{"Action":"run","Package":"example.com/p","Test":"TestParse/empty"}
{"Action":"fail","Package":"example.com/p","Test":"TestParse/empty"}
{"Action":"run","Package":"example.com/p","Test":"TestParse/long"}
{"Action":"pass","Package":"example.com/p","Test":"TestParse/long"}
{"Action":"fail","Package":"example.com/p","Test":"TestParse"}
{"Action":"fail","Package":"example.com/p"}
`
	r, err := testjson.Parse(strings.NewReader(stream))
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Failing("example.com/p"), r.Passing("example.com/p"))
	// Output:
	// [TestParse/empty] [TestParse/long]
}
