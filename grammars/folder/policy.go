package folder

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"runtime"
	"sync"
	"weak"

	"github.com/hddreduce/hdd/grammars/folder/archive"
	"github.com/hddreduce/hdd/hdd/tree"
	"github.com/hddreduce/hdd/unparse"
)

// A policy is the folder's policy: what it knows of the folder's files,
// and of the trees it made.
type policy struct {
	files   map[string]*file // the text files, by path
	list    []*file          // the same, in order
	units   func(text []byte) (open, close []byte, ends []int32)
	accepts map[string][]string
	partial bool // some file's tree is Partial

	layouts sync.Map // weak.Pointer[tree.Tree] → *layout, for each tree this policy made

	mu     sync.Mutex
	seed   maphash.Seed
	checks map[checkKey]error // the verdicts of the files' Checks, by file and text
}

type checkKey struct {
	file *file
	hash uint64
}

// maxChecks bounds the memo of Check verdicts.
const maxChecks = 1 << 12

func newPolicy() *policy {
	return &policy{files: map[string]*file{}, seed: maphash.MakeSeed(), checks: map[checkKey]error{}}
}

// add adds a text file.
func (fp *policy) add(f *file) {
	f.index = len(fp.list)
	fp.files[f.path] = f
	fp.list = append(fp.list, f)
	fp.partial = fp.partial || f.tree.Partial
}

// policy returns the folder's tree.Policy.
func (fp *policy) policy() *tree.Policy {
	p := &tree.Policy{
		Units:      fp.units,
		Accepts:    fp.accepts,
		Check:      fp.check,
		Adopted:    fp.adopted,
		Transforms: fp.transforms(),
		Tidies:     fp.tidies(),
		Render:     fp.render,
	}
	if fp.partial {
		p.Unfold = fp.unfold
	}
	return p
}

// register records the layout of t, a tree this policy made, for as long
// as t lives.
func (fp *policy) register(t *tree.Tree, lay *layout) {
	k := weak.Make(t)
	fp.layouts.Store(k, lay)
	runtime.AddCleanup(t, func(k weak.Pointer[tree.Tree]) { fp.layouts.Delete(k) }, k)
}

// layout returns the layout of t, which must be a tree this policy made.
func (fp *policy) layout(t *tree.Tree) *layout {
	v, ok := fp.layouts.Load(weak.Make(t))
	if !ok {
		panic("folder: a tree the folder's policy did not make")
	}
	return v.(*layout)
}

// render is the policy's Render: each entry left in c, its data rendered
// by its own format's policy.
func (fp *policy) render(dst []byte, t *tree.Tree, c tree.Candidate) []byte {
	lay := fp.layout(t)
	for i := range lay.entries {
		if c.Removed(lay.entries[i].node) {
			continue
		}
		start := len(dst)
		dst = fp.appendData(dst, lay, i, c)
		n := len(dst) - start
		// The header, whose size field needs the data's length, goes
		// before the data.
		var buf [96]byte
		e := &lay.entries[i]
		h := archive.AppendHeader(buf[:0], e.Kind, e.Mode, e.Path, n)
		dst = append(dst, h...)
		copy(dst[start+len(h):], dst[start:start+n])
		copy(dst[start:], h)
		dst = append(dst, '\n')
	}
	return dst
}

// appendData appends the data of entry i of lay in candidate c: a parsed
// file rendered by its format's rules, less the #include lines of entries
// c removes; anything else as it is.
func (fp *policy) appendData(dst []byte, lay *layout, i int, c tree.Candidate) []byte {
	e := &lay.entries[i]
	if e.tree == nil {
		return append(dst, e.Data...)
	}
	gone := includesGone(lay, e, c)
	if len(gone) == 0 && !c.EditedWithin(e.base, e.end) {
		return append(dst, e.tree.Src...)
	}
	fc := sub(c, e.tree, e.base).Remove(gone...)
	return unparse.Append(dst, e.tree, e.file.policy, fc)
}

// sub returns the edits of c within a file's nodes, which are ft's nodes
// from base on in c's tree, as a candidate of ft. Edits inside a removed
// node are left out: they do not change what renders.
func sub(c tree.Candidate, ft *tree.Tree, base tree.NodeID) tree.Candidate {
	var fc tree.Candidate
	var removed []tree.NodeID
	n := tree.NodeID(ft.Len())
	for id := tree.NodeID(0); id < n; {
		if chunk := min(id+64, n); !c.EditedWithin(base+id, base+chunk) {
			id = chunk
			continue
		}
		g := base + id
		if c.Removed(g) {
			removed = append(removed, id)
			id = ft.SubtreeEnd(id)
			continue
		}
		if s, ok := c.Subst(g); ok {
			if s.Hoist != tree.NoNode {
				fc = fc.Hoist(id, s.Hoist-base)
			} else {
				fc = fc.Replace(id, s.Text)
			}
		}
		id++
	}
	return fc.Remove(removed...)
}

