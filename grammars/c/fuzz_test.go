package c

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
)

// FuzzRoundTrip checks that any input either fails to parse with a clear
// error or round-trips byte for byte, that Check accepts the input itself,
// and that removing a node never panics.
func FuzzRoundTrip(f *testing.F) {
	for _, file := range append(testFiles(f), "testdata/broken/errorroot.c") {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"int a;", "#define X \\\n 1\n", "f(a,,b);", "{", "}", "/*", "\"", "int a = ({ 1; });",
		"enum { A, };", "#if X\n#else\n#endif", "\r\n", "a\\\n", "struct { int a : 1, b : 2; } s;",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := Parse(context.Background(), src)
		if err != nil {
			var se *grammars.SyntaxError
			if !errors.Is(err, grammars.ErrEmpty) && !errors.Is(err, grammars.ErrBinary) && !errors.As(err, &se) {
				t.Fatalf("Parse: unexpected error type %T: %v", err, err)
			}
			return
		}
		grammartest.CheckParsed(t, "c", doc, src)
	})
}
