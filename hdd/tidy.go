package hdd

import (
	"bytes"
	"context"
)

// A Tidy is a rewrite of the whole text, tried once on the result after the
// search: it is kept if it is smaller, passes the Reducer's Check and is
// still interesting. Tidies make the result read well (no blank-line runs,
// no trailing blanks) and may shrink it further.
type Tidy struct {
	Name  string
	Apply func(text []byte) []byte
}

// Tidies are the format-independent tidies: dropping blank lines and
// trailing blanks.
var Tidies = []Tidy{
	{Name: "blank lines", Apply: DropBlankLines},
	{Name: "trailing blanks", Apply: TrimTrailingBlanks},
}

// DropBlankLines removes the lines that hold nothing but blanks, keeping a
// final newline if text had one.
func DropBlankLines(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for line := range bytes.Lines(text) {
		if len(bytes.TrimSpace(line)) > 0 {
			out = append(out, line...)
		}
	}
	if len(out) > 0 && out[len(out)-1] != '\n' && bytes.HasSuffix(text, []byte("\n")) {
		out = append(out, '\n')
	}
	return out
}

// TrimTrailingBlanks removes spaces and tabs at the ends of lines.
func TrimTrailingBlanks(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for line := range bytes.Lines(text) {
		body, nl := bytes.CutSuffix(line, []byte("\n"))
		body, cr := bytes.CutSuffix(body, []byte("\r"))
		out = append(out, bytes.TrimRight(body, " \t")...)
		if cr {
			out = append(out, '\r')
		}
		if nl {
			out = append(out, '\n')
		}
	}
	return out
}

// tidy tries each of the Reducer's tidies on the best text, in order.
func (s *search) tidy(ctx context.Context) error {
	s.setPhase("tidying")
	for _, t := range s.r.Tidy {
		cand := t.Apply(s.best)
		if len(cand) >= len(s.best) {
			continue
		}
		ok, err := s.evalText(ctx, cand)
		if err != nil {
			return err
		}
		if ok {
			s.mu.Lock()
			s.best = cand
			s.report()
			s.mu.Unlock()
			if s.r.Improved != nil {
				s.r.Improved(cand)
			}
			s.logf("tidy %q: %d bytes", t.Name, len(cand))
		}
	}
	return nil
}
