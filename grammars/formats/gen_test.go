package formats

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/c"
	hddjson "github.com/hddreduce/hdd/grammars/json"
	"github.com/hddreduce/hdd/grammars/xml"
)

// This file generates synthetic inputs of a chosen size for the scale tests
// and benchmarks (scale_test.go): JSON, XML and C documents of realistic
// shape, each with one marker planted deep inside, about three fifths of the
// way through the file. The generators are deterministic: the same size
// gives the same bytes.

// synthMarker occurs exactly once in every synthetic input.
const synthMarker = "MARKER_7f3a"

// A synthSize is one input size of the scale tests.
type synthSize struct {
	name  string
	bytes int
	long  bool // only in benchmarks, not in go test
}

var synthSizes = []synthSize{
	{"10KB", 10 << 10, false},
	{"100KB", 100 << 10, false},
	{"1MB", 1 << 20, true},
	{"2MB", 2 << 20, true},
}

// A synthFormat generates inputs of one format.
type synthFormat struct {
	name   string
	ext    string
	format *grammars.Format
	// record returns the text of record i; with marker set, the record
	// holds synthMarker deep inside.
	record func(i int, marker bool) string
	head   string // text before the first record
	sep    string // text between records
	tail   string // text after the last record
}

var synthFormats = []synthFormat{
	{"json", ".json", hddjson.Format, jsonRecord,
		"{\n  \"version\": 3,\n  \"generator\": \"hdd scale test\",\n  \"records\": [\n", ",\n", "\n  ]\n}\n"},
	{"xml", ".xml", xml.Format, xmlRecord,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog xmlns:x=\"urn:example:x\" version=\"2\">\n", "", "</catalog>\n"},
	{"c", ".c", c.Format, cRecord,
		"#include <stdio.h>\n#include <string.h>\n\n#define LIMIT 1000\n\ntypedef unsigned long ulong;\n\n", "\n", ""},
}

// synthInput returns an input of format f of about size bytes (never less
// than size, at most one record more) with synthMarker in the record three
// fifths of the way through.
func synthInput(f synthFormat, size int) []byte {
	n := 0
	total := len(f.head) + len(f.tail)
	for total < size {
		if n > 0 {
			total += len(f.sep)
		}
		total += len(f.record(n, false))
		n++
	}
	mark := n * 3 / 5
	var b bytes.Buffer
	b.Grow(total + 256)
	b.WriteString(f.head)
	for i := range n {
		if i > 0 {
			b.WriteString(f.sep)
		}
		b.WriteString(f.record(i, i == mark))
	}
	b.WriteString(f.tail)
	return b.Bytes()
}

func synthRand(i int) *rand.Rand { return rand.New(rand.NewPCG(uint64(i), 0x5eed)) }

var synthWords = []string{"alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "lambda",
	"north", "south", "east", "west", "red", "green", "blue", "amber", "quartz", "cedar", "maple", "birch"}

func synthWord(r *rand.Rand) string { return synthWords[r.IntN(len(synthWords))] }

func synthText(r *rand.Rand, words int) string {
	ws := make([]string, words)
	for i := range ws {
		ws[i] = synthWord(r)
	}
	return strings.Join(ws, " ")
}

