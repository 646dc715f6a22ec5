package c

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// TestSingleEdits renders, for every shrinkable node of each input, the
// candidate with only that node removed (vanished or replaced), and checks
// it with the re-parse check. Every replacement must pass: a Replace that
// breaks the syntax is a bug in the table. Removals may fail where the
// table cannot see the constraint (the last declarator of a declaration
// made of list items, say); at least 90% must pass.
func TestSingleEdits(t *testing.T) {
	tstest.SingleEdits(t, Language, append(testFiles(t), benchFilesNoSkip()...), 0.9)
}
