package c

import "testing"

// TestEmptyEnum checks which edits emptyEnum refuses: those that leave an
// enum's braces with nothing but blanks and comments between them, at
// the edit's edges or inside it.
func TestEmptyEnum(t *testing.T) {
	tests := []struct {
		name, text string
		lo, hi     int // the edit's span; -1: the offset of "|", which is removed
		want       int
	}{
		{"all enumerators removed", "enum e { | };", -1, -1, 7},
		{"anonymous", "enum {|};", -1, -1, 5},
		{"a comment left", "enum e {/* c */ | };", -1, -1, 7},
		{"inside the span", "x; enum e {}; int y;", 0, 15, 10},
		{"replaced by something", "enum e { A };", 9, 10, -1},
		{"replaced by blanks", "enum e {   };", 9, 10, 7},
		{"one enumerator left", "enum e { A| };", -1, -1, -1},
		{"a struct", "struct s { | };", -1, -1, -1},
		{"a block", "void f(void) { | }", -1, -1, -1},
		{"an enum's use before a block", "enum e x; {}", 0, 12, -1},
		{"a word ending in enum", "myenum e { | };", -1, -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, lo, hi := []byte(tt.text), tt.lo, tt.hi
			if lo < 0 {
				for i, c := range text {
					if c == '|' {
						lo, hi = i, i
						text = append(text[:i:i], text[i+1:]...)
						break
					}
				}
			}
			if got, _ := emptyEnum(text, lo, hi); got != tt.want {
				t.Errorf("emptyEnum(%q, %d, %d) = %d, want %d", text, lo, hi, got, tt.want)
			}
		})
	}
}