// jsonRecord is one element of the "records" array: an object with scalars,
// arrays, nested objects and a history of events. The marker is the value of
// meta.layout.grid[2].cells[1].label, fifteen levels below the document.
func jsonRecord(i int, marker bool) string {
	r := synthRand(i)
	type obj = map[string]any // encoding/json sorts the keys: stable output
	var history []any
	for k := range 2 + r.IntN(4) {
		history = append(history, obj{
			"at":    fmt.Sprintf("2024-%02d-%02dT%02d:%02d:00Z", 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60)),
			"event": synthWord(r),
			"seq":   k,
			"changes": obj{
				"field": synthWord(r),
				"from":  nil,
				"to":    []any{r.IntN(100), synthWord(r), r.Float64() < 0.5},
			},
		})
	}
	label := synthWord(r)
	if marker {
		label = synthMarker
	}
	grid := []any{
		obj{"row": 0, "cells": []any{obj{"label": synthWord(r)}}},
		obj{"row": 1, "cells": []any{}},
		obj{"row": 2, "cells": []any{obj{"label": synthWord(r), "w": 1}, obj{"label": label, "w": 2}}},
	}
	rec := obj{
		"id":      i,
		"name":    fmt.Sprintf("record-%d", i),
		"active":  r.IntN(2) == 0,
		"score":   float64(r.IntN(10000)) / 100,
		"tags":    []any{synthWord(r), synthWord(r), fmt.Sprintf("t%d", r.IntN(50))},
		"summary": synthText(r, 4+r.IntN(8)),
		"owner": obj{
			"login": fmt.Sprintf("user%d", r.IntN(500)),
			"email": fmt.Sprintf("user%d@example.com", r.IntN(500)),
			"roles": []any{synthWord(r), "dev"},
		},
		"history": history,
		"meta":    obj{"layout": obj{"kind": "grid", "grid": grid}, "rev": r.IntN(9)},
	}
	b, err := json.MarshalIndent(rec, "    ", "  ")
	if err != nil {
		panic(err)
	}
	return "    " + string(b)
}

// xmlRecord is one <section> of the catalog: items with attributes, mixed
// content, entities, comments and CDATA. The marker is text inside
// section/item/desc/note/em.
func xmlRecord(i int, marker bool) string {
	r := synthRand(i)
	var b strings.Builder
	fmt.Fprintf(&b, "  <section id=\"s%d\" title=\"Section %d\" x:rank=\"%d\">\n", i, i, r.IntN(10))
	items := 3 + r.IntN(4)
	for k := range items {
		fmt.Fprintf(&b, "    <item id=\"i%d-%d\" type=\"%s\" available=\"%t\">\n", i, k, synthWord(r), r.IntN(2) == 0)
		fmt.Fprintf(&b, "      <title lang=\"en\">%s %d</title>\n", synthText(r, 3), k)
		fmt.Fprintf(&b, "      <author><first>%s</first> <last>%s</last></author>\n", synthWord(r), synthWord(r))
		fmt.Fprintf(&b, "      <price currency=\"EUR\">%d.%02d</price>\n", r.IntN(100), r.IntN(100))
		note := ""
		if marker && k == items/2 {
			note = "<note kind=\"x\">see <em>" + synthMarker + "</em></note>"
		}
		fmt.Fprintf(&b, "      <desc>%s <em>%s</em> &amp; %s.%s</desc>\n", synthText(r, 5), synthWord(r), synthText(r, 3), note)
		b.WriteString("      <props>")
		for p := range 2 + r.IntN(3) {
			fmt.Fprintf(&b, "<prop k=\"%s%d\" v=\"%d\"/>", synthWord(r), p, r.IntN(1000))
		}
		b.WriteString("</props>\n")
		if r.IntN(4) == 0 {
			fmt.Fprintf(&b, "      <!-- %s -->\n", synthText(r, 3))
		}
		if r.IntN(5) == 0 {
			fmt.Fprintf(&b, "      <code><![CDATA[if (a < b && c) { %s(); }]]></code>\n", synthWord(r))
		}
		b.WriteString("    </item>\n")
	}
	b.WriteString("  </section>\n")
	return b.String()
}

