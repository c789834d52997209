package apiserver

import (
	"math/big"
	"strings"
)

// quantitySuffixes are resource.Quantity's suffixes and their factors.
var quantitySuffixes = map[string]*big.Rat{
	"n": big.NewRat(1, 1000000000), "u": big.NewRat(1, 1000000), "m": big.NewRat(1, 1000), "": big.NewRat(1, 1),
	"k": big.NewRat(1000, 1), "M": big.NewRat(1000000, 1), "G": big.NewRat(1000000000, 1),
	"T":  new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(12), nil)),
	"P":  new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(15), nil)),
	"E":  new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil)),
	"Ki": big.NewRat(1<<10, 1), "Mi": big.NewRat(1<<20, 1), "Gi": big.NewRat(1<<30, 1),
	"Ti": big.NewRat(1<<40, 1), "Pi": big.NewRat(1<<50, 1), "Ei": big.NewRat(1<<60, 1),
}

// parseQuantity reads a resource quantity (a string like "500m", "1Gi",
// "1e3", or a JSON number) as an exact number.
func parseQuantity(v any) (*big.Rat, bool) {
	switch t := v.(type) {
	case int64:
		return new(big.Rat).SetInt64(t), true
	case float64:
		r := new(big.Rat)
		if r.SetFloat64(t) == nil {
			return nil, false
		}
		return r, true
	case string:
		s := strings.TrimSpace(t)
		i := len(s)
		for i > 0 && (s[i-1] < '0' || s[i-1] > '9') && s[i-1] != '.' {
			i--
		}
		num, suffix := s[:i], s[i:]
		factor, ok := quantitySuffixes[suffix]
		if !ok {
			// A decimal exponent: "1e3", "2E-3".
			if j := strings.IndexAny(s, "eE"); j > 0 {
				r, ok := new(big.Rat).SetString(s)
				return r, ok
			}
			return nil, false
		}
		if num == "" {
			return nil, false
		}
		r, ok := new(big.Rat).SetString(num)
		if !ok {
			return nil, false
		}
		return r.Mul(r, factor), true
	}
	return nil, false
}
