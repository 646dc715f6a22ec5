package hdd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/hdd/tree"
)

// TestPrepareMemo checks that prepare, with several jobs, renders a
// candidate once: a candidate built apart with the same edits gets the
// same text (the same bytes, not a new rendering) with its own candidate,
// one with other edits its own text, and a new tree renders again. With
// one job, each candidate is rendered.
func TestPrepareMemo(t *testing.T) {
	s := letters(t, 6, 2, func(string) bool { return false })
	const b, d = 2, 4 // the letters' nodes
	first := s.prepare(s.cur.Remove(b, d))
	again := s.prepare(s.cur.Remove(d).Remove(b)) // the same edits, built apart
	if string(again.text) != "a c e f " || &again.text[0] != &first.text[0] || again.hash != first.hash {
		t.Errorf("the same edits gave %q, rendered again (%v), want the memoized %q", again.text, &again.text[0] != &first.text[0], first.text)
	}
	if !again.c.Same(again.c) || again.c.Same(first.c) {
		t.Error("the memoized text came with another candidate than the caller's")
	}
	if other := s.prepare(s.cur.Remove(b)); string(other.text) != "a c d e f " {
		t.Errorf("other edits gave %q, want %q", other.text, "a c d e f ")
	}
	s.t = letters(t, 6, 1, nil).t // parsed again: the same IDs name other nodes
	if fresh := s.prepare(s.cur.Remove(b, d)); &fresh.text[0] == &first.text[0] {
		t.Error("a new tree took the texts memoized for the old one")
	}
	serial := letters(t, 6, 1, nil)
	one, two := serial.prepare(serial.cur.Remove(b)), serial.prepare(serial.cur.Remove(b))
	if string(one.text) != string(two.text) || &one.text[0] == &two.text[0] {
		t.Errorf("with one job: %q and %q, the second memoized: %v", one.text, two.text, &one.text[0] == &two.text[0])
	}
}

// TestTextMemoBound checks that the memo lets its older texts go once its
// newer half is full, keeping those used lately.
func TestTextMemoBound(t *testing.T) {
	tr := tree.NewTree(nil)
	const bound = 1000
	big := func(c byte) prepared { return prepared{text: bytes.Repeat([]byte{c}, bound/5)} }
	m := textMemo{bound: bound}
	m.put(tr, 1, big('a'))
	m.put(tr, 2, big('b'))
	// The newer half is full: 1 and 2 become the older, and 1, used,
	// the newer again, beside 3.
	m.put(tr, 3, big('c'))
	if _, ok := m.get(tr, 1); !ok {
		t.Fatal("text 1 was let go while it was in the older half")
	}
	// Full again: 3 and 1 become the older, and 2 goes.
	m.put(tr, 4, big('d'))
	for key, want := range map[uint64]bool{1: true, 2: false, 4: true} {
		if _, ok := m.get(tr, key); ok != want {
			t.Errorf("text %d kept: %v, want %v", key, ok, want)
		}
	}
	if p, ok := m.get(tr, 4); !ok || !strings.HasPrefix(string(p.text), "d") {
		t.Errorf("text 4 = %.1q, %v", p.text, ok)
	}
	m.put(tr, 5, prepared{text: make([]byte, bound/2+1)})
	if _, ok := m.get(tr, 5); ok {
		t.Error("a text larger than half the bound was kept")
	}
	m.put(tree.NewTree(nil), 6, big('f'))
	if _, ok := m.get(tr, 4); ok || m.bound != bound {
		t.Errorf("after a new tree: the old tree's text kept %v, bound %d, want none and %d", ok, m.bound, bound)
	}
}
