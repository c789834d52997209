package schema

import (
	"strings"
	"unicode/utf8"
)

// Runes that fold to ASCII letters: forkedjson accepts them in a key where
// the field name has k/K or s/S.
const (
	kelvin = '\u212a' // KELVIN SIGN, folds to k
	longS  = '\u017f' // LATIN SMALL LETTER LONG S, folds to s
)

// foldMatch reports whether the document key selects the field named name
// under forkedjson's case-insensitive rule (its foldFunc family).
//
// The rule is not symmetric. For an ASCII name, forkedjson's three
// specialised functions agree with one rule: each byte of name must equal
// the key's byte, or be the same ASCII letter in another case, or be k/K
// (s/S) facing a Kelvin sign (long s) in the key. A name with other bytes
// is compared with full simple Unicode folding.
func foldMatch(name, key string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return strings.EqualFold(name, key)
		}
	}
	j := 0
	for i := 0; i < len(name); i++ {
		if j >= len(key) {
			return false
		}
		nb, kb := name[i], key[j]
		if kb < utf8.RuneSelf {
			if nb != kb && !(isASCIILetter(nb) && nb|0x20 == kb|0x20) {
				return false
			}
			j++
			continue
		}
		r, size := utf8.DecodeRuneInString(key[j:])
		switch nb | 0x20 {
		case 'k':
			if r != kelvin {
				return false
			}
		case 's':
			if r != longS {
				return false
			}
		default:
			return false
		}
		j += size
	}
	return j == len(key)
}

func isASCIILetter(b byte) bool {
	return 'a' <= b|0x20 && b|0x20 <= 'z'
}
