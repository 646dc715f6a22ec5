// Package folder is hdd's model of a folder: one tree whose top level is
// the folder's entries (its files, empty folders and symbolic links), each
// file's subtree built by its own format's adapter, and one policy over
// them all, so that a single search spans every file: whole files go
// first, then the levels of all files together, a level of one file and a
// level of another pruned by the same list minimizer when that is
// cheaper.
//
// The text of the tree is the folder's archive (package archive): each
// entry's header line and its data. A file's format is the one its name
// or first bytes tell (package formats), any other text is reduced line by
// line, and a file that does not parse as its format (malformed JSON, say)
// is reduced line by line too, with a warning. Empty and blank files, and
// binary files (a NUL byte), are kept whole or removed, never edited;
// folders and links likewise.
//
// # The policy
//
// The folder's [tree.Policy] renders each file by its own format's rules
// (its Render), checks each file that changed with its own format's Check
// (and tells each format's Adopted the file's text the search adopts),
// runs each format's transforms and tidies on the files of that format,
// and parses large files again when the search asks (its Unfold), by the
// files' own policies. A file's hoisting classes are its own: a node is
// hoisted by its file's rules only.
//
// # C across files
//
// In C files, an #include line (#include "x.h" or <x.h>) that names an
// entry of the folder goes with that entry: a candidate without x.h has
// none of the lines that include it, so that removing a header is one
// candidate, not a header and all its includes. A transform, "inlining
// headers", replaces the one #include line of a header included exactly
// once by the header's text, so that the header may go as a file. A
// header is looked for beside the file that includes it, then from the
// top of the folder, then as the one entry whose path ends in its name.
package folder

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/grammars/formats"
	"github.com/hddreduce/hdd/grammars/lines"
	"github.com/hddreduce/hdd/hdd/tree"
)

// Format is the folder format: its input is a folder's archive (see
// package archive). Each file's format is picked by its name or first
// bytes.
var Format = NewFormat(nil)

// NewFormat returns the folder format that parses every text file of the
// folder with override instead of the format its name or first bytes
// tell; nil means no override.
func NewFormat(override *grammars.Format) *grammars.Format {
	return &grammars.Format{Name: "folder", Parse: func(ctx context.Context, src []byte) (*grammars.Doc, error) {
		doc, _, err := parse(ctx, src, override)
		return doc, err
	}}
}

// Node kinds of the folder's own nodes.
const (
	KindFolder = "folder" // the root
	KindName   = "name"   // an entry's header line: kind, mode, size, path
	KindData   = "data"   // the data of an entry that is not parsed: a binary or blank file, a link's target
)

// entryKinds are the kinds of the entry nodes, by archive kind.
var entryKinds = map[archive.Kind]string{archive.File: "file", archive.Dir: "subfolder", archive.Link: "link"}

// A file is what the folder's policy knows of one text file of the
// original folder: its format and the policy its adapter gave.
type file struct {
	index  int // among the folder's text files, for its classes
	path   string
	format *grammars.Format
	policy *tree.Policy
	orig   []byte     // its text in the folder the policy was made for
	tree   *tree.Tree // the tree of orig
	shorts bool       // its Chars leaves are cut (its Units are the folder's)
}

// An entry is one entry of a folder tree.
type entry struct {
	archive.Entry             // as in the tree's text
	node          tree.NodeID // the entry's node
	base, end     tree.NodeID // the IDs of its file's nodes, [base, end); base == end when it has none
	tree          *tree.Tree  // its file's own tree, nil when it has none
	file          *file       // its text file, nil for entries that are not parsed
	includes      []include   // C: the #include lines that name another entry
}

// A layout is what the folder's policy knows of one tree of the folder:
// its entries in order. The policy keeps one for each tree it made (the
// parsed input, the trees Unfold made).
type layout struct {
	entries []entry
	byPath  map[string]int // entry index by path
}

