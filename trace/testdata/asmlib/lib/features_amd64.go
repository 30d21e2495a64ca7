//go:build amd64 && !noasm && !purego

package lib

// features is in features_amd64.s.
func features() uint32
