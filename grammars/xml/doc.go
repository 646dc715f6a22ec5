// Package xml is the hdd adapter for XML ([Format]: XML, SVG, XHTML, RSS,
// Atom, XSLT, DocBook, ...) and HTML ([HTMLFormat]).
//
// Both formats share one tokenizer of the package's own. It works on bytes,
// never decodes, and never fails: what it cannot read as markup is text, and
// every deviation from the rules is counted as a malformation of some kind
// (unclosed element, stray end tag, stray '<', bad reference, duplicate
// attribute, ...). Spans are therefore exact offsets of the original bytes in
// any ASCII-compatible encoding: UTF-8, ISO-8859-x, windows-125x, TIS-620 and
// windows-874 alike. encoding/xml cannot give such spans: with a
// CharsetReader, its InputOffset counts decoded bytes. UTF-16 and UTF-32
// documents are refused.
//
// # Tree
//
// The root node, "document", spans the whole input. Its children are, in
// order, any of:
//
//   - "xmldecl": the XML declaration, removable whatever it declares (the
//     test decides): without it a document in another encoding reads as
//     UTF-8, which Check refuses unless the rest is ASCII or valid UTF-8
//     anyway, and an XML 1.1 document reads as XML 1.0.
//   - "doctype": the document type declaration. It is removable; a
//     candidate that still uses an entity the doctype declared (or, with an
//     external DTD, any entity other than the five predefined ones) is
//     refused by Check, since the entity would be undefined. So is one
//     that uses an entity whose value names an entity no longer declared
//     (directly or through another value), one whose attribute default
//     names an entity not declared before it, and one that references a
//     parameter entity before or without its declaration (unless an
//     external DTD may declare it): xmllint rejects each. The general
//     entities a parameter entity's value declares count as declared where
//     it is referenced. A parameter entity reference inside a markup
//     declaration of the internal subset is a malformation, and so is a
//     declaration that does not follow its grammar where xmllint and expat
//     both refuse it: an unknown keyword, a malformed content model
//     ((a,|b), (#PCDATA|a) without its '*'), an attribute definition
//     without its type or default, a notation or external entity without
//     its identifier, junk before the closing '>'. In XML its
//     children are its parts that may go on their own: the "external-id"
//     (PUBLIC "pub" "sys" or SYSTEM "sys"), removable, made of a fixed
//     "public-id" (PUBLIC "pub") and a fixed "system-literal"; and the items
//     of its internal subset, each removable: "markup-decl" (<!ELEMENT>,
//     <!ATTLIST>, <!ENTITY>, <!NOTATION>), "comment", "pi" and
//     "pe-reference" (%name;). The "attdef" children of an <!ATTLIST>, its
//     attribute definitions, are removable one by one (an <!ATTLIST> whose
//     definitions do not read cleanly, through a parameter entity say, is
//     kept whole). An HTML doctype is a leaf.
//   - "comment" and "pi" (processing instruction): removable.
//   - "element": the root element, which is fixed. (A malformed document may
//     have several top-level elements; each is then removable, and Check
//     refuses a candidate left with none.)
//
// An "element" spans from the '<' of its start tag to the '>' of its end tag
// (or of its empty-element tag "/>"). Its children are a fixed "start-tag"
// node, its content, and a fixed "end-tag" node ("</a>"; none for an
// empty-element tag or an HTML element closed implicitly). The start tag's
// children are its attributes, "attribute" nodes spanning name="value" (the
// white space before each is its leading white space), each with its
// quoted value as a "value" child (see below). The content is
// elements, "text" runs (with their entity and character references; the
// white space around a run is not part of it, and white space alone is no
// node), "cdata" sections, comments and PIs. Attributes and content are
// removable. Removing an element takes its whole subtree, so every candidate
// keeps the tags balanced. Elements have the hoisting class "element": an
// element, the root included, may be replaced by one of its descendant
// elements.
//
// # Transforms
//
// "unwrapping elements" replaces both tags of an element below the root by
// nothing, so that its content takes its place: "<p>a <b>c</b></p>"
// becomes "a <b>c</b>". "doctype identifiers" turns a PUBLIC identifier
// into a SYSTEM one and shortens the system literal to the last segment of
// its path, then to its first character. "empty elements" closes an
// element whose content is gone or white space only: "<a> </a>" and
// "<a></a>" become "<a/>" in XML, "<td> </td>" becomes "<td></td>" in
// HTML.
//
// The Doc of an XML document also has the tidies "compact": its root
// element on one line, without the white space between nodes, empty
// elements as <a/>, when that line has at most 160 bytes; and "short
// names", which renames the elements, as C-Reduce renames identifiers,
// each name to the next of "a", "b", ... not in use (prefixed names keep
// theirs). HTML's names say how it parses, so HTML has no renaming.
//
// A quoted attribute value that is not empty is a "value" node, which the
// search may cut down as it cuts texts, unless it names a namespace; so
// is the text of a CDATA section or a comment, a "body" node.
//
// # Well-formed XML
//
// [Parse] first reads a document strictly: when the tokenizer finds no
// malformation (XML 1.0 well-formedness plus namespace well-formedness:
// bound prefixes), the policy's Check refuses every candidate that is not
// well-formed in the same sense. By construction, removals cannot unbalance
// tags; what Check catches is a namespace declaration removed while its
// prefix is still used (by a name, or by a name in the text of an entity
// referenced there), a doctype removed while its entities are used, and
// hoists that leave no root element. It costs about half a millisecond for a
// 60 KB document.
//
// # Malformed XML and HTML
//
// A document that is not well-formed is reduced tolerantly, with a warning
// saying where it is first malformed. [ParseHTML] reads HTML always so:
// element names ignore ASCII case; void elements (br, img, meta, ...) have no
// content; elements whose end tag is optional (p, li, td, tr, option, ...)
// close without error where a start tag or an ancestor's end tag closes them
// implicitly; script, style, title, textarea and the like hold raw text;
// attribute values may be unquoted, and attributes may lack values.
//
// In either mode an element whose end tag is missing ends where it is
// implicitly closed (after its last child), an end tag that matches no open
// element is a removable "stray-end-tag" leaf, stray '<' and '&' are text,
// and malformed comments and declarations ("<!x>", "<?x>" in HTML) are
// removable "bogus-comment" leaves. An attribute not separated from its
// neighbours by white space is fixed, since removing it would fuse them.
//
// The Check of a tolerant document refuses a candidate that has more
// malformations of some kind than the original: a candidate may keep the
// original's defects, or lose some, but never adds one. Removals can add
// some: text joined across a removed element may make a stray '<' start a
// new tag, or removing the last element may leave no root.
//
// # Large documents
//
// The tree of a document of more than [FoldNodes] nodes stops at the
// deepest level that keeps it within that many: the elements and start
// tags there are [tree.Folded], and the search parses what is left of the
// document again when it reaches the level below (the candidates are
// those of the full tree). A scan that counts the nodes of each depth
// without building them chooses that level first.
//
// # Errors
//
// Parse and ParseHTML fail only for input that is not a document at all:
// empty, binary or UTF-16/32, holding no markup, or, for XML, not starting
// with markup.
package xml
