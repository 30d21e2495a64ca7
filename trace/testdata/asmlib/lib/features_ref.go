//go:build !amd64 || noasm || purego

package lib

func features() uint32 { return 0 }
