package reader

import (
	"fmt"
	"strings"
)

// runeRange is a range of characters, both ends included.
type runeRange [2]rune

// formatChars are the invisible format characters that the reader drops
// before anything else (Tokenize and the tokenizer's normalizer alike):
// Unicode's format characters (Cf) of the Basic Multilingual Plane, that
// is the soft hyphen, the Arabic number signs, the zero-width space,
// non-joiner and joiner, the left-to-right and right-to-left marks, the
// bidirectional embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), the word joiner and invisible operators, U+FEFF and the
// interlinear annotation marks. A number wrapped in right-to-left marks,
// as text copied from a right-to-left page has it, reads as the number.
var formatChars = []runeRange{
	{0x00AD, 0x00AD}, {0x0600, 0x0605}, {0x061C, 0x061C}, {0x06DD, 0x06DD}, {0x070F, 0x070F},
	{0x0890, 0x0891}, {0x08E2, 0x08E2}, {0x180E, 0x180E}, {0x200B, 0x200F}, {0x202A, 0x202E},
	{0x2060, 0x2064}, {0x2066, 0x206F}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB},
}

// currencySigns are the currency signs (Unicode's Sc of the Basic
// Multilingual Plane: $ ¢ £ ¥ € ₹ ₩ ₽ ฿ …) that the reader splits off a
// number they are glued to, before it ("€12", and "US$5": up to three
// capitals before the sign) or after it ("12€").
var currencySigns = []runeRange{
	{'$', '$'}, {0x00A2, 0x00A5}, {0x058F, 0x058F}, {0x060B, 0x060B}, {0x07FE, 0x07FF},
	{0x09F2, 0x09F3}, {0x09FB, 0x09FB}, {0x0AF1, 0x0AF1}, {0x0BF9, 0x0BF9}, {0x0E3F, 0x0E3F},
	{0x17DB, 0x17DB}, {0x20A0, 0x20C0}, {0xA838, 0xA838}, {0xFDFC, 0xFDFC}, {0xFE69, 0xFE69},
	{0xFF04, 0xFF04}, {0xFFE0, 0xFFE1}, {0xFFE5, 0xFFE6},
}

// in reports whether r is in one of the ranges.
func in(r rune, ranges []runeRange) bool {
	for _, g := range ranges {
		if g[0] <= r && r <= g[1] {
			return true
		}
	}
	return false
}

// charClass writes the ranges as a character class of the normalizer's
// regular expressions, each character escaped as \uXXXX (a syntax that
// Oniguruma, JavaScript and regexp2 share).
func charClass(ranges []runeRange) string {
	var b strings.Builder
	b.WriteByte('[')
	for _, g := range ranges {
		fmt.Fprintf(&b, `\u%04X`, g[0])
		if g[1] != g[0] {
			fmt.Fprintf(&b, `-\u%04X`, g[1])
		}
	}
	b.WriteByte(']')
	return b.String()
}
