module d4

go 1.26
