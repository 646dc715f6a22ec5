package treesitter

import "fmt"

// MaxIncremental lets the external tests change maxIncremental.
var MaxIncremental = &maxIncremental

// Undeclared reports, by a fresh parse of cand and a query and a scan of
// all of it, whether cand names something of declared (see Declared) and
// no longer declares it: what Check finds by looking at the changed span
// only.
func Undeclared(l *Language, cand []byte, declared map[string]bool) (bool, error) {
	n, err := namesOf(l, cand)
	if err != nil {
		return false, err
	}
	for name := range declared {
		if len(n.decls[name]) > 0 {
			continue
		}
		used := false
		l.uses(cand, func(start, end int) { used = used || string(cand[start:end]) == name })
		if used {
			return true, nil
		}
	}
	return false, nil
}

// Declared returns declared with the names text declares added, by a
// fresh parse and a query of all of it.
func Declared(l *Language, declared map[string]bool, text []byte) (map[string]bool, error) {
	n, err := namesOf(l, text)
	if err != nil {
		return nil, err
	}
	return withNames(declared, n.decls), nil
}

// namesOf returns the names of text, freshly parsed.
func namesOf(l *Language, text []byte) (*names, error) {
	text, _ = l.hidden(text)
	tree, err := (&checker{lang: l}).parseFrom(base{}, text)
	if err != nil {
		return nil, err
	}
	defer tree.Close()
	return l.names(tree, text)
}

// NamesAfterAgrees reports whether the names that adopting cand after src
// gives by namesAfter, which looks again only at the span where the two
// trees differ, are those of a query and a scan of all of cand, parsed
// the same way; ok is false when namesAfter declines (the caller then
// takes the whole text's names).
func NamesAfterAgrees(l *Language, src, cand []byte) (ok bool, diff string, err error) {
	src, _ = l.hidden(src)
	cand, _ = l.hidden(cand)
	c := &checker{lang: l}
	old, err := c.parseFrom(base{}, src)
	if err != nil {
		return false, "", err
	}
	defer old.Close()
	before, err := l.names(old, src)
	if err != nil {
		return false, "", err
	}
	e := edit(src, cand)
	if !incremental(e, len(cand)) {
		return false, "", nil
	}
	tree, err := c.parseFrom(base{src: src, tree: old}, cand)
	if err != nil {
		return false, "", err
	}
	defer tree.Close()
	got, err := l.namesAfter(before, old, tree, e, cand)
	if err != nil || got == nil {
		return false, "", err
	}
	want, err := l.names(tree, cand)
	if err != nil {
		return false, "", err
	}
	if g, w := fmt.Sprint(got.order), fmt.Sprint(want.order); g != w {
		return true, "declarations " + g + ", want " + w, nil
	}
	if g, w := fmt.Sprint(got.words), fmt.Sprint(want.words); g != w {
		return true, "words " + g + ", want " + w, nil
	}
	if g, w := fmt.Sprint(got.decls), fmt.Sprint(want.decls); g != w {
		return true, "declaration offsets " + g + ", want " + w, nil
	}
	return true, "", nil
}

// HiddenAfter returns what Check makes of cand after adopting prev (the
// scan of the spans where the two differ, by hiddenAfter) and what a scan
// of the whole of cand makes of it (by hidden), each as the text
// tree-sitter sees and the spans, printed.
func HiddenAfter(l *Language, prev, cand []byte) (got, want string) {
	_, prevSpans := l.hidden(prev)
	g, gs := l.hiddenAfter(prev, prevSpans, cand)
	w, ws := l.hidden(cand)
	return fmt.Sprintf("%q %v", g, gs), fmt.Sprintf("%q %v", w, ws)
}
