package treesitter

import (
	"math/rand/v2"
	"testing"
)

// TestEditAgrees compares edit's common prefix and suffix, found eight
// bytes at a time, with a byte-by-byte search, on random pairs of texts
// that share a prefix and a suffix of every length around a word's.
func TestEditAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		pre, suf := rng.IntN(20), rng.IntN(20)
		mk := func(n int) []byte {
			b := make([]byte, n)
			for i := range b {
				b[i] = "ab\n"[rng.IntN(3)]
			}
			return b
		}
		p, s := mk(pre), mk(suf)
		src := append(append(append([]byte{}, p...), mk(rng.IntN(12))...), s...)
		cand := append(append(append([]byte{}, p...), mk(rng.IntN(12))...), s...)
		i := 0
		for i < len(src) && i < len(cand) && src[i] == cand[i] {
			i++
		}
		j := 0
		for j < len(src)-i && j < len(cand)-i && src[len(src)-1-j] == cand[len(cand)-1-j] {
			j++
		}
		e := edit(src, cand)
		if int(e.StartIndex) != i || int(e.OldEndIndex) != len(src)-j || int(e.NewEndIndex) != len(cand)-j {
			t.Fatalf("edit(%q, %q) = [%d, %d) -> [%d, %d), want [%d, %d) -> [%d, %d)", src, cand,
				e.StartIndex, e.OldEndIndex, e.StartIndex, e.NewEndIndex, i, len(src)-j, i, len(cand)-j)
		}
	}
}
