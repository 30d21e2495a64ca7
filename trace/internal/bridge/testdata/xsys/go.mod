module term

go 1.26

require golang.org/x/sys v0.0.0

replace golang.org/x/sys => ./stub
