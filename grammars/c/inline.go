package c

import (
	"strings"

	"github.com/hddreduce/hdd/hdd/tree"
)

// inlineCalls is a transform: for each call that stands as a statement
// ("f(a, b);") of a function the file defines once, with no return and
// no label in its body, it proposes the call replaced by a block of the
// function's body, its parameters declared there with the arguments as
// their values: "{ int *o_f = a; int p_f = b; o_f[0] = p_f; }", as
// C-Vise's simple inliner does. The parameters take new names, so that an
// argument naming a variable of the same name still means the caller's.
// The function, called no more, may then go, and value inlining and
// block unwrapping, once the text is parsed again, make "a[0] = b;" of
// the block.
//
// A call whose value a statement of a block uses ("int h = f(2);", "return
// g(f(2));") becomes the same block before the statement, each return in
// it assigning a variable of the function's type declared before the
// block, which the statement then uses in place of the call; the
// function's returns no longer leave it early.
//
// A call of a function whose body is one return of a value, wherever the
// call stands, becomes that value with each parameter spelled as its
// argument: "sq(a + 1)" of "int sq(int x) { return x * x; }" becomes
// "(a + 1) * (a + 1)". An argument that does something (calls, assigns)
// is not spelled twice.
//
// A call is not inlined where the body names, besides its parameters and
// its own locals, a name the caller declares (it would mean the caller's
// there), nor where the definition or the call are edited.
func inlineCalls(t *tree.Tree, c tree.Candidate) []tree.Candidate {
	names := map[string]bool{} // every name the candidate spells
	walkFrom(t, c, 0, func(id tree.NodeID) bool {
		if !shown(c, id) {
			return false
		}
		if k := t.Nodes[id].Kind; k == "identifier" || k == "field_identifier" || k == "type_identifier" {
			names[string(t.Text(id))] = true
		}
		return true
	})
	var cands []tree.Candidate
	for _, f := range indexFuncs(t, c) {
		if len(f.defs) != 1 || len(f.calls) == 0 {
			continue
		}
		if r, ok := returnsValue(t, c, f.defs[0]); ok {
			for _, call := range f.calls {
				if cand, ok := r.at(t, c, call); ok {
					cands = append(cands, cand)
				}
			}
			continue
		}
		ret := freshName(f.name+"_ret", names)
		in, ok := inlinable(t, c, f.defs[0], f.name, names, ret)
		if !ok {
			continue
		}
		decl, typed := returnType(t, f.defs[0])
		for _, call := range f.calls {
			cand, ok := in.at(t, c, call)
			if !ok && typed {
				cand, ok = in.valueAt(t, c, call, ret, decl)
			}
			if ok {
				cands = append(cands, cand)
			}
		}
	}
	return cands
}

// An inlining is a function's body ready to stand for its calls.
type inlining struct {
	def     funcSite
	params  []string        // the parameters' declarations, renamed, without ";"
	body    string          // the body's text inside its braces, the parameters renamed, each return assigning the result variable
	free    map[string]bool // the names the body uses that it does not declare, but the parameters
	returns bool            // the body returns: it stands only for a call whose value is used
}

// inlinable returns the inlining of the function defined by def, if its
// definition allows: as in the input, with parameters that each declare
// one name (no array), and a body without label, lambda or nested
// function. Each return in the body assigns its value to the variable
// ret instead ("return v;" becomes "ret = v;", "return;" becomes ";").
func inlinable(t *tree.Tree, c tree.Candidate, def funcSite, name string, names map[string]bool, ret string) (inlining, bool) {
	in := inlining{def: def}
	rename := map[string]string{}
	decls, ids, ok := paramNames(t, c, def)
	if !ok {
		return in, false
	}
	for i, p := range decls {
		old := string(t.Text(ids[i]))
		fresh := freshName(old+"_"+name, names)
		rename[old] = fresh
		text, start := t.Text(p), int(t.Nodes[p].Start)
		at := int(t.Nodes[ids[i]].Start) - start
		in.params = append(in.params, string(text[:at])+fresh+string(text[at+len(old):]))
	}
	kids := t.Children(def.body)
	if len(kids) < 2 || t.Nodes[kids[0]].Kind != "{" || t.Nodes[kids[len(kids)-1]].Kind != "}" {
		return in, false
	}
	// The body, its parameters renamed; the names it declares and uses.
	declared, used := map[string]bool{}, map[string]bool{}
	var b strings.Builder
	from := int(t.Nodes[kids[0]].End)
	for id := kids[0]; id < t.SubtreeEnd(def.body); id++ {
		switch t.Nodes[id].Kind {
		case "labeled_statement", "lambda_expression", "function_definition":
			return in, false
		case "return_statement":
			in.returns = true
			kids := t.Children(id)
			if len(kids) == 0 || t.Nodes[kids[0]].Kind != "return" {
				return in, false
			}
			// "return v;" becomes "ret = v;", "return;" becomes ";".
			b.Write(t.Src[from:t.Nodes[id].Start])
			if returned(t, id) != tree.NoNode {
				b.WriteString(ret + " =")
			}
			from = int(t.Nodes[kids[0]].End)
		case "identifier":
			word := string(t.Text(id))
			if declarator(t, id) {
				if rename[word] != "" {
					return in, false // a local of a parameter's name
				}
				declared[word] = true
			}
			used[word] = true
			if fresh := rename[word]; fresh != "" {
				b.Write(t.Src[from:t.Nodes[id].Start])
				b.WriteString(fresh)
				from = int(t.Nodes[id].End)
			}
		}
	}
	b.Write(t.Src[from:t.Nodes[kids[len(kids)-1]].Start])
	in.body = dedent(strings.TrimLeft(strings.TrimRight(b.String(), " \t\n"), "\n"))
	in.free = map[string]bool{}
	for word := range used {
		if !declared[word] && rename[word] == "" {
			in.free[word] = true
		}
	}
	return in, true
}

