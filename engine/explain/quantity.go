package explain

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// quantityRE is the text form of a Kubernetes resource.Quantity: a decimal
// number with an SI, binary or exponent suffix.
var quantityRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$`)
})

// quantitySuffix is each suffix as a power of ten and a power of 1024.
var quantitySuffix = map[string]struct{ exp10, exp1024 int }{
	"n": {-9, 0}, "u": {-6, 0}, "m": {-3, 0}, "": {0, 0},
	"k": {3, 0}, "M": {6, 0}, "G": {9, 0}, "T": {12, 0}, "P": {15, 0}, "E": {18, 0},
	"Ki": {0, 1}, "Mi": {0, 2}, "Gi": {0, 3}, "Ti": {0, 4}, "Pi": {0, 5}, "Ei": {0, 6},
}

// decimal is an exact value: sign, digits (no leading or trailing zeros)
// times ten to exp. Two values are equal when their fields are.
type decimal struct {
	negative bool
	digits   string
	exp      int
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
func parseQuantity(s string) (decimal, bool) {
	m := quantityRE().FindStringSubmatch(s)
	if m == nil {
		return decimal{}, false
	}
	num, suf := m[1], m[2]
	var d decimal
	switch num[0] {
	case '-':
		d.negative, num = true, num[1:]
	case '+':
		num = num[1:]
	}
	whole, frac, _ := strings.Cut(num, ".")
	digits := []byte(whole + frac)
	d.exp = -len(frac)
	exp1024 := 0
	if q, ok := quantitySuffix[suf]; ok {
		d.exp += q.exp10
		exp1024 = q.exp1024
	} else {
		e, err := strconv.Atoi(suf[1:])
		if err != nil || e > 30 || e < -30 {
			return decimal{}, false
		}
		d.exp += e
	}
	for range exp1024 {
		digits = timesSmall(digits, 1024)
	}
	i := 0
	for i < len(digits) && digits[i] == '0' {
		i++
	}
	digits = digits[i:]
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		d.exp++
	}
	if len(digits) == 0 {
		return decimal{}, true // zero, whatever its sign or exponent
	}
	d.digits = string(digits)
	return d, true
}

// timesSmall multiplies a decimal digit string by a small factor.
func timesSmall(digits []byte, factor int) []byte {
	out := make([]byte, len(digits)+5)
	carry := 0
	j := len(out) - 1
	for i := len(digits) - 1; i >= 0; i-- {
		v := int(digits[i]-'0')*factor + carry
		out[j] = byte('0' + v%10)
		carry = v / 10
		j--
	}
	for carry > 0 {
		out[j] = byte('0' + carry%10)
		carry /= 10
		j--
	}
	for ; j >= 0; j-- {
		out[j] = '0'
	}
	return out
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
	return ok1 && ok2 && fq == lq
}
