package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// countScript is a test that sleeps, then counts the occurrences of word in
// the candidate with shell builtins only (no process but sleep, so the
// sleep dominates each run) and is interesting iff there are at least min.
func countScript(t testing.TB, dir string, sleep time.Duration, word string, atLeast int) string {
	t.Helper()
	return script(t, dir, "count.sh", fmt.Sprintf(`sleep %.3f
n=0
while IFS= read -r l || [ -n "$l" ]; do
  while :; do
    case $l in
    *%[2]s*) n=$((n+1)); l=${l#*%[2]s} ;;
    *) break ;;
    esac
  done
done < "$1"
[ "$n" -ge %d ]`, sleep.Seconds(), word, atLeast))
}

// timedRun runs hdd and returns its wall time and statistics.
func timedRun(t testing.TB, args ...string) (time.Duration, Stats) {
	t.Helper()
	stats := filepath.Join(t.TempDir(), "stats.json")
	start := time.Now()
	r := runHDD(t, append([]string{"-stats-json", stats}, args...)...)
	el := time.Since(start)
	if r.code != 0 {
		t.Fatalf("hdd %s: exit %d:\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	var st Stats
	b, err := os.ReadFile(stats)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return el, st
}

// BenchmarkParallelSpeedup measures how much faster -j 4 runs a reduction
// than -j 1, with the same result, when the test's run time is mostly
// waiting (200 ms of sleep per run, so two cores are plenty). It reports
// the two wall times and the speedup; the issue asks for at least 3.
//
// The input is shaped so the search has work to run in parallel: an array
// of one removable item and 44 items the test needs, reduced with greedy
// (one item at a time, last first) and without hoisting. The first pass
// tests 45 candidates of which only the last succeeds, the second pass 44
// that all fail; -j 4 runs those four at a time. What -j cannot speed up
// are the runs made one at a time: the original twice, the empty file, the
// array emptied, the final confirmation. 94 runs in all, serially about
// 20 s; in parallel about 5 + 45/4 + 44/4 = 28 rounds of 200 ms, so the
// best speedup is about 3.36. Hoisting and shortening are off: they would
// add runs (shortening cuts every "keepNN" down to "keep", five runs each)
// without adding to what the benchmark shows.
//
//	go test ./cmd/hdd -run XXX -bench ParallelSpeedup -benchtime 1x
func BenchmarkParallelSpeedup(b *testing.B) {
	speedup(b, 200*time.Millisecond, 4)
}

// speedup runs BenchmarkParallelSpeedup's reduction, with a test that
// sleeps that long, at -j 1 and -j n, with the extra flags.
func speedup(b *testing.B, sleep time.Duration, n int, flags ...string) {
	dir := b.TempDir()
	const keep = 44
	items := []any{map[string]any{"drop": []int{1, 2, 3}, "note": "not needed"}}
	for i := range keep {
		items = append(items, fmt.Sprintf("keep%02d", i))
	}
	src, _ := json.MarshalIndent(items, "", "  ")
	input := filepath.Join(dir, "in.json")
	if err := os.WriteFile(input, src, 0o644); err != nil {
		b.Fatal(err)
	}
	test := countScript(b, dir, sleep, "keep", keep)
	flags = append(flags, "-minimizer", "greedy", "-no-hoist", "-no-shorten")
	jn := fmt.Sprintf("j%d", n)
	for i := 0; b.Loop(); i++ {
		// Each run writes a new output file: hdd goes on from an existing one.
		out1 := filepath.Join(dir, fmt.Sprintf("out1-%d.json", i))
		el1, st1 := timedRun(b, append(flags, "-j", "1", "-o", out1, test, input)...)
		outN := filepath.Join(dir, fmt.Sprintf("outN-%d.json", i))
		elN, stN := timedRun(b, append(flags, "-j", strconv.Itoa(n), "-o", outN, test, input)...)
		b1, err := os.ReadFile(out1)
		if err != nil {
			b.Fatal(err)
		}
		bN, err := os.ReadFile(outN)
		if err != nil {
			b.Fatal(err)
		}
		if len(bN) > len(b1) {
			b.Fatalf("-j %d gives a larger result than -j 1:\n%s\n---\n%s", n, b1, bN)
		}
		if bytes.Contains(b1, []byte("drop")) || bytes.Count(b1, []byte("keep")) != keep || st1.Tests < 60 {
			b.Fatalf("unexpected result after %d test runs:\n%s", st1.Tests, b1)
		}
		b.ReportMetric(el1.Seconds(), "j1-s")
		b.ReportMetric(elN.Seconds(), jn+"-s")
		b.ReportMetric(el1.Seconds()/elN.Seconds(), "speedup")
		b.ReportMetric(float64(st1.Tests), "j1-tests")
		b.ReportMetric(float64(stN.Tests), jn+"-tests")
	}
}

// TestParallelDeterministic checks that the result does not depend on how
// long each test takes: two runs at -j 4 give the same output, for several
// minimizers, on inputs where the search meets successes and failures at
// every level (nested JSON with two markers far apart, and C); -j 1 gives
// the serial search's result, and -j 4 one as small, here. The test runs
// may differ: where tests end at different times (on a loaded machine,
// say), idle jobs are refilled and tests passed by are stopped (README,
// "Parallel tests"), which changes which tests run, never the walk.
func TestParallelDeterministic(t *testing.T) {
	dir := t.TempDir()
	jsonIn := filepath.Join(dir, "users.json")
	if err := os.WriteFile(jsonIn, nestedUsers(), 0o644); err != nil {
		t.Fatal(err)
	}
	jsonTest := script(t, dir, "json.sh", `a= b=
while IFS= read -r l || [ -n "$l" ]; do
  case $l in *needle_one*) a=1 ;; esac
  case $l in *needle_two*) b=1 ;; esac
done < "$1"
[ -n "$a" ] && [ -n "$b" ]`)
	cIn := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(cIn, cProgram(), 0o644); err != nil {
		t.Fatal(err)
	}
	cTest := script(t, dir, "c.sh", `a= b=
while IFS= read -r l || [ -n "$l" ]; do
  case $l in *needle_one*) a=1 ;; esac
  case $l in *needle_two*) b=1 ;; esac
done < "$1"
[ -n "$a" ] && [ -n "$b" ]`)

	for _, in := range []struct{ name, input, test string }{{"json", jsonIn, jsonTest}, {"c", cIn, cTest}} {
		for _, m := range []string{"ddmin", "greedy"} {
			t.Run(in.name+"/"+m, func(t *testing.T) {
				t.Parallel()
				outs, tests := map[string][]byte{}, map[string]int{}
				for _, j := range []string{"1", "4", "4 again"} {
					jobs, _, _ := strings.Cut(j, " ")
					out := filepath.Join(dir, in.name+"."+m+".j"+strings.ReplaceAll(j, " ", "")+filepath.Ext(in.input))
					el, st := timedRun(t, "-minimizer", m, "-j", jobs, "-o", out, in.test, in.input)
					b, err := os.ReadFile(out)
					if err != nil {
						t.Fatal(err)
					}
					if !accepts(t, in.test, out) {
						t.Errorf("-j %s: the test rejects the result:\n%s", j, b)
					}
					outs[j], tests[j] = b, st.Tests
					t.Logf("-j %s: %d -> %d bytes, %d test runs, %d cache hits, %d rejected, %v",
						j, st.BytesBefore, st.BytesAfter, st.Tests, st.CacheHits, st.Rejected, el.Round(time.Millisecond))
				}
				if !bytes.Equal(outs["4"], outs["4 again"]) {
					t.Errorf("two runs at -j 4 differ: %d and %d test runs\n%s\n---\n%s", tests["4"], tests["4 again"], outs["4"], outs["4 again"])
				}
				if len(outs["4"]) > len(outs["1"]) {
					t.Errorf("-j 4 gives a larger result than -j 1:\n%s\n---\n%s", outs["1"], outs["4"])
				}
			})
		}
	}
}

// nestedUsers is a JSON document of 24 users with nested profiles; one
// marker is a value deep in user 5, the other a key in user 18.
func nestedUsers() []byte {
	var users []any
	for i := range 24 {
		u := map[string]any{
			"id":    i,
			"name":  fmt.Sprintf("user %d", i),
			"roles": []any{"dev", fmt.Sprintf("team%d", i%4)},
			"profile": map[string]any{
				"theme": map[string]any{"colors": []any{"red", "green", fmt.Sprintf("c%d", i)}, "dark": i%2 == 0},
				"langs": []any{"en", "fr"},
			},
			"address": map[string]any{"city": fmt.Sprintf("city%d", i), "zip": 10000 + i},
		}
		switch i {
		case 5:
			u["profile"].(map[string]any)["theme"].(map[string]any)["colors"] = []any{"red", "needle_one", "blue"}
		case 18:
			u["address"].(map[string]any)["needle_two"] = []any{1, 2}
		}
		users = append(users, u)
	}
	b, err := json.MarshalIndent(map[string]any{"users": users, "version": 2}, "", "  ")
	if err != nil {
		panic(err)
	}
	return b
}

// cProgram is a C file of a dozen functions; one marker is a string deep in
// the control flow of f3, the other the name of a global used by f9.
func cProgram() []byte {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n\nint needle_two = 4;\n\n")
	for i := range 12 {
		fmt.Fprintf(&b, "static int f%d(int a, int b) {\n  int x = a + %d;\n  if (x > b) {\n    x = x * 2 - b;\n  } else {\n    x += b;\n  }\n", i, i)
		if i == 3 {
			b.WriteString("  for (int k = 0; k < a; k++) {\n    if (k % 3 == 0) {\n      puts(\"needle_one\");\n    }\n  }\n")
		} else {
			b.WriteString("  for (int k = 0; k < a; k++) {\n    x ^= k;\n  }\n")
		}
		if i == 9 {
			b.WriteString("  x += needle_two;\n")
		}
		b.WriteString("  while (x > 100) x /= 3;\n  return x;\n}\n\n")
	}
	b.WriteString("int main(void) {\n  return f3(1, 2) + f9(3, 4);\n}\n")
	return []byte(b.String())
}
