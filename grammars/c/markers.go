package c

import (
	"iter"

	ts "github.com/hddreduce/hdd/grammars/treesitter"
)

// LineMarker is the kind of the nodes that hold the preprocessor's line
// markers (see LineMarkers).
const LineMarker = "linemarker"

// LineMarkers returns the line markers of src from offset from on, as
// spans of kind LineMarker that tree-sitter is not to see (see
// treesitter.Language.Hide): the lines `# 12 "file.c" 3 4` that gcc -E
// writes, and `#line 12 "file.c"`, outside comments and literals, from
// their "#" to the end of their line. In preprocessed C they stand
// wherever a macro from a system header was expanded, in the middle of a
// declaration or an expression, where tree-sitter's grammar reads no
// directive: hidden, they no longer make ERROR regions of the code around
// them. From is 0 or the Start of a span it gave (or, in C++, of another
// span of a scan that skips the same comments and literals).
func LineMarkers(src []byte, from int) iter.Seq[ts.Span] {
	return func(yield func(ts.Span) bool) {
		Scan(src, from, func(_, j int) int { return j }, Markers(src, yield))
	}
}

// Markers returns the directive func of a Scan of src that yields its
// line markers (see LineMarkers) and skips its other directives; the scan
// stops where yield returns false.
func Markers(src []byte, yield func(ts.Span) bool) func(i int) int {
	return func(i int) int {
		end, ok := markerEnd(src, i)
		if ok && !yield(ts.Span{Start: i, End: end, Kind: LineMarker}) {
			return len(src)
		}
		return end
	}
}

// markerEnd returns the end of the directive whose "#" is at i, before
// its line break, and whether it is a line marker: a "#" first on its
// line, then a line number or the word "line" and a blank.
func markerEnd(src []byte, i int) (int, bool) {
	end := skipLine(src, i)
	if end > i && src[end-1] == '\r' {
		end--
	}
	for k := i - 1; k >= 0 && src[k] != '\n'; k-- {
		if src[k] != ' ' && src[k] != '\t' {
			return end, false
		}
	}
	j := i + 1
	for j < end && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	switch {
	case j < end && '0' <= src[j] && src[j] <= '9':
		for j < end && '0' <= src[j] && src[j] <= '9' {
			j++
		}
	case end-j > len("line") && string(src[j:j+len("line")]) == "line":
		j += len("line")
		if src[j] != ' ' && src[j] != '\t' {
			return end, false
		}
	default:
		return end, false
	}
	return end, j == end || src[j] == ' ' || src[j] == '\t'
}
