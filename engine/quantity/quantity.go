// Package quantity reads and writes resource quantities ("500m", "1Gi",
// "1e3") as k8s.io/apimachinery's resource.Quantity does, without linking
// it (the engine runs in WebAssembly, where no k8s.io module may go).
//
// The API server decodes every field of type resource.Quantity with
// ParseQuantity and encodes it with MarshalJSON, so what it stores is
// Parse(s).String(): a canonical spelling ("0.5" becomes "500m", "1000m"
// becomes "1"), or the text as written when ParseQuantity found it
// canonical enough to keep ("+1", "10e3"), rounded up to a nano-unit, and
// refused with ParseQuantity's own errors. The tests compare all of this
// with resource.Quantity on generated spellings.
package quantity

import (
	"errors"
	"math/big"
	"strconv"
	"strings"
)

// The errors of resource.ParseQuantity, word for word.
var (
	ErrFormatWrong = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	ErrNumeric     = errors.New("unable to parse numeric part of quantity")
	ErrSuffix      = errors.New("unable to parse quantity's suffix")
)

// Format is how a quantity is written: resource.Format.
type Format int8

const (
	DecimalExponent Format = iota // 1e3
	BinarySI                      // 1Ki
	DecimalSI                     // 1k
)

// Quantity is an exact value, unscaled × 10^scale, with the format of its
// suffix and, as resource.Quantity caches it, the text it is written as
// when that was kept at parsing.
type Quantity struct {
	unscaled *big.Int
	scale    int32
	format   Format
	s        string
	// small marks the value resource.Quantity holds in an int64Amount
	// (its fast path); RoundUp treats it differently.
	small bool
}

const nano = -9

var (
	bigTen     = big.NewInt(10)
	big1024    = big.NewInt(1024)
	maxAllowed = big.NewInt(1<<63 - 1)
)

