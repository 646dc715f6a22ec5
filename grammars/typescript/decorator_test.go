package typescript

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hddreduce/hdd/grammars/grammartest"
	ts "github.com/hddreduce/hdd/grammars/treesitter"
	"github.com/hddreduce/hdd/grammars/treesitter/tstest"
	"github.com/hddreduce/hdd/hdd/tree"
)

// TestDecoratorGoesWithMethod groups the decorators before a method of a
// class body, which tree-sitter-typescript makes the method's siblings,
// with the method: the method may not vanish alone, the group may, and
// so may each decorator.
func TestDecoratorGoesWithMethod(t *testing.T) {
	tests := []struct {
		name   string
		lang   *ts.Language
		src    string
		method string // the text of the decorated method
		decs   int    // its decorators
	}{
		{"method", Language, "class A {\n  @log\n  method() {}\n  other() {}\n}\n", "method() {}", 1},
		{"last member", Language, "class A {\n  other() {}\n  @log method() {}\n}\n", "method() {}", 1},
		{"decorators and a comment", Language, "class A {\n  @Get(\":id\") // the route\n  @Cached({ ttl: 60 })\n  get(id: string) { return id; }\n}\n",
			"get(id: string) { return id; }", 2},
		{"before the constructor", Language, "class A {\n  @HostListener(\"click\")\n  onClick() {}\n  constructor(private el: ElementRef) {}\n}\n",
			"onClick() {}", 1},
		{"setter", Language, "class A {\n  @Input()\n  set name(v: string) {}\n}\n", "set name(v: string) {}", 1},
		{"static getter", Language, "class A {\n  @Memo static get x(): number { return 1; }\n}\n", "static get x(): number { return 1; }", 1},
		{"tsx", TSX, "class A {\n  @log\n  render() { return <div/>; }\n}\n", "render() { return <div/>; }", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := tt.lang.Parse(context.Background(), []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			tr := doc.Tree
			var method tree.NodeID = tree.NoNode
			for _, id := range grammartest.OfKind(tr, "method_definition") {
				if string(tr.Text(id)) == tt.method {
					method = id
				}
			}
			if method == tree.NoNode {
				t.Fatalf("no method %q", tt.method)
			}
			if tr.Nodes[method].Is(tree.Removable) {
				t.Errorf("%q may vanish without its decorators", tt.method)
			}
			group := tr.Nodes[method].Parent
			if !tr.Nodes[group].Is(tree.Removable) {
				t.Errorf("%q: its parent %s may not vanish", tt.method, tr.Nodes[group].Kind)
			}
			decs := 0
			for _, id := range tr.Children(group) {
				if tr.Nodes[id].Kind != "decorator" {
					continue
				}
				decs++
				if !tr.Nodes[id].Is(tree.Removable) {
					t.Errorf("decorator %q may not vanish alone", tr.Text(id))
				}
			}
			if decs != tt.decs {
				t.Errorf("%q: %d decorators go with it, want %d", tt.method, decs, tt.decs)
			}
		})
	}
}

// tsCheck prints the files of the folder argv[2] that TypeScript refuses,
// one a line with the first reason: its parser's errors, or a decorator
// its checker finds out of place ("Decorators are not valid here"), which
// it reports among its grammar errors. Names and types are not checked.
const tsCheck = `const ts = require("typescript"), fs = require("fs"), path = require("path");
const dir = process.argv[2];
const files = fs.readdirSync(dir).map(f => path.join(dir, f));
const prog = ts.createProgram(files, { noEmit: true, noLib: true, noResolve: true, types: [], experimentalDecorators: true });
for (const f of files) {
  const sf = prog.getSourceFile(f);
  const d = sf.parseDiagnostics.length ? sf.parseDiagnostics :
    prog.getSemanticDiagnostics(sf).filter(d => /[Dd]ecorator/.test(ts.flattenDiagnosticMessageText(d.messageText, " ")));
  if (d.length) console.log(path.basename(f) + ": " + ts.flattenDiagnosticMessageText(d[0].messageText, " "));
}`

// TestReduceDecorated reduces testdata/decorated.ts, a NestJS and Angular
// file, with tests that need a decorator or a class decorator and
// something else of its class, and shows every candidate that reaches
// the test to TypeScript's parser and checker: none may be refused, nor
// may a decorator stand where TypeScript refuses it. It needs node and
// the typescript package where node finds it (NODE_PATH, say), and is
// skipped without them but under CI.
func TestReduceDecorated(t *testing.T) {
	node := tstest.NeedTool(t, "node")
	if out, err := exec.Command(node, "-e", `require("typescript")`).CombinedOutput(); err != nil {
		if os.Getenv("CI") != "" { // .ci/run installs it
			t.Fatalf("node finds no typescript package: %v\n%s", err, out)
		}
		t.Skipf("node finds no typescript package: %v\n%s", err, out)
	}
	src, err := os.ReadFile("testdata/decorated.ts")
	if err != nil {
		t.Fatal(err)
	}
	check := filepath.Join(t.TempDir(), "check.js")
	if err := os.WriteFile(check, []byte(tsCheck), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		needs []string // the texts an interesting candidate holds
	}{
		// Its method gone, a decorator decorates the constructor.
		{"method decorator", []string{"@HostListener", "ElementRef"}},
		// The class hoisted to a const inside it, the class's
		// decorators decorate the const.
		{"class decorator", []string{"@Controller", "const user"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var n atomic.Int64
			res := tstest.Reduce(t, Language, src, "decorated.ts", 0.1, func(path string) bool {
				cand, err := os.ReadFile(path)
				if err != nil {
					panic(err)
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("c%d.ts", n.Add(1))), cand, 0o600); err != nil {
					panic(err)
				}
				for _, s := range tt.needs {
					if !bytes.Contains(cand, []byte(s)) {
						return false
					}
				}
				return true
			})
			out, err := exec.Command(node, check, dir).CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", check, err, out)
			}
			refused := strings.Split(strings.TrimSpace(string(out)), "\n")
			if refused[0] == "" {
				refused = nil
			}
			t.Logf("%d candidates tested, TypeScript refuses %d; the result has %d bytes", n.Load(), len(refused), len(res.Output))
			if len(refused) > 0 {
				t.Errorf("TypeScript refuses %d of %d candidates:\n%s", len(refused), n.Load(), strings.Join(refused, "\n"))
			}
		})
	}
}
