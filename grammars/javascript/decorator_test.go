package javascript

import (
	"testing"

	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
)

// TestDecoratedExport refuses the decorators before an export of
// anything but a class, which a hoist of the class to a declaration or
// an expression inside it leaves: JavaScript's decorators decorate
// classes only, and tree-sitter reads them before any export.
func TestDecoratedExport(t *testing.T) {
	tstest.Checks(t, Language, "@dec export class A {\n  m() { const x = 1; return f; }\n}\n@dec export default class {\n  m() { return g; }\n}\n",
		[]tstest.CheckRow{
			{Name: "const", Cand: "@dec export const x = 1;\n@dec export default class {\n  m() { return g; }\n}\n"},
			{Name: "var", Cand: "@dec export var x = 1;\n"},
			{Name: "function", Cand: "@dec export function f() {}\n"},
			{Name: "default identifier", Cand: "@dec export default g;\n"},
			{Name: "default call", Cand: "@dec export class A {\n  m() { const x = 1; return f; }\n}\n@dec export default g();\n"},
		})
}
