// Package formats lists the input formats hdd knows and picks one for a file.
package formats

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hddreduce/hdd/grammars"
	"github.com/hddreduce/hdd/grammars/c"
	"github.com/hddreduce/hdd/grammars/cpp"
	"github.com/hddreduce/hdd/grammars/css"
	"github.com/hddreduce/hdd/grammars/golang"
	"github.com/hddreduce/hdd/grammars/java"
	"github.com/hddreduce/hdd/grammars/javascript"
	"github.com/hddreduce/hdd/grammars/json"
	"github.com/hddreduce/hdd/grammars/lines"
	"github.com/hddreduce/hdd/grammars/python"
	"github.com/hddreduce/hdd/grammars/rust"
	"github.com/hddreduce/hdd/grammars/typescript"
	"github.com/hddreduce/hdd/grammars/xml"
)

// All lists every format, in the order they are tried when sniffing.
var All = []*grammars.Format{json.Format, xml.Format, xml.HTMLFormat, c.Format, cpp.Format,
	golang.Format, rust.Format, python.Format, javascript.Format, typescript.Format, typescript.TSXFormat, java.Format,
	css.Format,
	lines.Format}

// Names returns the names of all formats, for messages and flag help.
func Names() []string {
	names := make([]string, len(All))
	for i, f := range All {
		names[i] = f.Name
	}
	return names
}

// ByName returns the format called name.
func ByName(name string) (*grammars.Format, error) {
	for _, f := range All {
		if f.Name == name {
			return f, nil
		}
	}
	return nil, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(Names(), ", "))
}

// ErrUnknown is wrapped by the error For returns when neither the name nor
// the first bytes of a file tell its format.
var ErrUnknown = errors.New("cannot tell the format")

// For picks the format of the file at path: the one named by override if it
// is not empty, else the one whose extensions include path's, else a guess
// from the first non-blank byte of src ('{' or '[': JSON, read strictly
// as json.Sniffed, '<': XML).
func For(path string, src []byte, override string) (*grammars.Format, error) {
	if override != "" {
		return ByName(override)
	}
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range All {
		for _, e := range f.Exts {
			if e == ext {
				return f, nil
			}
		}
	}
	if t := bytes.TrimLeft(src, " \t\r\n\ufeff"); len(t) > 0 {
		switch t[0] {
		case '{', '[':
			return json.Sniffed, nil
		case '<':
			return xml.Format, nil
		}
	}
	return nil, fmt.Errorf("%w of %s from its name or its first bytes", ErrUnknown, filepath.Base(path))
}
