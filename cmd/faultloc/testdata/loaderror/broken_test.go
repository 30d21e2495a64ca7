package loaderror

import "testing"

func TestF(t *testing.T) { F() }
