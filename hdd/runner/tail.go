package runner

import "sync"

// A tail is an io.Writer that keeps only the last max bytes written to it,
// in a ring buffer allocated on the first write. It is safe for concurrent
// use.
type tail struct {
	mu   sync.Mutex
	max  int
	buf  []byte // nil until the first write, then len(buf) == max
	pos  int    // where the next byte goes
	full bool   // buf has wrapped: the oldest byte is at pos
}

// newTail returns a tail keeping max bytes; max <= 0 means the default.
func newTail(max int) *tail {
	if max <= 0 {
		max = defaultKeepOutput
	}
	return &tail{max: max}
}

// Write keeps the end of p; it never fails.
func (t *tail) Write(p []byte) (int, error) {
	n := len(p)
	if n == 0 {
		return 0, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.buf == nil {
		t.buf = make([]byte, t.max)
	}
	if len(p) >= t.max {
		copy(t.buf, p[len(p)-t.max:])
		t.pos, t.full = 0, true
		return n, nil
	}
	if k := copy(t.buf[t.pos:], p); k < len(p) {
		copy(t.buf, p[k:])
	}
	t.pos += len(p)
	if t.pos >= t.max {
		t.pos -= t.max
		t.full = true
	}
	return n, nil
}

// Bytes returns a copy of the bytes kept, oldest first, or nil if nothing
// was written.
func (t *tail) Bytes() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.full {
		if t.pos == 0 {
			return nil
		}
		return append([]byte(nil), t.buf[:t.pos]...)
	}
	out := make([]byte, 0, t.max)
	out = append(out, t.buf[t.pos:]...)
	return append(out, t.buf[:t.pos]...)
}
