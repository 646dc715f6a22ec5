package xml

import (
	"os"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/grammartest"
)

// largestBenchInput returns the largest XML input of the public corpus.
func largestBenchInput(b *testing.B) []byte { return grammartest.LargestBenchInput(b, "xml") }

func BenchmarkParse(b *testing.B) {
	src := largestBenchInput(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	benchCheck(b, Parse, largestBenchInput(b))
}

func BenchmarkCheckHTML(b *testing.B) {
	src, err := os.ReadFile("testdata/page.html")
	if err != nil {
		b.Fatal(err)
	}
	benchCheck(b, ParseHTML, src)
}

// benchCheck measures the Check of src's own Doc on src.
func benchCheck(b *testing.B, parse func([]byte) (*grammars.Doc, error), src []byte) {
	doc, err := parse(src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if err := doc.Policy.Check(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodingXML measures the independent check of the property tests
// (encoding/xml's strict decoder) on the same input, for comparison.
func BenchmarkEncodingXML(b *testing.B) {
	src := largestBenchInput(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if err := wellFormed(src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckDTD measures the Check of a document whose internal subset
// is everyDecl 60 times over (about 60 KB, the size of the largest input
// of the corpus, which has one declaration).
func BenchmarkCheckDTD(b *testing.B) {
	src := "<!DOCTYPE r [" + strings.Repeat(everyDecl, 60) + "]>\n<r id=\"i1\">&e;</r>\n"
	benchCheck(b, Parse, []byte(src))
}
