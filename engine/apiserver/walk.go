package apiserver

// unset reports whether a field reads as not set to Go's typed decoding:
// absent, null, or, when the Go field is a plain value (not a pointer) and
// so cannot tell zero from unset, the zero value of its type.
func unset(m map[string]any, key string, zeroIsUnset bool) bool {
	v, ok := m[key]
	if !ok || v == nil {
		return true
	}
	if !zeroIsUnset {
		return false
	}
	switch t := v.(type) {
	case string:
		return t == ""
	case int64:
		return t == 0
	case float64:
		return t == 0
	case bool:
		return !t
	}
	return false
}

// setValue sets m[key] to v when the Go field (a plain string, integer or
// bool) is empty or zero.
func setValue(m map[string]any, key string, v any) {
	if unset(m, key, true) {
		m[key] = v
	}
}

// setPointer sets m[key] to v when the Go field (a pointer) is nil.
func setPointer(m map[string]any, key string, v any) {
	if unset(m, key, false) {
		m[key] = v
	}
}

// ensureObject returns the map at m[key], storing an empty one when the
// field is absent or null.
func ensureObject(m map[string]any, key string) map[string]any {
	if o, ok := m[key].(map[string]any); ok {
		return o
	}
	o := map[string]any{}
	m[key] = o
	return o
}

// objectAt returns m[key] as a map, or nil.
func objectAt(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		if m == nil {
			return nil
		}
		m, _ = m[k].(map[string]any)
	}
	return m
}

// listAt returns m[key] as a list, or nil.
func listAt(m map[string]any, key string) []any {
	l, _ := m[key].([]any)
	return l
}

// stringAt returns m[key] as a string, or "".
func stringAt(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

// intAt returns m[key] as an integer, and whether it is one.
func intAt(m map[string]any, key string) (int64, bool) {
	switch t := m[key].(type) {
	case int64:
		return t, true
	case float64:
		if t == float64(int64(t)) {
			return int64(t), true
		}
	}
	return 0, false
}

// eachObject calls f for every map element of the list at m[key].
func eachObject(m map[string]any, key string, f func(e map[string]any)) {
	for _, e := range listAt(m, key) {
		if em, ok := e.(map[string]any); ok {
			f(em)
		}
	}
}
