package probedelete

import (
	"strings"
	"testing"
)

func TestWriteCounts(t *testing.T) {
	var sb strings.Builder
	c := &Counter{W: &sb}
	c.Write([]byte("hello"))
	if c.Bytes != 5 || sb.String() != "hello" {
		t.Errorf("wrote %q, counted %d", sb.String(), c.Bytes)
	}
}

func TestReadFromCopies(t *testing.T) {
	var sb strings.Builder
	c := &Counter{W: &sb}
	n, err := c.ReadFrom(strings.NewReader("hello world"))
	if n != 11 || err != nil || sb.String() != "hello world" {
		t.Errorf("copied %q: %d, %v", sb.String(), n, err)
	}
}

func TestReadFromCounts(t *testing.T) {
	var sb strings.Builder
	c := &Counter{W: &sb}
	c.ReadFrom(strings.NewReader("hello world"))
	if c.Bytes != 11 {
		t.Errorf("counted %d, want 11", c.Bytes)
	}
}
