package xml

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/hdd"
)

// TestHoistEchoByLabel reduces 300 <w> elements each wrapping a <b>
// element that wraps the next <w>, with a test that needs every <b>: the
// two elements have the same shape (an element, its parent's second child
// of three), and only their labels, "<w" and "<b", tell them apart, so
// that the echo of the first <w> hoisted to its <b> hoists every <w>
// below and no <b> (see the hdd package's hoistEchoStep): 23 test runs
// of hoisting. Without the labels the echo took every element and
// failed, and hoisting took 647.
func TestHoistEchoByLabel(t *testing.T) {
	const depth = 300
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, `<w id="w%d"><b n="%d">`, i, i)
	}
	b.WriteString("x" + strings.Repeat("</b></w>", depth))
	doc, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var logs []string
	r := hdd.Reducer{Algorithm: hdd.HDDStar, Log: func(m string) { logs = append(logs, m) }}
	_, out, err := grammartest.Reduce(doc, r, func(c []byte) bool {
		return bytes.Count(c, []byte("<b")) >= depth && bytes.Contains(c, []byte("x"))
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out, []byte("<w")); n != 0 {
		t.Errorf("%d <w> left", n)
	}
	hoisting := grammartest.PhaseTests(logs, "hoisting")
	t.Logf("hoisting: %d test runs", hoisting)
	if hoisting > 50 {
		t.Errorf("hoisting took %d test runs, want at most 50", hoisting)
	}
}
