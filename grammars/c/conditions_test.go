package c

import "testing"

// TestKeepConditions checks the candidates that keep an if's condition as
// a statement before its branches: only where the condition does
// something, with empty branches gone, each passing Check.
func TestKeepConditions(t *testing.T) {
	const head = "int f(void);\nint x;\nvoid g(void) {\n"
	tests := []struct {
		name, body string
		want       []string
	}{
		{"empty branch", "  if (f()) ;\n", []string{"  f();\n"}},
		{"assignment", "  if ((x = f())) x++;\n", []string{"  (x = f()); x++;\n"}},
		{"else", "  if (f()) x = 1; else { x = 2; }\n", []string{"  f(); x = 1; { x = 2; }\n"}},
		{"empty else", "  if (x++) x = 1; else ;\n", []string{"  x++; x = 1; \n"}},
		{"nested", "  if (x) if (f()) x = 2;\n", []string{"  if (x) f(); x = 2;\n"}},
		{"no side effect", "  if (x > 1) x = 2;\n", nil},
		{"in a loop body", "  while (x) if (--x) ;\n", []string{"  while (x) --x;\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkInFunction(t, keepConditions, head, tt.body, tt.want) })
	}
}
