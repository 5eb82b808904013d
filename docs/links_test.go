package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestLinks checks that every relative link of the README and docs/*.md leads
// to a file, and every #anchor to a heading of it.
func TestLinks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages(t, root) {
		src, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(src), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			file := filepath.Join(root, page)
			if path != "" {
				file = filepath.Join(filepath.Dir(file), path)
			}
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s: link %s: %v", page, target, err)
				continue
			}
			if anchor != "" && !headings(t, file)[anchor] {
				t.Errorf("%s: link %s: %s has no heading %q", page, target, path, anchor)
			}
		}
	}
}

// headings returns the anchors of a Markdown file's headings, as GitHub makes
// them: lower case, spaces as hyphens, punctuation dropped.
func headings(t *testing.T, file string) map[string]bool {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	inCode := false
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
		}
		if inCode || !strings.HasPrefix(l, "#") {
			continue
		}
		out[slug(strings.TrimLeft(l, "# "))] = true
	}
	return out
}

func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

func TestSlug(t *testing.T) {
	tests := map[string]string{
		"2026-11-26: WordNet classes of verbs (`--lexicon`)": "2026-11-26-wordnet-classes-of-verbs---lexicon",
		"`wap`: word algebra problems":                       "wap-word-algebra-problems",
		"Sorting: the paper's Table 1":                       "sorting-the-papers-table-1",
	}
	for h, want := range tests {
		if got := slug(h); got != want {
			t.Errorf("slug(%q) = %q, want %q", h, got, want)
		}
	}
}
