package archive

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// tree writes files into dir: a path ending in "/" is an empty folder, a
// value starting with "->" a symbolic link.
func tree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, v := range files {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		switch {
		case strings.HasSuffix(p, "/"):
			os.MkdirAll(full, 0o755)
		case strings.HasPrefix(v, "->"):
			if err := os.Symlink(strings.TrimPrefix(v, "->"), full); err != nil {
				t.Fatal(err)
			}
		default:
			if err := os.WriteFile(full, []byte(v), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestReadWrite(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	tree(t, in, map[string]string{
		"main.c":        "#include \"inc/a.h\"\n",
		"inc/a.h":       "int a;\n",
		"inc/b.h":       "->a.h",
		"abs.h":         "->" + filepath.Join(in, "inc", "a.h"),
		"up/deep/l":     "->../../main.c",
		"empty/":        "",
		"nested/empty/": "",
		"run.sh":        "#!/bin/sh\n",
		"dangling":      "->nowhere/x",
		"self":          "->self",
		"ro/x":          "x\n",
		"ro/sub/y":      "y\n",
		"shared/bin":    "#!/bin/sh\n",
	})
	// The setuid, setgid and sticky bits are kept too.
	os.Chmod(filepath.Join(in, "shared", "bin"), 0o755|os.ModeSetuid|os.ModeSetgid)
	os.Chmod(filepath.Join(in, "shared"), 0o777|os.ModeSticky)
	os.Chmod(filepath.Join(in, "run.sh"), 0o750)
	os.Chmod(filepath.Join(in, "empty"), 0o700)
	// Folders that hold something are entries where their permissions are
	// not the usual ones; the last, made read-only, must come back so.
	os.Chmod(filepath.Join(in, "ro", "sub"), 0o700)
	os.Chmod(filepath.Join(in, "ro"), 0o555)
	t.Cleanup(func() { os.Chmod(filepath.Join(in, "ro"), 0o755) })
	b, err := Read(in, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	entries, _, err := Decode(b)
	if err != nil {
		t.Fatalf("Read gave an archive Decode refuses: %v\n%s", err, b)
	}
	var got []string
	for _, e := range entries {
		got = append(got, string(e.Kind)+" "+e.Path+" "+e.Mode.String()+" "+string(e.Data))
	}
	wantLines := []string{
		"l abs.h -rwxrwxrwx inc/a.h",
		"l dangling -rwxrwxrwx nowhere/x",
		"d empty -rwx------ ",
		"f inc/a.h -rw-r--r-- int a;\n",
		"l inc/b.h -rwxrwxrwx a.h",
		"f main.c -rw-r--r-- #include \"inc/a.h\"\n",
		"d nested/empty -rwxr-xr-x ",
		"d ro -r-xr-xr-x ",
		"d ro/sub -rwx------ ",
		"f ro/sub/y -rw-r--r-- y\n",
		"f ro/x -rw-r--r-- x\n",
		"f run.sh -rwxr-x--- #!/bin/sh\n",
		"l self -rwxrwxrwx self",
		"d shared trwxrwxrwx ",
		"f shared/bin ugrwxr-xr-x #!/bin/sh\n",
		"l up/deep/l -rwxrwxrwx ../../main.c",
	}
	if strings.Join(got, "|") != strings.Join(wantLines, "|") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantLines, "\n"))
	}

	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	defer syscall.Umask(syscall.Umask(0o077)) // folders made for their entries get 0755 all the same
	if err := Write(out, b); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(out, "ro"), 0o755) })
	again, err := Read(out, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(b) {
		t.Errorf("Write then Read:\n%s\nwant:\n%s", again, b)
	}
	if c, _ := os.ReadFile(filepath.Join(out, "up", "deep", "l")); string(c) != "#include \"inc/a.h\"\n" {
		t.Errorf("the link in the copy reads %q", c)
	}
}

func TestReadRefuses(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret"), []byte("x"), 0o644)
	tests := []struct {
		name  string
		files map[string]string
		limit int64
		want  error
	}{
		{"absolute link outside", map[string]string{"a": "->" + filepath.Join(outside, "secret")}, 100, ErrOutside},
		{"relative link climbing out", map[string]string{"d/a": "->../../x"}, 100, ErrOutside},
		{"link to the parent folder", map[string]string{"a": "->.."}, 100, ErrOutside},
		{"link out through a link to the folder", map[string]string{"r": "->.", "q": "->r/../x"}, 100, ErrOutside},
		{"too large", map[string]string{"a": "12345", "b/c": "678"}, 7, &SizeError{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			os.WriteFile(filepath.Join(parent, "x"), []byte("outside"), 0o644)
			in := filepath.Join(parent, "in")
			os.Mkdir(in, 0o755)
			tree(t, in, tc.files)
			_, err := Read(in, tc.limit)
			var se *SizeError
			switch {
			case errors.As(tc.want, &se):
				if !errors.As(err, &se) || se.Size != 8 || se.Limit != tc.limit {
					t.Errorf("Read = %v, want a SizeError of 8 bytes", err)
				}
			case !errors.Is(err, tc.want):
				t.Errorf("Read = %v, want %v", err, tc.want)
			}
		})
	}
	t.Run("named pipe", func(t *testing.T) {
		in := t.TempDir()
		if err := syscall.Mkfifo(filepath.Join(in, "fifo"), 0o644); err != nil {
			t.Skip(err)
		}
		_, err := Read(in, 100)
		if !errors.Is(err, ErrSpecial) || !strings.Contains(err.Error(), "fifo is a named pipe") {
			t.Errorf("Read = %v, want ErrSpecial naming the pipe", err)
		}
	})
}

// TestWriteStaysInside writes archives that try to escape: Decode refuses
// them, and Write writes nothing.
func TestWriteStaysInside(t *testing.T) {
	for _, b := range []string{
		"f 0644 1 \"../x\"\nx\n",
		"l 0777 2 \"a\"\n..\nf 0644 1 \"a/x\"\nx\n",
		"l 0777 3 \"a\"\n/tm\n",
	} {
		parent := t.TempDir()
		dir := filepath.Join(parent, "d")
		os.Mkdir(dir, 0o755)
		if err := Write(dir, []byte(b)); err == nil {
			t.Errorf("Write(%q) succeeded", b)
		}
		if names, _ := os.ReadDir(parent); len(names) != 1 {
			t.Errorf("Write(%q) wrote beside its folder: %v", b, names)
		}
		if names, _ := os.ReadDir(dir); len(names) != 0 {
			t.Errorf("Write(%q) wrote %v", b, names)
		}
	}
}
