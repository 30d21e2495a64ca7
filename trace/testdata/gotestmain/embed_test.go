package gotestmain

import (
	_ "embed"
	"testing"
)

var (
	//go:embed testdata/hello.txt
	hello string
	//go:embed "testdata/hello.txt"
	helloBytes []byte
)

func TestEmbed(t *testing.T) {
	if hello != "hello, embed\n" || string(helloBytes) != hello {
		t.Errorf("embedded %q and %q", hello, helloBytes)
	}
}
