// Package enum names the values of hdd's small enumerations (the search
// algorithm, the list minimizer) once, from a list of names: String and
// Parse for their flag.Value methods, and the list of every value.
package enum

import (
	"fmt"
	"strings"
)

// String returns names[e], or typ(e) for a value with no name.
func String[E ~int](e E, typ string, names []string) string {
	if e >= 0 && int(e) < len(names) {
		return names[e]
	}
	return fmt.Sprintf("%s(%d)", typ, int(e))
}

// Parse returns the value named s; what says what a value is, for the
// error: "unknown what "s" (want one of a, b, c)".
func Parse[E ~int](s, what string, names []string) (E, error) {
	for i, n := range names {
		if n == s {
			return E(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want one of %s)", what, s, strings.Join(names, ", "))
}

// Values returns every named value, in order.
func Values[E ~int](names []string) []E {
	vs := make([]E, len(names))
	for i := range vs {
		vs[i] = E(i)
	}
	return vs
}
