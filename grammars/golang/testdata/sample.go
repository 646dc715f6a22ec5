package main

import (
	"fmt"
	"os"
)

type T struct {
	A int
	B string `json:"b"`
}

func (t *T) F(a, b int, c ...string) (int, error) {
	if a > b {
		return a, nil
	} else if a < 0 {
		return 0, fmt.Errorf("x %d", a)
	}
	for i := 0; i < 3; i++ {
		x := []int{1, 2, 3}
		_ = x
	}
	switch a {
	case 1, 2:
		fmt.Println("one")
	default:
	}
	go func() {}()
	return 1, nil
}

var v = map[string]int{"a": 1}

const (
	K = 1
	L = 2
)
