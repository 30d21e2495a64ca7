module example.com/logs/v2

go 1.22
