package enum

import (
	"slices"
	"strings"
	"testing"
)

type color int

var colorNames = []string{"red", "green", "blue"}

func TestEnum(t *testing.T) {
	for _, c := range Values[color](colorNames) {
		name := String(c, "color", colorNames)
		back, err := Parse[color](name, "color", colorNames)
		if err != nil || back != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", name, back, err, c)
		}
	}
	if got := Values[color](colorNames); !slices.Equal(got, []color{0, 1, 2}) {
		t.Errorf("Values = %v", got)
	}
	if got := String(color(7), "color", colorNames); got != "color(7)" {
		t.Errorf("String(7) = %q, want color(7)", got)
	}
	_, err := Parse[color]("pink", "color", colorNames)
	if err == nil || !strings.Contains(err.Error(), `unknown color "pink" (want one of red, green, blue)`) {
		t.Errorf("Parse(pink): err = %v", err)
	}
}
