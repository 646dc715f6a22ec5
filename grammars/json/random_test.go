package json

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
)

// gen writes random JSON with awkward strings, keys, numbers and
// whitespace.
type gen struct {
	rng *rand.Rand
	b   strings.Builder
}

func (g *gen) ws() {
	for range g.rng.IntN(3) {
		g.b.WriteString([]string{" ", "\t", "\n", "\r\n", "  "}[g.rng.IntN(5)])
	}
}

var pieces = []string{
	"a", ".", "*", "?", "#", "|", "@", "é", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00",
	"\\n", "\\t", ",", ":", "{", "}", "[", "]", " ", "\\\\\\\"", "0",
}

func (g *gen) str() {
	g.b.WriteByte('"')
	for range g.rng.IntN(4) {
		g.b.WriteString(pieces[g.rng.IntN(len(pieces))])
	}
	g.b.WriteByte('"')
}

var numbers = []string{"0", "-0", "1", "-12", "3.25", "1e5", "1E+2", "-0.5e-3", "12345678901234567890", "6.02e23"}

func (g *gen) value(depth int) {
	r := g.rng.IntN(10)
	if depth > 5 {
		r = min(r, 5)
	}
	switch {
	case r < 2:
		g.str()
	case r < 4:
		g.b.WriteString(numbers[g.rng.IntN(len(numbers))])
	case r < 5:
		g.b.WriteString([]string{"true", "false", "null"}[g.rng.IntN(3)])
	case r < 6:
		g.b.WriteString([]string{"{}", "[]", "{ }", "[\n]"}[g.rng.IntN(4)])
	case r < 8:
		g.b.WriteByte('[')
		for i := range g.rng.IntN(5) {
			if i > 0 {
				g.ws()
				g.b.WriteByte(',')
			}
			g.ws()
			g.value(depth + 1)
		}
		g.ws()
		g.b.WriteByte(']')
	default:
		g.b.WriteByte('{')
		for i := range g.rng.IntN(5) {
			if i > 0 {
				g.ws()
				g.b.WriteByte(',')
			}
			g.ws()
			g.str()
			g.ws()
			g.b.WriteByte(':')
			g.ws()
			g.value(depth + 1)
		}
		g.ws()
		g.b.WriteByte('}')
	}
}

// randomInput returns the i-th random input: a document, or a stream of
// 2 to 5 values for every fourth i.
func randomInput(i int) []byte {
	g := &gen{rng: rand.New(rand.NewPCG(uint64(i), 3))}
	values := 1
	if i%4 == 0 {
		values = 2 + g.rng.IntN(4)
	}
	for v := range values {
		if v > 0 {
			g.b.WriteString([]string{"\n", " ", "\r\n", "\n\n"}[g.rng.IntN(4)])
		}
		g.ws()
		g.value(0)
	}
	g.ws()
	return []byte(g.b.String())
}

// TestRandomDocuments parses random documents and streams, checks the round
// trip and the tree shape, and renders random candidates of each.
func TestRandomDocuments(t *testing.T) {
	docs, streams := 0, 0
	for i := range 2000 {
		src := randomInput(i)
		if validDocument(src) == nil {
			docs++
		} else {
			streams++
		}
		if err := validStream(src); err != nil {
			t.Fatalf("the generator made bad JSON: %v\n%s", err, src)
		}
		doc := grammartest.RoundTrip(t, Format, src)
		checkTree(t, doc)
		if n, est := doc.Tree.Len(), estimateNodes(src, len(doc.Tree.Children(0))); est < n || est > 2*n+8 {
			t.Fatalf("%d nodes, estimated %d, for\n%s", n, est, src)
		}
		st := grammartest.Property(t, Format, src, 50, uint64(i), validatorFor(src))
		if st.Bad != 0 || st.Rejected != 0 {
			t.Fatalf("got %d bad and %d rejected of %d candidates of\n%s", st.Bad, st.Rejected, st.Candidates, src)
		}
	}
	t.Logf("%d documents, %d streams", docs, streams)
}
