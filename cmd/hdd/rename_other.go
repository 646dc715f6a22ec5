//go:build !linux

package main

// exchange swaps the folders at a and b in one step; elsewhere than on
// Linux it cannot.
func exchange(a, b string) error { return errNoExchange }

// renameNoReplace renames old to new unless new exists.
func renameNoReplace(old, new string) error { return renameIfAbsent(old, new) }
