//go:build !linux

package runner

// killWorkingIn kills nothing: only Linux tells a process's working
// directory.
func killWorkingIn(dirs []string) int { return 0 }

// isZombie reports false: only Linux tells a process's state.
func isZombie(pid int) bool { return false }
