module panicky

go 1.26
