package treesitter

// MaxIncremental lets the external tests change maxIncremental.
var MaxIncremental = &maxIncremental

// Undeclared reports, by fresh parses of src and cand and a query and a
// scan of all of them, whether cand names something that src declared and
// cand no longer declares: what Check finds by looking at the changed
// span only.
func Undeclared(l *Language, src, cand []byte) (bool, error) {
	var n [2]*names
	for i, text := range [][]byte{src, cand} {
		text, _ = l.hidden(text)
		tree, err := (&checker{lang: l}).parseFrom(base{}, text)
		if err != nil {
			return false, err
		}
		n[i], err = l.names(tree, text)
		tree.Close()
		if err != nil {
			return false, err
		}
	}
	for name := range n[0].decls {
		if len(n[1].decls[name]) > 0 {
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
