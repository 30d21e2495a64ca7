module vetfinding

go 1.26
