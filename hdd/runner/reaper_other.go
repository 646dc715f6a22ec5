//go:build !linux

package runner

// NewReaper fails with ErrNoReaper: only Linux lets a process adopt the
// orphans of its descendants.
func NewReaper() (*Reaper, error) { return nil, ErrNoReaper }

// collect does nothing.
func (r *Reaper) collect(func(marker string) bool) {}
