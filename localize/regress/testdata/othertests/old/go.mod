module example.com/othertests

go 1.22
