// Package json is the JSON adapter: it parses a JSON document, or a stream
// of JSON values such as JSON Lines, into a lossless [tree.Tree] whose
// candidates are well-formed JSON by construction.
//
// # Tree shape
//
// The root, kind "document", spans the whole file. Its child is the
// top-level value; the whitespace around it is the root's own bytes.
//
//	document                      the file, [0, len(src))
//	└── object                    {...}: the braces, colons and whitespace
//	    ├── member                "key": value, from the key's opening quote;
//	    │   │                     the key and colon are its own bytes
//	    │   └── <value>           replaced by its minimal form when removed
//	    ├── comma                 , (separator)
//	    └── member ...
//
// A stream (two or more top-level values, as in JSON Lines or jq's
// concatenated input) has one child of kind "record" per value instead:
//
//	document
//	├── record                    {"a":1}\n: the value and the rest of its line
//	│   └── object                the value, replaced by its minimal form
//	├── record                    [1,2]\n
//	│   └── array
//	...
//
// A record spans its value and, when the rest of the value's line is blank,
// that rest and the line break: removing the first line of a JSON Lines
// file then leaves no blank first line, which strict line-by-line readers
// reject. A record of a value followed by another on the same line (1 2 3)
// is the value alone.
//
// A stream that does not parse whole, but whose lines are mostly JSON
// values, is read line by line, as JSON Lines with some lines broken (a log
// cut off mid-line, a record a service wrote wrong). A line that is not
// JSON but is an object or array alone on its line is a record read
// tolerantly, as a document that does not parse is (see below), the line's
// end taken for the end of the input: the search may remove it, or reduce
// it, keeping byte for byte what is not JSON in it. Any other line that is
// not JSON is a leaf of kind "malformed" in the place of a record, spanning
// the line from its first to its last character that is not white space,
// and its line break as a record does. It is removable and [tree.Opaque]:
// the search keeps it byte for byte or removes it whole. Every other line
// is reduced as in any stream, so a candidate has no line that is not JSON
// but one broken as one of the input's is. "Mostly" is two lines or more,
// at least as many of them JSON values as not: a pretty-printed document
// that does not parse has few lines that are values on their own ({, "a":
// 1,), and is read as a document that does not parse. The warning names
// the broken lines. What is left of such a stream is parsed again line by
// line.
//
// # Documents that do not parse
//
// A document that does not parse, and is not such a stream, is read
// tolerantly if it is an object or an array (its first character, past
// white space and comments, is a bracket): a payload cut short, a
// configuration file with comments and trailing commas, a JavaScript or
// Python literal (NaN, Infinity, single quotes, keys without quotes), a
// missing comma or colon, a bracket that does not match. Other text (YAML,
// CSV, a bare word) is refused with its syntax error. The tree is the one
// a valid document gets wherever the input is JSON (the same kinds, spans,
// flags, replacements and classes; a test checks this node for node on
// valid documents), and:
//
//   - A token that is not JSON where a value stands (NaN, 'text', 0x1F, a
//     string cut short, a stray colon or bracket, a comma that stands
//     between no two items) is a leaf of kind "malformed", [tree.Opaque]:
//     kept byte for byte (but a string cut short by the end of the input,
//     see below), removable where an element or a comma could be, fixed as
//     a member's value (the member may go). Such a comma after an item of
//     its list (a trailing comma, a doubled one) is [tree.Trailing]: it
//     goes when the items before it do, so no candidate has {,} or [,1],
//     which JSON5 and JavaScript refuse, where the input has {"a": 1,}.
//   - A comment, // or /* */, is a removable leaf of kind "comment".
//   - A member keeps as its own bytes whatever stands for its key (a bare
//     word, a single-quoted string) and may lack its colon or value; a
//     value without a key in an object is an element of it.
//   - Items with no comma between them are siblings with no separator.
//   - A container never closed (the input ends, or a bracket closes an
//     outer container) spans what it holds; a closing bracket closes the
//     innermost open container of its kind, and the ones inside it stay
//     open.
//   - Values after the first top-level one (a second document, a stray
//     bracket) make every top-level node removable.
//   - A form feed or vertical tab between tokens is white space, as it is
//     to the unparser.
//
// A value is hoisted only if it is JSON and closed. It may touch another
// token (the [1] of 2[1], the items of [[0][1]]): the unparser puts a space
// where the hoisted text would run into a word, so 2[1] with its 1 hoisted
// reads 2 1, not 21.
// The values that the end of the input cuts short (a container never
// closed, a string whose quote is not, as in a payload cut off) have the
// class "cut" instead: only the end of the input follows each, so a value
// or another cut value may stand in its place (the policy's Accepts), and
// a payload cut in a string may come down to the string alone. Such a
// string may be cut down too, its opening quote kept (the policy's Units).
// A string cut short by a line break ends before it, and the policy is then
// line-sensitive (as with a // comment): no candidate runs the next line
// into it. So a candidate has no broken part the input does not have, nor
// more of them, nor more brackets never closed; the warning gives the
// first syntax error and what was kept.
//
// An array, kind "array", has its elements and commas as children. Scalars
// are leaves of kind "string", "number", "true", "false" or "null".
// Brackets, braces, colons and whitespace are never nodes: they are the gaps
// of their parent.
//
// What may happen to each node:
//
//   - Object members and array elements are [tree.Removable] and
//     [tree.ListItem]; commas are [tree.Sep], so the unparser keeps exactly
//     the commas that stand between two kept items and never leaves a
//     trailing or doubled comma.
//   - A key is part of its member: it goes with the member, never alone.
//   - A member's value must stay (a key needs a value), so it is not
//     removable; removing it replaces it by the minimal value of its own
//     type: {} for an object, [] for an array, "" for a string, 0 for a
//     number. true, false and null are already minimal for their type and
//     stay as they are. A value already equal to its minimal form (such as
//     {} or 0) cannot shrink.
//   - The top-level value of a single document is treated like a member's
//     value: an empty file is not JSON, so it is replaced, never removed.
//   - In a stream each record is removable, and its value is treated like
//     a member's value. Removing every record leaves an empty stream, which
//     is valid JSON Lines (and jq input).
//
// Values (member values, array elements and the top-level value of a
// document or of a record) have the hoisting class "value"
// ([tree.Node].Class): the search may replace such a value by one nested in
// it, for example {"a":{"b":{"c":1}}} by {"b":{"c":1}} or {"c":1}, which is
// still JSON wherever the outer value stood. The node standing in a hoisted
// value's place is removed by the hoisted value's policy, so hoisting an
// element of [[1], 2] to its 1 and removing it leaves [2]. A top-level
// value of a stream may touch its neighbour with no whitespace between:
// hoisting the {"a":1} of 2{"a":1} to its 1 gives 2 1, as the policy's
// Fuse asks (below). Members, commas and records have no class.
//
// The policy's Fuse puts a space between two numbers or literals that would
// otherwise become adjacent in a stream (1 2 3 less 2 gives "1 3", and
// 1[]2 less [] gives "1 2", not "12").
//
// # Parsing
//
// encoding/json's Decoder validates the input value by value: it splits a
// stream, reports syntax errors with their offset (turned into line:col)
// and limits nesting to [MaxDepth] levels. Each top-level value is then
// checked with gjson.Valid and walked with gjson's ForEach; node spans come
// from Result.Index and the raw text of each key and value, not from paths,
// so duplicate keys and keys holding '.', '*', '?' or escapes are handled
// like any other. Every byte between two nodes is checked while building
// (only whitespace, one comma between items, one colon in a member), so a
// disagreement between the parsers is an error, never a wrong span.
//
// The walk costs O(size × depth), since gjson rescans a nested value once
// for each enclosing level: negligible at realistic depths (the 875 KB,
// 6-level benchmark input parses in about 25 ms), but about 0.7 s for
// 10000 nested arrays or objects.
//
// A large input's tree stops at the deepest level that keeps it within
// [FoldNodes] nodes: the containers and members there are [tree.Folded]
// leaves, and the search parses what is left of the input again when it
// reaches the level below (what is left of a stream is parsed as a stream,
// even with one value or none). A prescan counts the nodes of each level
// without building them, to choose that level. When the level the search
// needs next is itself over the budget (a flat array of 300,000 numbers),
// its long lists are built in runs: leaves of kind "run", each standing
// for the same number of consecutive items (the last for fewer) and the
// commas between them, removable like an item, with the commas between
// runs as separators. The search prunes the runs, then the items of the
// runs left. A document read tolerantly is folded and built in runs the
// same way (a first pass of the reader counts the nodes of each level, and
// a dry reading the items of a list), and what is left of it is read
// tolerantly again, its top-level values removable if they were; a run
// there also holds what is not JSON after its last item (a comma that
// separates nothing, a comment) up to the separator before the next run.
// Its top-level values, which a broken stream may have by the thousand,
// are never built in runs.
//
// A UTF-8 byte order mark before the first value, which JSON forbids but
// RFC 8259 lets a parser ignore, is the root's own bytes: every candidate
// starts with it, as the input did.
//
// Two top-level values that are numbers or literals must be separated by
// whitespace: "1 2" is a stream of two values, "truenull" and "1-2" are
// errors, as they are for jq.
//
// Candidates need no well-formedness check: [Parse] returns a Doc with a nil
// Check. Every candidate is valid JSON, but for the broken lines of a stream
// read line by line and the broken parts of a document read tolerantly,
// kept as they were.
package json
