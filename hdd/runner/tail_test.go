package runner

import (
	"strings"
	"testing"
)

func TestTail(t *testing.T) {
	tests := []struct {
		name   string
		max    int
		writes []string
		want   string
	}{
		{"nothing", 4, nil, ""},
		{"empty write", 4, []string{""}, ""},
		{"short", 4, []string{"ab"}, "ab"},
		{"exactly full", 4, []string{"ab", "cd"}, "abcd"},
		{"wraps", 4, []string{"abc", "def"}, "cdef"},
		{"wraps twice", 4, []string{"abc", "def", "ghi"}, "fghi"},
		{"long write", 4, []string{"ab", "cdefghij"}, "ghij"},
		{"write of max", 4, []string{"ab", "wxyz"}, "wxyz"},
		{"bytes one by one", 3, strings.Split("abcdefg", ""), "efg"},
		{"to the end then on", 4, []string{"abcd", "e"}, "bcde"},
		{"default size", 0, []string{strings.Repeat("a", 5000) + "end"}, strings.Repeat("a", 4093) + "end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTail(tt.max)
			for _, s := range tt.writes {
				if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
					t.Fatalf("Write(%q): got %d, %v; want %d, nil", s, n, err, len(s))
				}
			}
			got := w.Bytes()
			if string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if tt.want == "" && got != nil {
				t.Errorf("got %q, want nil", got)
			}
		})
	}
}

// FuzzTail checks the ring buffer against keeping everything.
func FuzzTail(f *testing.F) {
	f.Add(3, []byte("abcdefgh"), 2)
	f.Add(1, []byte("xy"), 1)
	f.Fuzz(func(t *testing.T, size int, data []byte, chunk int) {
		if size <= 0 || size > 64 || chunk <= 0 {
			t.Skip()
		}
		w := newTail(size)
		for p := data; len(p) > 0; {
			n := min(chunk, len(p))
			w.Write(p[:n])
			p = p[n:]
		}
		want := data[max(0, len(data)-size):]
		if got := w.Bytes(); string(got) != string(want) {
			t.Errorf("got %q, want %q", got, want)
		}
	})
}