// decSuffixes and binSuffixes are resource's suffix tables: base-10
// exponents, and base-2 exponents.
var (
	decSuffixes = map[string]int32{"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
	binSuffixes = map[string]int32{"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
)

// Parse is resource.ParseQuantity.
func Parse(str string) (Quantity, error) {
	if len(str) == 0 {
		return Quantity{}, ErrFormatWrong
	}
	if str == "0" {
		return Quantity{unscaled: new(big.Int), format: DecimalSI, s: str, small: true}, nil
	}
	positive, value, num, denom, suf, err := split(str)
	if err != nil {
		return Quantity{}, err
	}
	base, exponent, format, ok := interpret(suf)
	if !ok {
		return Quantity{}, ErrSuffix
	}

	precision := int32(0)
	scale := int32(0)
	mantissa := int64(1)
	switch format {
	case DecimalExponent, DecimalSI:
		scale = exponent
		precision = 18 - int32(len(num)+len(denom))
	case BinarySI:
		if exponent >= 0 && len(denom) == 0 {
			mantissa = mantissa << uint64(exponent)
			precision = 15 - int32(len(num)) - int32(float32(exponent)*3/10) - 1
		} else {
			precision = -1
		}
	}
	if precision >= 0 {
		scale -= int32(len(denom))
		if scale >= nano {
			shifted := num + denom
			v, err := strconv.ParseInt(shifted, 10, 64)
			if err != nil {
				return Quantity{}, ErrNumeric
			}
			if result, ok := mul64(v, mantissa); ok {
				if !positive {
					result = -result
				}
				q := Quantity{unscaled: big.NewInt(result), scale: scale, format: format, small: true}
				switch format {
				case BinarySI:
					if exponent%10 == 0 && v&0x07 != 0 {
						q.s = str
					}
				default:
					if scale%3 == 0 && !strings.HasSuffix(shifted, "000") && shifted[0] != '0' {
						q.s = str
					}
				}
				return q, nil
			}
		}
	}

	// The slow path: an exact decimal (inf.Dec's SetString on value).
	unscaled, dscale, ok := parseDecimal(value)
	if !ok {
		return Quantity{}, ErrNumeric
	}
	if base == 10 {
		dscale -= exponent // value × 10^exponent
	} else {
		unscaled.Lsh(unscaled, uint(exponent))
	}
	negative := unscaled.Sign() < 0
	unscaled.Abs(unscaled)
	if unscaled.Sign() != 0 {
		unscaled, dscale = roundUp(unscaled, dscale, -nano)
	}
	q := Quantity{unscaled: unscaled, scale: -dscale, format: format}
	if format == BinarySI && q.cmpInt(maxAllowed) > 0 {
		q.unscaled, q.scale = new(big.Int).Set(maxAllowed), 0
	}
	if format == BinarySI && q.cmpInt(big.NewInt(1)) < 0 && q.unscaled.Sign() > 0 {
		q.format = DecimalSI
	}
	if negative {
		q.unscaled.Neg(q.unscaled)
	}
	return q, nil
}

// split is resource's parseQuantityString.
func split(str string) (positive bool, value, num, denom, suffix string, err error) {
	positive = true
	pos := 0
	end := len(str)
	if pos < end {
		switch str[0] {
		case '-':
			positive = false
			pos++
		case '+':
			pos++
		}
	}
	for i := pos; ; i++ { // leading zeros
		if i >= end {
			return positive, "0", "0", "", "", nil
		}
		if str[i] != '0' {
			break
		}
		pos++
	}
	for i := pos; ; i++ { // the numerator
		if i >= end {
			return positive, str, str[pos:end], "", "", nil
		}
		if !isDigit(str[i]) {
			num = str[pos:i]
			pos = i
			break
		}
	}
	if num == "" {
		num = "0"
	}
	if pos < end && str[pos] == '.' {
		pos++
		for i := pos; ; i++ {
			if i >= end {
				return positive, str, num, str[pos:end], "", nil
			}
			if !isDigit(str[i]) {
				denom = str[pos:i]
				pos = i
				break
			}
		}
	}
	value = str[:pos]
	suffixStart := pos
	for i := pos; ; i++ {
		if i >= end {
			return positive, value, num, denom, str[suffixStart:end], nil
		}
		if !strings.ContainsAny(str[i:i+1], "eEinumkKMGTP") {
			pos = i
			break
		}
	}
	if pos < end && (str[pos] == '-' || str[pos] == '+') {
		pos++
	}
	for i := pos; ; i++ {
		if i >= end {
			return positive, value, num, denom, str[suffixStart:end], nil
		}
		if !isDigit(str[i]) {
			break
		}
	}
	return positive, value, num, denom, "", ErrFormatWrong
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// interpret is resource's suffixHandler.interpret.
func interpret(suffix string) (base, exponent int32, format Format, ok bool) {
	if e, ok := decSuffixes[suffix]; ok {
		return 10, e, DecimalSI, true
	}
	if e, ok := binSuffixes[suffix]; ok {
		return 2, e, BinarySI, true
	}
	if len(suffix) > 1 && (suffix[0] == 'E' || suffix[0] == 'e') {
		parsed, err := strconv.ParseInt(suffix[1:], 10, 64)
		if err != nil {
			return 0, 0, DecimalExponent, false
		}
		return 10, int32(parsed), DecimalExponent, true
	}
	return 0, 0, DecimalExponent, false
}

// mul64 is a × b, or false on overflow (resource's int64Multiply).
func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 || a == 1 || b == 1 {
		return a * b, true
	}
	if a == -1<<63 || b == -1<<63 {
		return 0, false
	}
	c := a * b
	return c, c/b == a
}

// parseDecimal is inf.Dec's SetString of a decimal without exponent:
// the unscaled integer and the scale (digits after the point).
func parseDecimal(s string) (*big.Int, int32, bool) {
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	digits := whole + frac
	if digits == "" {
		return nil, 0, false
	}
	for i := 0; i < len(digits); i++ {
		if !isDigit(digits[i]) {
			return nil, 0, false
		}
	}
	n, ok := new(big.Int).SetString(digits, 10)
	if !ok {
		return nil, 0, false
	}
	if neg {
		n.Neg(n)
	}
	return n, int32(len(frac)), true
}

// roundUp rounds the non-negative unscaled × 10^-scale away from zero to
// at most maxScale digits after the point (inf.Dec's Round with RoundUp).
func roundUp(unscaled *big.Int, scale, maxScale int32) (*big.Int, int32) {
	if scale <= maxScale || unscaled.Sign() == 0 {
		return unscaled, scale
	}
	drop := int64(scale) - int64(maxScale)
	if drop > int64(len(unscaled.String())) {
		// Smaller than one unit of the target scale: one unit.
		return big.NewInt(1), maxScale
	}
	div := new(big.Int).Exp(bigTen, big.NewInt(drop), nil)
	q, r := new(big.Int).QuoRem(unscaled, div, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q, maxScale
}

// cmpInt compares q with the integer n.
func (q Quantity) cmpInt(n *big.Int) int {
	a, b := new(big.Int).Set(q.unscaled), new(big.Int).Set(n)
	if q.scale >= 0 {
		a.Mul(a, pow10(q.scale))
	} else {
		b.Mul(b, pow10(-q.scale))
	}
	return a.Cmp(b)
}

func pow10(n int32) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }

// RoundUp is resource.Quantity's RoundUp(scale): the value rounded away
// from zero to 10^scale, the kept text dropped when that may change it.
// The server's defaulting does it to every ResourceList with scale -3.
func (q *Quantity) RoundUp(scale int32) {
	if q.small && q.scale >= scale {
		return
	}
	q.s = ""
	if q.scale >= scale {
		return
	}
	neg := q.unscaled.Sign() < 0
	u, _ := roundUp(new(big.Int).Abs(q.unscaled), -q.scale, -scale)
	if neg {
		u.Neg(u)
	}
	q.unscaled, q.scale = u, scale
}

// String is what resource.Quantity's MarshalJSON writes (without the
// quotes): the kept text, or the canonical spelling.
func (q Quantity) String() string {
	if q.s != "" {
		return q.s
	}
	if q.unscaled.Sign() == 0 {
		return "0"
	}
	format := q.format
	if format == BinarySI {
		abs := new(big.Int).Abs(q.unscaled)
		if q.cmpAbsLess1024(abs) {
			format = DecimalSI
		} else if !q.isInteger() {
			format = DecimalSI
		}
	}
	if format == BinarySI {
		v := q.integer()
		exp := int32(0)
		r := new(big.Int)
		for {
			qq, rr := new(big.Int).QuoRem(v, big1024, r)
			if rr.Sign() != 0 {
				break
			}
			v, exp = qq, exp+1
		}
		suffix := ""
		for s, e := range binSuffixes {
			if e == exp*10 {
				suffix = s
			}
		}
		return v.String() + suffix
	}
	// Decimal: all factors of ten into the exponent, then the exponent
	// down to a multiple of three.
	v := new(big.Int).Set(q.unscaled)
	exp := q.scale
	r := new(big.Int)
	for {
		qq, rr := new(big.Int).QuoRem(v, bigTen, r)
		if rr.Sign() != 0 {
			break
		}
		v, exp = qq, exp+1
	}
	for exp%3 != 0 {
		v.Mul(v, bigTen)
		exp--
	}
	if format == DecimalExponent {
		if exp == 0 {
			return v.String()
		}
		return v.String() + "e" + strconv.Itoa(int(exp))
	}
	for s, e := range decSuffixes {
		if e == exp {
			return v.String() + s
		}
	}
	// Beyond the SI suffixes resource's constructBytes fails and
	// MarshalJSON writes the number alone.
	return v.String()
}

// cmpAbsLess1024 reports |q| < 1024.
func (q Quantity) cmpAbsLess1024(abs *big.Int) bool {
	return Quantity{unscaled: abs, scale: q.scale}.cmpInt(big1024) < 0
}

func (q Quantity) isInteger() bool {
	if q.scale >= 0 {
		return true
	}
	_, r := new(big.Int).QuoRem(q.unscaled, pow10(-q.scale), new(big.Int))
	return r.Sign() == 0
}

// integer is the value of an integer quantity.
func (q Quantity) integer() *big.Int {
	if q.scale >= 0 {
		return new(big.Int).Mul(q.unscaled, pow10(q.scale))
	}
	return new(big.Int).Quo(q.unscaled, pow10(-q.scale))
}
