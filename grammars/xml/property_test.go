package xml

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// malformations counts the malformations of a document of language l.
func malformations(src []byte, l lang) int {
	p := newParser(src, l, nil)
	p.run()
	return p.rep.total()
}

// TestProperty renders thousands of random candidates of every input. For a
// well-formed original, each candidate its Check accepts must pass the
// independent check of wellformed_test.go; for a tolerant original, it must
// have no more malformations than the original. Every accepted candidate
// must also parse again and round-trip.
func TestProperty(t *testing.T) {
	for _, name := range testInputs(t) {
		t.Run(strings.TrimPrefix(name, "../"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f := formatFor(name)
			l := langXML
			if f == HTMLFormat {
				l = langHTML
			}
			doc, err := f.Parse(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			wf := l == langXML && wellFormed(src) == nil
			if strict := l == langXML && len(doc.Warnings) == 0; strict != wf {
				t.Fatalf("parsed strictly: %v, but the independent check says well-formed: %v (%v)", strict, wf, wellFormed(src))
			}
			orig := malformations(src, l)
			reparse := func(c []byte) error {
				d, err := f.Parse(context.Background(), c)
				if err != nil {
					return fmt.Errorf("candidate does not parse: %v", err)
				}
				if got := unparse.Text(d.Tree, d.Policy, tree.Candidate{}); !bytes.Equal(got, c) {
					return fmt.Errorf("candidate does not round-trip")
				}
				if wf && len(d.Warnings) > 0 {
					return fmt.Errorf("candidate parsed tolerantly: %s", d.Warnings[0])
				}
				return nil
			}
			valid := func(c []byte) error {
				if wf {
					if err := wellFormed(c); err != nil {
						return err
					}
				} else if n := malformations(c, l); n > orig {
					return fmt.Errorf("%d malformations, the original has %d", n, orig)
				}
				return reparse(c)
			}
			n := 4000
			if len(src) > 20000 {
				n = 1500
			}
			// Count the candidates Check refuses that the independent
			// check would accept: not wrong, but wasted.
			var over atomic.Int64
			wrapped := &grammars.Format{Name: f.Name, Parse: func(ctx context.Context, src []byte) (*grammars.Doc, error) {
				d, err := f.Parse(ctx, src)
				if err != nil {
					return nil, err
				}
				check := d.Policy.Check
				d.Policy.Check = func(c []byte) error {
					err := check(c)
					if err != nil && valid(c) == nil {
						over.Add(1)
					}
					return err
				}
				return d, nil
			}}
			st := grammartest.Property(t, wrapped, src, n, 1, valid)
			t.Logf("well-formed %v: %d candidates, %d rejected by Check (%d of them valid by the independent check), %d bad; "+
				"%d unwrapped an element, %d of them rejected", wf, st.Candidates, st.Rejected, over.Load(), st.Bad,
				st.Transformed, st.TransformRejected)
			if st.Bad != 0 {
				t.Errorf("got %d bad candidates, want 0", st.Bad)
			}
		})
	}
}
