package folder

import (
	"bytes"
	"context"
	"fmt"

	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/hdd/tree"
)

// unfold is the policy's Unfold: the tree of src, a candidate's text,
// whose levels above min are complete. Each file whose tree was built to a
// node budget is parsed again by its policy's Unfold; any other file keeps
// its tree if its text is the original's, and is parsed again otherwise.
//
// A file's level L is the folder's level L+2, or L+1 when the file's root
// holds one child spanning the same bytes (the folder then counts them as
// one level): asking the file for min-1 keeps every level above min
// complete either way, at the cost of a level more than needed at times.
func (fp *policy) unfold(src []byte, min int) (*tree.Tree, error) {
	entries, spans, err := archive.Decode(src)
	if err != nil {
		return nil, err
	}
	trees := make([]*tree.Tree, len(entries))
	for i, e := range entries {
		f := fp.files[e.Path]
		if f == nil || e.Kind != archive.File {
			continue
		}
		switch {
		case !f.tree.Partial && bytes.Equal(e.Data, f.orig):
			trees[i] = f.tree
		case f.policy.Unfold != nil:
			if trees[i], err = f.policy.Unfold(e.Data, max(min-1, 0)); err != nil {
				return nil, fmt.Errorf("%s: %w", e.Path, err)
			}
		default:
			doc, err := f.format.Parse(context.Background(), e.Data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", e.Path, err)
			}
			trees[i] = doc.Tree
		}
	}
	t, lay, err := fp.build(src, entries, spans, trees)
	if err != nil {
		return nil, err
	}
	fp.register(t, lay)
	return t, nil
}
