package quote

import (
	"strings"
	"testing"
)

func TestShort(t *testing.T) {
	tests := []struct{ in, want string }{
		{"mp3", `"mp3"`},
		{strings.Repeat("ab", 20), `"` + strings.Repeat("ab", 20) + `"`},
		{strings.Repeat("x", 8<<20), `"` + strings.Repeat("x", 40) + `…"`},
		{strings.Repeat("é", 50), `"` + strings.Repeat("é", 40) + `…"`},
		{"a\nb", `"a\nb"`},
	}
	for _, tc := range tests {
		if got := Short(tc.in); got != tc.want {
			t.Errorf("Short(%.20q…) = %.60s, want %.60s", tc.in, got, tc.want)
		}
	}
}
