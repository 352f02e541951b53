module github.com/yunzi-go/yunzi

go 1.26