// parse parses the archive src; it returns the folder's policy too.
func parse(ctx context.Context, src []byte, override *grammars.Format) (*grammars.Doc, *policy, error) {
	entries, spans, err := archive.Decode(src)
	if err != nil {
		return nil, nil, err
	}
	fp := newPolicy()
	var warnings, notes []string
	trees := make([]*tree.Tree, len(entries))
	for i, e := range entries {
		if e.Kind != archive.File || grammars.CheckText(e.Data) != nil {
			continue // kept whole or removed
		}
		f := override
		if f == nil {
			f, err = formats.For(e.Path, e.Data, "")
			if errors.Is(err, formats.ErrUnknown) {
				f, err = lines.Format, nil
			}
			if err != nil {
				return nil, nil, err
			}
		}
		doc, err := f.Parse(ctx, e.Data)
		if err != nil && ctx.Err() != nil {
			return nil, nil, err
		}
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("%s: not valid %s (%v): reduced line by line", e.Path, f.Name, err))
			f = lines.Format
			if doc, err = lines.Parse(e.Data); err != nil {
				return nil, nil, fmt.Errorf("%s: %w", e.Path, err)
			}
		}
		for _, w := range doc.Warnings {
			warnings = append(warnings, e.Path+": "+w)
		}
		for _, n := range doc.Notes {
			notes = append(notes, e.Path+": "+n)
		}
		fp.add(&file{path: e.Path, format: f, policy: doc.Policy, orig: e.Data, tree: doc.Tree})
		trees[i] = doc.Tree
	}
	fp.settle()
	t, lay, err := fp.build(src, entries, spans, trees)
	if err != nil {
		return nil, nil, err
	}
	fp.register(t, lay)
	return &grammars.Doc{Tree: t, Policy: fp.policy(), Warnings: warnings, Notes: notes}, fp, nil
}

// settle chooses the folder's Units (those of the first file that has
// any; today every format's) and marks the files whose Chars leaves may be
// cut with them; and it gathers the files' hoisting rules under their
// own classes.
func (fp *policy) settle() {
	for _, f := range fp.list {
		if f.policy.Units != nil && fp.units == nil {
			fp.units = f.policy.Units
		}
		f.shorts = f.policy.Units != nil && sameFunc(f.policy.Units, fp.units)
		for k, vs := range f.policy.Accepts {
			for _, v := range vs {
				if fp.accepts == nil {
					fp.accepts = map[string][]string{}
				}
				fp.accepts[class(f, k)] = append(fp.accepts[class(f, k)], class(f, v))
			}
		}
	}
}

// sameFunc reports whether f and g are the same function (by their code:
// the adapters' Units are top-level functions).
func sameFunc(f, g any) bool {
	return reflect.ValueOf(f).Pointer() == reflect.ValueOf(g).Pointer()
}

// class is the class of file f's nodes of class k in the folder's tree.
func class(f *file, k string) string {
	if k == "" {
		return ""
	}
	return strconv.Itoa(f.index) + ":" + k
}

// build builds the tree of the archive src, whose entries and their spans
// are given, with trees[i] the tree of entry i's text (nil when it is not
// parsed), and its layout.
func (fp *policy) build(src []byte, entries []archive.Entry, spans []archive.Span, trees []*tree.Tree) (*tree.Tree, *layout, error) {
	n := 1
	for i := range entries {
		n += 3
		if trees[i] != nil {
			n += trees[i].Len()
		}
	}
	t := tree.NewTree(src)
	t.Nodes = make([]tree.Node, 0, n)
	lay := &layout{entries: make([]entry, len(entries)), byPath: make(map[string]int, len(entries))}
	root := t.Add(tree.NoNode, KindFolder, 0, len(src), 0, "")
	for i, e := range entries {
		sp := spans[i]
		en := entry{Entry: e}
		en.node = t.Add(root, entryKinds[e.Kind], sp.Header, sp.End+1, tree.Removable, "")
		t.Add(en.node, KindName, sp.Header, sp.Data, 0, "")
		en.base = tree.NodeID(t.Len())
		switch ft := trees[i]; {
		case ft != nil:
			f := fp.files[e.Path]
			en.tree, en.file = ft, f
			t.Partial = t.Partial || ft.Partial
			off := tree.NodeID(t.Len())
			for id := range ft.Nodes {
				fn := &ft.Nodes[id]
				parent, flags := en.node, fn.Flags
				if id == 0 {
					flags &^= tree.Removable // the file goes as an entry
				} else {
					parent = off + fn.Parent
				}
				if !f.shorts {
					flags &^= tree.Chars
				}
				nid := t.Add(parent, fn.Kind, sp.Data+int(fn.Start), sp.Data+int(fn.End), flags, fn.Replace)
				if fn.Class != "" {
					t.SetClass(nid, class(f, fn.Class))
				}
			}
		case sp.End > sp.Data:
			t.Add(en.node, KindData, sp.Data, sp.End, 0, "")
		}
		en.end = tree.NodeID(t.Len())
		if trees[i] == nil {
			en.base = en.end
		}
		lay.entries[i] = en
		lay.byPath[e.Path] = i
	}
	if err := t.Finish(); err != nil {
		return nil, nil, fmt.Errorf("internal error: %w", err)
	}
	findIncludes(lay)
	return t, lay, nil
}

// Stats counts the files of the archive b and the bytes they hold; b must
// be an archive.
func Stats(b []byte) (files, size int) {
	entries, _, _ := archive.Decode(b)
	for _, e := range entries {
		if e.Kind == archive.File {
			files++
			size += len(e.Data)
		}
	}
	return files, size
}
