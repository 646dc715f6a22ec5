package tree

import (
	"strconv"
	"strings"
	"testing"
)

// TestDumpIndent indents each node's line by its depth, up to maxIndent
// levels, while the depth printed goes on.
func TestDumpIndent(t *testing.T) {
	const depth = maxIndent + 10
	src := strings.Repeat("(", depth) + strings.Repeat(")", depth)
	tr := NewTree([]byte(src))
	p := tr.Add(NoNode, "doc", 0, len(src), 0, "")
	for d := range depth {
		p = tr.Add(p, "list", d, len(src)-d, Removable, "")
	}
	if err := tr.Finish(); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := tr.Dump(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != depth+1 {
		t.Fatalf("%d lines, want %d", len(lines), depth+1)
	}
	for d, line := range lines {
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if want := 2 * min(d, maxIndent); indent != want || !strings.HasPrefix(line[indent:], strconv.Itoa(d)+" ") {
			t.Errorf("line %d: %q, want %d blanks then depth %d", d, line[:min(len(line), indent+12)], want, d)
		}
	}
}
