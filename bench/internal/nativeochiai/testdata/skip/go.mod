module example.com/skip

go 1.26
