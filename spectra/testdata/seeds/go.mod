module seeds

go 1.26
