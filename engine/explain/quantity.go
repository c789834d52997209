package explain

import (
	"math/big"
	"regexp"
	"strconv"
)

// quantityRE is the text form of a Kubernetes resource.Quantity: a decimal
// number with an SI, binary or exponent suffix.
var quantityRE = regexp.MustCompile(`^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$`)

var quantitySuffix = map[string]*big.Rat{
	"n": big.NewRat(1, 1_000_000_000), "u": big.NewRat(1, 1_000_000), "m": big.NewRat(1, 1000), "": big.NewRat(1, 1),
	"k": big.NewRat(1_000, 1), "M": big.NewRat(1_000_000, 1), "G": big.NewRat(1_000_000_000, 1),
	"T": new(big.Rat).SetInt64(1_000_000_000_000), "P": new(big.Rat).SetInt64(1_000_000_000_000_000),
	"E":  new(big.Rat).SetInt64(1_000_000_000_000_000_000),
	"Ki": new(big.Rat).SetInt64(1 << 10), "Mi": new(big.Rat).SetInt64(1 << 20), "Gi": new(big.Rat).SetInt64(1 << 30),
	"Ti": new(big.Rat).SetInt64(1 << 40), "Pi": new(big.Rat).SetInt64(1 << 50), "Ei": new(big.Rat).SetInt64(1 << 60),
}

// quantityText is the text a JSON value carries as a quantity: numbers are
// sent as JSON numbers and read back by the server as quantities.
func quantityText(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case int64:
		return strconv.FormatInt(t, 10), true
	case float64:
		return strconv.FormatFloat(t, 'g', -1, 64), true
	}
	return "", false
}

// parseQuantity returns the exact value of a quantity text.
func parseQuantity(s string) (*big.Rat, bool) {
	m := quantityRE.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	n, ok := new(big.Rat).SetString(m[1])
	if !ok {
		return nil, false
	}
	suf := m[2]
	if len(suf) > 1 && (suf[0] == 'e' || suf[0] == 'E') {
		exp, err := strconv.Atoi(suf[1:])
		if err != nil || exp > 30 || exp < -30 {
			return nil, false
		}
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil)
		f := new(big.Rat).SetInt(p)
		if exp < 0 {
			f.Inv(f)
		}
		return n.Mul(n, f), true
	}
	return n.Mul(n, quantitySuffix[suf]), true
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// sameQuantity reports two values that spell one quantity differently:
// the server stores its own spelling, so the file never matches it.
func sameQuantity(file, live any) bool {
	ft, ok1 := quantityText(file)
	lt, ok2 := quantityText(live)
	if !ok1 || !ok2 {
		return false
	}
	if ft == lt {
		if _, isString := file.(string); isString {
			return false
		}
		if _, isString := live.(string); !isString {
			return false
		}
	}
	fq, ok1 := parseQuantity(ft)
	lq, ok2 := parseQuantity(lt)
	return ok1 && ok2 && fq.Cmp(lq) == 0
}
