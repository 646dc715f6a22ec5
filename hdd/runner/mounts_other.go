//go:build !linux

package runner

// unmountBelow does nothing: only Linux tells what is mounted where.
func unmountBelow(dir string) error { return nil }