// cRecord is a struct, a global and a function of a dozen statements with
// nested control flow. The marker is a string literal in a call four
// blocks deep in the function.
func cRecord(i int, marker bool) string {
	r := synthRand(i)
	var b strings.Builder
	fmt.Fprintf(&b, "struct rec%d {\n  int a;\n  long b;\n  char name[%d];\n  struct rec%d *next;\n};\n\n", i, 8+r.IntN(24), i)
	fmt.Fprintf(&b, "static int g%d = %d;\n\n", i, r.IntN(1000))
	fmt.Fprintf(&b, "static int fn%d(int a, int b, struct rec%d *p) {\n", i, i)
	fmt.Fprintf(&b, "  int x = a + %d;\n  int y[4] = {%d, %d, %d, %d};\n  ulong acc = 0;\n", r.IntN(50), r.IntN(9), r.IntN(9), r.IntN(9), r.IntN(9))
	fmt.Fprintf(&b, "  if (x > b) {\n    x = x * %d - b;\n  } else {\n    x += b %% %d;\n  }\n", 2+r.IntN(5), 3+r.IntN(7))
	inner := fmt.Sprintf("acc += (ulong)y[i & 3] << %d;", r.IntN(8))
	if marker {
		inner = "puts(\"" + synthMarker + "\");"
	}
	fmt.Fprintf(&b, "  for (int i = 0; i < a; i++) {\n    x ^= y[i & 3];\n    if (x < 0) {\n      while (x < %d) {\n        %s\n        x += %d;\n      }\n    }\n  }\n", -r.IntN(100), inner, 1+r.IntN(9))
	fmt.Fprintf(&b, "  while (x > LIMIT) x /= %d;\n", 2+r.IntN(5))
	fmt.Fprintf(&b, "  switch (x & 3) {\n  case 0:\n    x++;\n    break;\n  case 1:\n    x -= %d;\n    break;\n  default:\n    x--;\n  }\n", r.IntN(10))
	fmt.Fprintf(&b, "  if (p != NULL && p->a > %d) {\n    p->b = (long)acc + g%d;\n    memset(p->name, 0, sizeof p->name);\n  }\n", r.IntN(100), i)
	if i > 0 {
		fmt.Fprintf(&b, "  x += fn%d(x & 7, b, NULL);\n", r.IntN(i))
	}
	fmt.Fprintf(&b, "  /* %s */\n  return x + g%d;\n}\n", synthText(r, 4), i)
	return b.String()
}

// TestSynthInputs checks the generators: each input parses without
// warnings, has the wanted size, holds the marker once, and is read by
// formats.For as the right format.
func TestSynthInputs(t *testing.T) {
	for _, f := range synthFormats {
		for _, sz := range synthSizes[:2] {
			t.Run(f.name+"/"+sz.name, func(t *testing.T) {
				src := synthInput(f, sz.bytes)
				if len(src) < sz.bytes || len(src) > sz.bytes+4096 {
					t.Errorf("%d bytes, want about %d", len(src), sz.bytes)
				}
				if n := bytes.Count(src, []byte(synthMarker)); n != 1 {
					t.Errorf("the marker occurs %d times", n)
				}
				if !bytes.Equal(src, synthInput(f, sz.bytes)) {
					t.Errorf("the generator is not deterministic")
				}
				got, err := For("input"+f.ext, src, "")
				if err != nil || got != f.format {
					t.Fatalf("For = %v, %v; want %s", got, err, f.name)
				}
				doc, err := f.format.Parse(context.Background(), src)
				if err != nil {
					t.Fatal(err)
				}
				if len(doc.Warnings) > 0 {
					t.Errorf("warnings: %q", doc.Warnings)
				}
				if doc.Policy.Check != nil {
					if err := doc.Policy.Check(src); err != nil {
						t.Errorf("Check refuses the input: %v", err)
					}
				}
				t.Logf("%d bytes, %d nodes, height %d", len(src), doc.Tree.Len(), doc.Tree.MaxDepth())
			})
		}
	}
}

// TestWriteSynthInputs writes every synthetic input into the directory
// named by $HDD_SYNTH_DIR, for measuring the hdd command on them:
//
//	HDD_SYNTH_DIR=/tmp/synth go test -run WriteSynth ./grammars/formats/
func TestWriteSynthInputs(t *testing.T) {
	dir := os.Getenv("HDD_SYNTH_DIR")
	if dir == "" {
		t.Skip("set HDD_SYNTH_DIR to write the synthetic inputs")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range synthFormats {
		for _, sz := range synthSizes {
			p := filepath.Join(dir, sz.name+f.ext)
			if err := os.WriteFile(p, synthInput(f, sz.bytes), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
