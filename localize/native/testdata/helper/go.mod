module helper

go 1.26