// at returns c with the call inlined, if it stands as a statement, of a
// function whose body does not return (its returns would no longer leave
// it early), with its arguments as in the input and one for each
// parameter, outside the function itself, in a caller that declares none
// of the names the body uses freely.
func (in inlining) at(t *tree.Tree, c tree.Candidate, call callSite) (tree.Candidate, bool) {
	stmt := t.Nodes[call.call].Parent
	if t.Nodes[stmt].Kind != "expression_statement" || in.returns {
		return c, false
	}
	block, ok := in.block(t, c, call, stmt)
	if !ok {
		return c, false
	}
	return c.Replace(stmt, block), true
}

// valueAt returns c with the statement stmt that uses the value of call
// (an expression statement, a declaration or a return in a block) preceded
// by the result's declaration, decl, and by the block of the body whose
// returns assign the result, and with the call replaced by the result, ret:
// "int h = f(2);" becomes "int f_ret;\n{\n  int a_f = 2;\n  f_ret = a_f *
// 3;\n}\nint h = f_ret;", as C-Vise's simple inliner does.
func (in inlining) valueAt(t *tree.Tree, c tree.Candidate, call callSite, ret, decl string) (tree.Candidate, bool) {
	stmt := t.Nodes[call.call].Parent
	if t.Nodes[stmt].Kind == "expression_statement" {
		return c, false // the value is not used
	}
	for k := t.Nodes[stmt].Kind; k != "expression_statement" && k != "declaration" && k != "return_statement"; k = t.Nodes[stmt].Kind {
		if stmt == 0 || strings.HasSuffix(k, "_statement") || k == "lambda_expression" || k == "initializer_list" {
			return c, false
		}
		stmt = t.Nodes[stmt].Parent
	}
	if t.Nodes[t.Nodes[stmt].Parent].Kind != "compound_statement" {
		return c, false
	}
	block, ok := in.block(t, c, call, stmt)
	if !ok {
		return c, false
	}
	lead, _ := t.Indentation(stmt)
	src := t.Src[t.Nodes[stmt].Start:t.Nodes[stmt].End]
	at, end := t.Nodes[call.call].Start-t.Nodes[stmt].Start, t.Nodes[call.call].End-t.Nodes[stmt].Start
	return c.Replace(stmt, decl+ret+";\n"+string(lead)+block+"\n"+string(lead)+string(src[:at])+ret+string(src[end:])), true
}

// block returns the block of the body that stands for call in the
// statement stmt, the parameters declared with its arguments, if the call
// and its statement are as in the input, outside the function itself, in a
// caller that declares none of the names the body uses freely.
func (in inlining) block(t *tree.Tree, c tree.Candidate, call callSite, stmt tree.NodeID) (string, bool) {
	if call.args == tree.NoNode || c.EditedWithin(stmt, t.SubtreeEnd(stmt)) || !t.Present(c, stmt) ||
		call.call >= in.def.decl && call.call < t.SubtreeEnd(in.def.decl) {
		return "", false
	}
	args := listItems(t, c, call.args)
	if len(args) != len(in.params) || callerDeclares(t, stmt, in.free) {
		return "", false
	}
	lead, _ := t.Indentation(stmt)
	indent := string(lead)
	unit := indentUnit(t.Src)
	var b strings.Builder
	b.WriteString("{\n")
	for i, p := range in.params {
		b.WriteString(indent + unit + p + " = " + string(t.Text(itemNode(t, args[i]))) + ";\n")
	}
	b.WriteString(indented(in.body, indent+unit) + "\n" + indent + "}")
	return b.String(), true
}

