package xml

import (
	"bytes"
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// TestUnitsKeepCharacters cuts texts of documents in legacy encodings into
// units: joined, they give the text back, and each decodes alone to whole
// characters, so that no shortened text splits one.
func TestUnitsKeepCharacters(t *testing.T) {
	tests := []struct {
		enc, text string // text in UTF-8, encoded as enc
		units     int    // how many units
	}{
		{"Shift_JIS", "表示テスト&amp;x", 7}, // 0x955C: a trail byte that is '\'
		{"GBK", "中文&#x41;测试", 5},
		{"Big5", "繁體許功蓋", 5}, // 許 is 0xB35C
		{"EUC-KR", "한국어 text", 8},
		{"EUC-JP", "日本語", 3},
		{"windows-1252", "café", 4},
		{"ISO-8859-1", "née", 3},
		{"TIS-620", "ภาษา", 4},
		{"ISO-2022-JP", "日本", 1}, // stateful: its escapes belong to no character
		{"utf-8", "日本", 2},
	}
	for _, tt := range tests {
		t.Run(tt.enc, func(t *testing.T) {
			e, err := htmlindex.Get(tt.enc)
			if err != nil {
				t.Fatal(err)
			}
			body, err := e.NewEncoder().Bytes([]byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			open, close, ends := unitsFor(tt.enc)(body)
			if open != nil || close != nil {
				t.Errorf("got quotes %q %q, want none", open, close)
			}
			var units [][]byte
			start := int32(0)
			for _, end := range ends {
				units = append(units, body[start:end])
				start = end
			}
			if got := bytes.Join(units, nil); !bytes.Equal(got, body) {
				t.Fatalf("units join to %q, want %q", got, body)
			}
			if len(units) != tt.units {
				t.Errorf("got %d units %q, want %d", len(units), units, tt.units)
			}
			for _, u := range units {
				if charEnds(e, u) == nil && tt.enc != "ISO-2022-JP" {
					t.Errorf("unit %q is not whole characters of %s", u, tt.enc)
				}
			}
		})
	}
}
