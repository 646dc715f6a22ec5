package treesitter_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/css"
	"github.com/hddreduce/hdd/grammars/golang"
	"github.com/hddreduce/hdd/grammars/grammartest"
	"github.com/hddreduce/hdd/grammars/java"
	"github.com/hddreduce/hdd/grammars/javascript"
	"github.com/hddreduce/hdd/grammars/python"
	"github.com/hddreduce/hdd/grammars/rust"
	"github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/grammars/typescript"
)

// languages are the languages FuzzParse picks from, with the package
// whose testdata seeds it.
var languages = []struct {
	lang *treesitter.Language
	dir  string
}{
	{c.Language, "c"}, {cpp.Language, "cpp"}, {golang.Language, "golang"}, {python.Language, "python"},
	{javascript.Language, "javascript"}, {typescript.Language, "typescript"}, {typescript.TSX, "typescript"},
	{rust.Language, "rust"}, {java.Language, "java"}, {css.Language, "css"},
}

// FuzzParse checks the generic adapter with every language: any input
// either fails to parse with a clear error (empty, binary) or round-trips
// byte for byte; Check accepts the input itself; and removing nodes,
// running the transforms and the tidies never panics.
func FuzzParse(f *testing.F) {
	for i, l := range languages {
		for _, ext := range l.lang.Exts {
			files, _ := filepath.Glob(filepath.Join("..", l.dir, "testdata", "*"+ext))
			broken, _ := filepath.Glob(filepath.Join("..", l.dir, "testdata", "broken", "*"+ext))
			files = append(files, broken...)
			for _, file := range files {
				src, err := os.ReadFile(file)
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(i), src)
			}
		}
	}
	for _, s := range []string{"{", "}", "(", "\"", "/*", "'", "\\\n", "\r\n", "a\n\tb\n", "#", "<", "__attribute__((", "x = [1,\n"} {
		for i := range languages {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		l := languages[int(which)%len(languages)].lang
		doc, err := l.Parse(context.Background(), src)
		if err != nil {
			if !errors.Is(err, grammars.ErrEmpty) && !errors.Is(err, grammars.ErrBinary) {
				t.Fatalf("%s: Parse: unexpected error %v", l.Name, err)
			}
			return
		}
		grammartest.CheckParsed(t, l.Name, doc, src)
	})
}
