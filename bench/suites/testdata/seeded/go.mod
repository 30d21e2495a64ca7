module example.com/seeded

go 1.22
