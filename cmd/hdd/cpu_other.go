//go:build !unix

package main

import "time"

// ownCPU is not measured on this system.
func ownCPU() time.Duration { return 0 }
