package xml

import (
	"strings"
	"testing"
)

func TestCompact(t *testing.T) {
	long := "<r>" + strings.Repeat("<item>x</item>\n", 12) + "</r>\n"
	// More nodes than Parse builds at once: its tree stops at a depth,
	// where elements have no tags yet (compact panicked on them).
	deep := strings.Repeat(`<w id="w"><b n="1">`, 6000) + "x" + strings.Repeat("</b></w>", 6000) + "\n"
	tests := []struct {
		name, in, want string
	}{
		{"nested empty elements", "<svg xmlns=\"u\">\n  <g>\n    <g>\n    </g>\n  </g>\n</svg>\n",
			"<svg xmlns=\"u\"><g><g/></g></svg>\n"},
		{"prolog lines squeezed", "<?xml version=\"1.0\"?>\n<!DOCTYPE a PUBLIC \"x\"\n      \"y\"\n[\n<!ENTITY e \"v  w\">\n]>\n<a>\n<b>\n&e;\n</b>\n</a>\n",
			"<?xml version=\"1.0\"?>\n<!DOCTYPE a PUBLIC \"x\" \"y\" [ <!ENTITY e \"v  w\"> ]>\n<a><b>&e;</b></a>\n"},
		{"text kept, white space around it dropped", "<p>\n  a  b <i>c</i>\n</p>", "<p>a  b<i>c</i></p>"},
		{"attributes and tags squeezed", "<p  align = \"a  b\"   ></p>\n", "<p align = \"a  b\"/>\n"},
		{"comment after the root", "<a> </a>\n<!-- end -->\n", "<a/>\n<!-- end -->\n"},
		{"CRLF line breaks kept", "<?xml version=\"1.0\"?>\r\n<a>\r\n <b> </b>\r\n</a>\r\n<!-- end -->\r\n",
			"<?xml version=\"1.0\"?>\r\n<a><b/></a>\r\n<!-- end -->\r\n"},
		{"CRLF at the end only", "<a>\r\n <b> </b>\r\n</a>\r\n", "<a><b/></a>\r\n"},
		{"too long to compact", long, long},
		{"nested past the depth of the tree", deep, deep},
		{"not XML", "plain", "plain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(compact([]byte(tt.in))); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
