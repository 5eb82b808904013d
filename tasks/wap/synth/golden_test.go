package synth

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/tasks/wap/source"
)

// writeGolden rewrites testdata/golden.tsv from the generator as it is.
// It is for a change that means to alter the problems, never for a
// restructuring: Generate's lines were made at main 5bfb3a5, before the
// English moved into data files, and General's when the asides of
// temperatures, days to an event, distances and things of the story's
// topic came (data/asides.tsv), with
//
//	go test ./tasks/wap/synth -run TestGolden -write-golden
var writeGolden = flag.Bool("write-golden", false, "rewrite testdata/golden.tsv from the generator as it is")

// goldenFile holds one line per generator and seed: the generator's name,
// the seed, the number of problems and the SHA-256 of the problems as
// hashOf writes them (ID, text, equation, answer, source).
const goldenFile = "testdata/golden.tsv"

// goldenN is the number of problems each golden hash covers.
const goldenN = 20000

// goldenRuns are the generators and seeds the golden hashes cover.
var goldenRuns = []struct {
	name string
	gen  func(int, int64) []source.Problem
	seed int64
}{
	{"Generate", Generate, 1}, {"Generate", Generate, 2}, {"Generate", Generate, 3},
	{"General", General, 1}, {"General", General, 2}, {"General", General, 3},
}

// TestGolden checks that the generators make the same problems, byte for
// byte, as when the hashes were written (see writeGolden) for seeds 1–3.
func TestGolden(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "the golden hashes generate 120,000 problems")
	}
	var lines []string
	for _, r := range goldenRuns {
		lines = append(lines, fmt.Sprintf("%s\t%d\t%d\t%s", r.name, r.seed, goldenN, hashOf(r.gen(goldenN, r.seed))))
	}
	if *writeGolden {
		if err := os.WriteFile(goldenFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readGolden(t)
	if len(want) != len(lines) {
		t.Fatalf("%s has %d lines, want %d", goldenFile, len(want), len(lines))
	}
	for i, got := range lines {
		if got != want[i] {
			t.Errorf("%s line %d: got %q, want %q: the generated problems changed", goldenFile, i+1, got, want[i])
		}
	}
}

// readGolden reads the lines of goldenFile, checking their fields.
func readGolden(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 4 {
			t.Fatalf("%s: %q has %d fields, want 4 (generator, seed, n, hash)", goldenFile, sc.Text(), len(fs))
		}
		if _, err := strconv.Atoi(fs[2]); err != nil {
			t.Fatalf("%s: %q: n is not a number", goldenFile, sc.Text())
		}
		out = append(out, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
