package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// profiles are the -cpuprofile and -memprofile flags of every command,
// as go test has them: to see where a slow or large run of faultloc
// spends its time and memory (go tool pprof reads the files).
type profiles struct {
	cpu, mem string
}

// profileFlags defines the profile flags on fs.
func profileFlags(fs *flag.FlagSet) *profiles {
	p := &profiles{}
	fs.StringVar(&p.cpu, "cpuprofile", "", "write a CPU profile of the command to this file (as go test -cpuprofile)")
	fs.StringVar(&p.mem, "memprofile", "", "write an allocation profile to this file when the command ends (as go test -memprofile)")
	return p
}

// start starts the CPU profile, if asked for; stop ends it and writes
// the allocation profile, if asked for, naming on stderr what it could
// not write. A file that cannot be created is an error of start's, so
// that nothing runs unprofiled.
func (p *profiles) start(stderr io.Writer) (stop func(), err error) {
	var cpu *os.File
	if p.cpu != "" {
		if cpu, err = os.Create(p.cpu); err != nil {
			return nil, fmt.Errorf("-cpuprofile: %w", err)
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, fmt.Errorf("-cpuprofile: %w", err)
		}
	}
	var mem *os.File
	if p.mem != "" {
		if mem, err = os.Create(p.mem); err != nil {
			if cpu != nil {
				pprof.StopCPUProfile()
				cpu.Close()
			}
			return nil, fmt.Errorf("-memprofile: %w", err)
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				fmt.Fprintf(stderr, "faultloc: -cpuprofile: %v\n", err)
			}
		}
		if mem != nil {
			runtime.GC() // the allocations up to now, as go test writes them
			err := pprof.Lookup("allocs").WriteTo(mem, 0)
			if cerr := mem.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				fmt.Fprintf(stderr, "faultloc: -memprofile: %v\n", err)
			}
		}
	}, nil
}
