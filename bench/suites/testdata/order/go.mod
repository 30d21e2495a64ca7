module example.com/order

go 1.22
