package mergepatch

import "encoding/json"

// diff is json-patch's getDiff: the merge patch turning a into b. Values
// that differ in kind are replaced whole, objects recurse, lists are
// compared whole, and keys missing from b become nulls. The patch shares
// values with b.
func diff(a, b map[string]any) map[string]any {
	into := map[string]any{}
	for key, bv := range b {
		av, ok := a[key]
		if !ok || kindOf(av) != kindOf(bv) {
			into[key] = bv
			continue
		}
		switch at := av.(type) {
		case map[string]any:
			if d := diff(at, bv.(map[string]any)); len(d) > 0 {
				into[key] = d
			}
		case []any:
			if !equalLists(at, bv.([]any)) {
				into[key] = bv
			}
		case nil:
		default:
			if !equal(av, bv) {
				into[key] = bv
			}
		}
	}
	for key := range a {
		if _, ok := b[key]; !ok {
			into[key] = nil
		}
	}
	return into
}

// equal is json-patch's matchesValue: kinds must agree and numbers are
// compared as float64, so 1, 1.0 and 1e0 are all equal.
func equal(a, b any) bool {
	if kindOf(a) != kindOf(b) {
		return false
	}
	switch at := a.(type) {
	case nil:
		return true
	case bool:
		return at == b.(bool)
	case string:
		return at == b.(string)
	case map[string]any:
		bt := b.(map[string]any)
		if len(at) != len(bt) {
			return false
		}
		for k, bv := range bt {
			av, ok := at[k]
			if !ok || !equal(av, bv) {
				return false
			}
		}
		return true
	case []any:
		return equalLists(at, b.([]any))
	}
	af, aok := float(a)
	bf, bok := float(b)
	return aok && bok && af == bf
}

func equalLists(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// keepNulls mirrors jsonmergepatch's keepOrDeleteNullInObj on a patch that
// has been through encoding/json and back through apimachinery: with keep,
// only the nulls (and the objects leading to them) remain; without, every
// null goes. An explicitly empty object is a value, not an empty patch.
// Numbers come out canonical; the result shares no containers with m.
func keepNulls(m map[string]any, keep bool) (map[string]any, error) {
	out := make(map[string]any)
	for key, val := range m {
		switch t := val.(type) {
		case nil:
			if keep {
				out[key] = nil
			}
		case map[string]any:
			if len(t) == 0 {
				if !keep {
					out[key] = map[string]any{}
				}
				continue
			}
			sub, err := keepNulls(t, keep)
			if err != nil {
				return nil, err
			}
			if len(sub) != 0 {
				out[key] = sub
			}
		default:
			if keep {
				continue
			}
			c, err := canonicalCopy(val)
			if err != nil {
				return nil, err
			}
			out[key] = c
		}
	}
	return out, nil
}

// canonicalCopy deep-copies v with canonical numbers.
func canonicalCopy(v any) (any, error) {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			c, err := canonicalCopy(e)
			if err != nil {
				return nil, err
			}
			out[k] = c
		}
		return out, nil
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			c, err := canonicalCopy(e)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	case nil, bool, string:
		return v, nil
	case int64, float64, json.Number:
		return canonicalNumber(v)
	}
	return nil, &ErrUnknownType{v}
}

// conflicts mirrors mergepatch.HasConflicts on canonical values.
func conflicts(left, right any) (bool, error) {
	switch l := left.(type) {
	case map[string]any:
		r, ok := right.(map[string]any)
		if !ok {
			return true, nil
		}
		for k, lv := range l {
			rv, ok := r[k]
			if !ok {
				continue
			}
			if c, err := conflicts(lv, rv); err != nil || c {
				return c, err
			}
		}
		return false, nil
	case []any:
		r, ok := right.([]any)
		if !ok || len(l) != len(r) {
			return true, nil
		}
		for i := range l {
			if c, err := conflicts(l[i], r[i]); err != nil || c {
				return c, err
			}
		}
		return false, nil
	case nil:
		return right != nil, nil
	case string, bool, int64, float64:
		// reflect.DeepEqual: same dynamic type and ==.
		return left != right, nil
	}
	return true, &ErrUnknownType{left}
}
