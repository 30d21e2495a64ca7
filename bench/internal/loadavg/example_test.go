package loadavg_test

import (
	"fmt"
	"runtime"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
)

func Example() {
	w := loadavg.Watch(10 * time.Second)
	// ... the benchmark's run ...
	w.Stop()
	start, highest := loadavg.Now(), w.Max()
	// On Linux both are known; elsewhere both are "".
	fmt.Println((start != "" && highest != "") == (runtime.GOOS == "linux"))
	// Output: true
}