// freshName returns base, with "_" after it until names does not hold it.
func freshName(base string, names map[string]bool) string {
	for names[base] {
		base += "_"
	}
	return base
}

// returnType returns the type that the function defined by def (as in the
// input) returns, spelled to declare a variable by its name after it:
// "const char *" of "const char *f(void)". It fails for void and for what
// is more than a type with qualifiers and pointers ("struct s {...}", a
// pointer to an array).
func returnType(t *tree.Tree, def funcSite) (string, bool) {
	if def.typ == tree.NoNode || def.fdecl == tree.NoNode {
		return "", false
	}
	var words []string
	for _, ch := range t.Children(def.decl) {
		if ch == def.typ {
			break
		}
		if t.Nodes[ch].Kind == "type_qualifier" {
			words = append(words, string(t.Text(ch)))
		}
	}
	for id := def.typ; id < t.SubtreeEnd(def.typ); id++ {
		if k := t.Nodes[id].Kind; k == "field_declaration_list" || k == "enumerator_list" {
			return "", false
		}
	}
	words = append(words, string(t.Text(def.typ)))
	ptr := ""
	for _, w := range strings.Fields(strings.ReplaceAll(string(t.Src[t.Nodes[def.typ].End:t.Nodes[def.fdecl].Start]), "*", " * ")) {
		switch w {
		case "*":
			ptr += "*"
		case "const", "volatile", "restrict":
			ptr += " " + w + " "
		default:
			return "", false
		}
	}
	if ptr == "" && string(t.Text(def.typ)) == "void" {
		return "", false
	}
	return strings.Join(words, " ") + " " + ptr, true
}

// paramNames returns the parameter declarations of the function defined
// by def and the identifier each declares, none for "(void)", if the
// definition is as in the input and each parameter declares one name, not
// an array.
func paramNames(t *tree.Tree, c tree.Candidate, def funcSite) (decls, ids []tree.NodeID, ok bool) {
	if def.params == tree.NoNode || c.EditedWithin(def.decl, t.SubtreeEnd(def.decl)) {
		return nil, nil, false
	}
	items := listItems(t, c, def.params)
	for _, item := range items {
		p := itemNode(t, item)
		var found []tree.NodeID
		array := false
		walkFrom(t, c, p, func(id tree.NodeID) bool {
			switch t.Nodes[id].Kind {
			case "identifier":
				found = append(found, id)
			case "array_declarator", "abstract_array_declarator", "variadic_parameter":
				array = true
			}
			return true
		})
		if t.Nodes[p].Kind != "parameter_declaration" || array {
			return nil, nil, false
		}
		if len(found) == 0 && len(items) == 1 && string(t.Text(p)) == "void" {
			break // f(void)
		}
		if len(found) != 1 {
			return nil, nil, false
		}
		decls, ids = append(decls, p), append(ids, found[0])
	}
	return decls, ids, true
}

// callerDeclares reports whether the function that holds node declares
// one of the names in free.
func callerDeclares(t *tree.Tree, node tree.NodeID, free map[string]bool) bool {
	caller := node
	for caller != 0 && t.Nodes[caller].Kind != "function_definition" {
		caller = t.Nodes[caller].Parent
	}
	if caller == 0 {
		return false
	}
	for id := caller; id < t.SubtreeEnd(caller); id++ {
		if t.Nodes[id].Kind == "identifier" && declarator(t, id) && free[string(t.Text(id))] {
			return true
		}
	}
	return false
}

// A returning is a function whose body is one return of a value, ready to
// stand for its calls as that value.
type returning struct {
	def    funcSite
	params map[string]int  // each parameter's place
	n      int             // the number of parameters
	value  tree.NodeID     // the value returned
	free   map[string]bool // the names the value uses but its parameters
}

