package grammars

// ShortName returns the ith of the names a, b, ..., z, aa, ab, ..., which
// the adapters' renamings give elements and identifiers.
func ShortName(i int) string {
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('a' + (i-1)%26)}, b...)
	}
	return string(b)
}
