package runner

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// unmountBelow detaches the mounts at dir and below it, the deepest
// first, and fails if one cannot be: dir must not then be removed. The
// mounts are read from /proc/self/mountinfo; where it cannot be read,
// there is nothing to do.
func unmountBelow(dir string) error {
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil || !bytes.Contains(b, []byte(mountEscaper.Replace(dir))) {
		return nil
	}
	var points []string
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		if p := unescapeMount(f[4]); p == dir || strings.HasPrefix(p, dir+"/") {
			points = append(points, p)
		}
	}
	slices.SortFunc(points, func(a, b string) int { return len(b) - len(a) })
	for _, p := range points {
		if err := unix.Unmount(p, unix.MNT_DETACH); err != nil && err != unix.EINVAL {
			return fmt.Errorf("%s is mounted in the run directory and cannot be unmounted (%w): the run directory stays", p, err)
		}
	}
	return nil
}

// mountEscaper writes a path as /proc/self/mountinfo does.
var mountEscaper = strings.NewReplacer(`\`, `\134`, " ", `\040`, "\t", `\011`, "\n", `\012`)

// unescapeMount undoes the octal escapes (\040 for a space) of a path in
// /proc/self/mountinfo.
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