// returnsValue returns the returning of the function defined by def, if
// its body, as in the input, is "{ return VALUE; }", with parameters that
// each declare one name (no array).
func returnsValue(t *tree.Tree, c tree.Candidate, def funcSite) (returning, bool) {
	r := returning{def: def, params: map[string]int{}, free: map[string]bool{}}
	decls, ids, ok := paramNames(t, c, def)
	if !ok {
		return r, false
	}
	r.n = len(decls)
	for i, id := range ids {
		r.params[string(t.Text(id))] = i
	}
	kids := t.Children(def.body)
	if len(kids) != 3 || t.Nodes[kids[1]].Kind != "return_statement" {
		return r, false
	}
	if r.value = returned(t, kids[1]); r.value == tree.NoNode {
		return r, false
	}
	for id := r.value; id < t.SubtreeEnd(r.value); id++ {
		if t.Nodes[id].Kind != "identifier" {
			continue
		}
		if declarator(t, id) {
			return r, false
		}
		if _, ok := r.params[string(t.Text(id))]; !ok {
			r.free[string(t.Text(id))] = true
		}
	}
	return r, true
}

// returned returns the value the return statement ret returns, or NoNode:
// its one child besides the keyword, the semicolon and comments.
func returned(t *tree.Tree, ret tree.NodeID) tree.NodeID {
	value := tree.NoNode
	for _, k := range t.Children(ret) {
		switch t.Nodes[k].Kind {
		case "return", ";", "comment":
		default:
			if value != tree.NoNode {
				return tree.NoNode
			}
			value = k
		}
	}
	return value
}

// bareValue are the places where any value but a comma expression needs
// no parentheses around it.
var bareValue = map[string]bool{
	"expression_statement": true, "return_statement": true, "init_declarator": true,
	"argument_list": true, "parenthesized_expression": true, "condition_clause": true,
}

// bare reports whether any value but a comma expression may stand for
// the expression n without parentheses: n stands alone (bareValue) or is
// the right side of an assignment.
func bare(t *tree.Tree, n tree.NodeID) bool {
	p := t.Nodes[n].Parent
	if t.Nodes[p].Kind == "assignment_expression" {
		kids := t.Children(p)
		return kids[len(kids)-1] == n
	}
	return bareValue[t.Nodes[p].Kind]
}

// at returns c with call replaced by the value, if the call, as in the
// input, has an argument for each parameter, outside the function itself,
// in a caller that declares none of the names the value uses freely.
func (r returning) at(t *tree.Tree, c tree.Candidate, call callSite) (tree.Candidate, bool) {
	if call.args == tree.NoNode || c.EditedWithin(call.call, t.SubtreeEnd(call.call)) || !t.Present(c, call.call) ||
		call.call >= r.def.decl && call.call < t.SubtreeEnd(r.def.decl) || callerDeclares(t, call.call, r.free) {
		return c, false
	}
	items := listItems(t, c, call.args)
	if len(items) != r.n {
		return c, false
	}
	args := make([]string, r.n)
	for i, item := range items {
		a := itemNode(t, item)
		args[i] = string(t.Text(a))
		if !tight[t.Nodes[a].Kind] {
			args[i] = "(" + args[i] + ")"
		}
	}
	spelled := make([]int, r.n)
	var b strings.Builder
	from := t.Nodes[r.value].Start
	for id := r.value; id < t.SubtreeEnd(r.value); id++ {
		i, ok := r.params[string(t.Text(id))]
		if t.Nodes[id].Kind != "identifier" || !ok {
			continue
		}
		if spelled[i]++; spelled[i] > 1 && hasSideEffect(t, c, itemNode(t, items[i])) {
			return c, false
		}
		b.Write(t.Src[from:t.Nodes[id].Start])
		b.WriteString(args[i])
		from = t.Nodes[id].End
	}
	b.Write(t.Src[from:t.Nodes[r.value].End])
	text := b.String()
	if k := t.Nodes[r.value].Kind; k == "comma_expression" || !tight[k] && !bare(t, call.call) {
		text = "(" + text + ")"
	}
	return c.Replace(call.call, text), true
}

// dedent returns text with the blanks that begin each of its lines cut by
// those its least indented line begins with, but for a line that follows
// a backslash (it may continue a string).
func dedent(text string) string {
	lines := strings.Split(text, "\n")
	cut := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "" || i > 0 && strings.HasSuffix(lines[i-1], "\\") {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " \t")); cut < 0 || n < cut {
			cut = n
		}
	}
	for i, l := range lines {
		if cut > 0 && len(l) >= cut && strings.TrimLeft(l[:cut], " \t") == "" && !(i > 0 && strings.HasSuffix(lines[i-1], "\\")) {
			lines[i] = l[cut:]
		}
	}
	return strings.Join(lines, "\n")
}

// indented returns text with prefix before each of its lines that is not
// blank, but for a line that follows a backslash.
func indented(text, prefix string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" && !(i > 0 && strings.HasSuffix(lines[i-1], "\\")) {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}