// lift returns c with the edits that fc2, a candidate of a file's tree
// ft whose nodes are from base on in c's tree, adds to fc, which is
// sub(c, ft, base); false if fc2 drops an edit of fc, which a candidate
// cannot undo.
func lift(c, fc, fc2 tree.Candidate, ft *tree.Tree, base tree.NodeID) (tree.Candidate, bool) {
	n := tree.NodeID(ft.Len())
	var removed []tree.NodeID
	for id := tree.NodeID(0); id < n; {
		if chunk := min(id+64, n); !fc.EditedWithin(id, chunk) && !fc2.EditedWithin(id, chunk) {
			id = chunk
			continue
		}
		r1, r2 := fc.Removed(id), fc2.Removed(id)
		s1, ok1 := fc.Subst(id)
		s2, ok2 := fc2.Subst(id)
		switch {
		case r1 && !r2, ok1 && (!ok2 || s1 != s2) && !r2:
			return c, false
		case r2:
			if !r1 {
				removed = append(removed, base+id)
			}
			id = ft.SubtreeEnd(id)
			continue
		case ok2 && !ok1 && s2.Hoist != tree.NoNode:
			c = c.Hoist(base+id, base+s2.Hoist)
		case ok2 && !ok1:
			c = c.Replace(base+id, s2.Text)
		}
		id++
	}
	return c.Remove(removed...), true
}

// check is the policy's Check: each file that differs from the original
// passes its format's Check.
func (fp *policy) check(cand []byte) error {
	entries, _, err := archive.Decode(cand)
	if err != nil {
		return err
	}
	for _, e := range entries {
		f := fp.files[e.Path]
		if f == nil || e.Kind != archive.File || f.policy.Check == nil || bytes.Equal(e.Data, f.orig) {
			continue
		}
		if err := fp.checkFile(f, e.Data); err != nil {
			return fmt.Errorf("%s: %w", e.Path, err)
		}
	}
	return nil
}

// adopted is the policy's Adopted: each file of best, the text the
// search adopted, is told to its policy's Adopted.
func (fp *policy) adopted(best []byte) {
	entries, _, err := archive.Decode(best)
	if err != nil {
		return
	}
	for _, e := range entries {
		if f := fp.files[e.Path]; f != nil && e.Kind == archive.File && f.policy.Adopted != nil {
			f.policy.Adopted(e.Data)
		}
	}
}

// checkFile runs f's Check on text, through a memo: while one file is
// reduced, the others stay as they are in candidate after candidate.
func (fp *policy) checkFile(f *file, text []byte) error {
	k := checkKey{f, maphash.Bytes(fp.seed, text)}
	fp.mu.Lock()
	err, ok := fp.checks[k]
	fp.mu.Unlock()
	if ok {
		return err
	}
	err = f.policy.Check(text)
	fp.mu.Lock()
	if len(fp.checks) >= maxChecks {
		clear(fp.checks)
	}
	fp.checks[k] = err
	fp.mu.Unlock()
	return err
}

// transforms returns the policy's Transforms: each format's, by name in
// the order they first appear, over the files that have it, and the
// inlining of C headers.
func (fp *policy) transforms() []tree.Transform {
	var out []tree.Transform
	for _, name := range names(fp.list, func(p *tree.Policy) []tree.Transform { return p.Transforms },
		func(tf tree.Transform) string { return tf.Name }) {
		out = append(out, tree.Transform{Name: name, Candidates: func(t *tree.Tree, c tree.Candidate) []tree.Candidate {
			return fp.fileTransform(name, t, c)
		}})
	}
	for _, f := range fp.list {
		if f.format.Name == "c" {
			out = append(out, tree.Transform{Name: "inlining headers", Candidates: fp.inlineHeaders})
			break
		}
	}
	return out
}

// names returns the names of the transforms or tidies (of) of the files'
// policies, each once, in the order they first appear.
func names[T any](files []*file, of func(*tree.Policy) []T, name func(T) string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range files {
		for _, x := range of(f.policy) {
			if n := name(x); !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// fileTransform returns the candidates of the transforms called name of
// the files left in c, file by file.
func (fp *policy) fileTransform(name string, t *tree.Tree, c tree.Candidate) []tree.Candidate {
	lay := fp.layout(t)
	var out []tree.Candidate
	for i := range lay.entries {
		e := &lay.entries[i]
		if e.tree == nil || c.Removed(e.node) {
			continue
		}
		for _, tf := range e.file.policy.Transforms {
			if tf.Name != name {
				continue
			}
			fc := sub(c, e.tree, e.base)
			for _, fc2 := range tf.Candidates(e.tree, fc) {
				if c2, ok := lift(c, fc, fc2, e.tree, e.base); ok {
					out = append(out, c2)
				}
			}
		}
	}
	return out
}

// tidies returns the policy's Tidies: each format's, by name in the order
// they first appear, each applied to every file that has it at once.
func (fp *policy) tidies() []tree.Tidy {
	var out []tree.Tidy
	for _, name := range names(fp.list, func(p *tree.Policy) []tree.Tidy { return p.Tidies },
		func(td tree.Tidy) string { return td.Name }) {
		out = append(out, tree.Tidy{Name: name, Apply: func(text []byte) []byte { return fp.tidy(name, text) }})
	}
	return out
}

// tidy applies the tidies called name to the files of the archive text
// that have them.
func (fp *policy) tidy(name string, text []byte) []byte {
	entries, _, err := archive.Decode(text)
	if err != nil {
		return text
	}
	changed := false
	for i, e := range entries {
		f := fp.files[e.Path]
		if f == nil || e.Kind != archive.File {
			continue
		}
		for _, td := range f.policy.Tidies {
			if td.Name == name {
				if d := td.Apply(entries[i].Data); !bytes.Equal(d, entries[i].Data) {
					entries[i].Data, changed = d, true
				}
			}
		}
	}
	if !changed {
		return text
	}
	return archive.Encode(entries)
}
