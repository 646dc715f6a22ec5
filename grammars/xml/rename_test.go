package xml

import (
	"context"
	"testing"
)

func TestShortNames(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"each name its own, in the order of first use", "<rss><description>x</description><description/><item/></rss>",
			"<a><b>x</b><b/><c/></a>"},
		{"names in use are skipped", "<a><title>x</title><b/></a>", "<a><c>x</c><b/></a>"},
		{"short names stay", "<a><b>x</b></a>", "<a><b>x</b></a>"},
		{"prefixed names stay; attributes and spaces too", `<p:doc xmlns:p="u"><item k="v" >x</item ></p:doc>`,
			`<p:doc xmlns:p="u"><a k="v" >x</a ></p:doc>`},
		{"the prolog and the text stay", "<?xml version=\"1.0\"?>\n<!DOCTYPE doc>\n<doc>doc</doc>\n",
			"<?xml version=\"1.0\"?>\n<!DOCTYPE doc>\n<a>doc</a>\n"},
		{"a stray end tag stays", "<root><para>x</pare></root>", "<a><b>x</pare></a>"},
		{"not XML", "{}", "{}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(shortNames([]byte(tt.src)))
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestShortNamesOnlyXML checks that HTML, whose element names say how it
// parses, has no renaming.
func TestShortNamesOnlyXML(t *testing.T) {
	doc, err := HTMLFormat.Parse(context.Background(), []byte("<html><body><p>x</body></html>"))
	if err != nil {
		t.Fatal(err)
	}
	for _, td := range doc.Policy.Tidies {
		if td.Name == "short names" {
			t.Errorf("HTML has the tidy %q", td.Name)
		}
	}
}
