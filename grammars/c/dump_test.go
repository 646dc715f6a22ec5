package c

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// dump returns t's listing by tree.Dump, for test failures. (To see the
// tree of a file, run hdd -dump-tree FILE.)
func dump(t *tree.Tree) string {
	var b strings.Builder
	t.Dump(&b)
	return b.String()
}
