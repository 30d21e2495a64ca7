module died

go 1.26
