package fieldpath

// Lookup is the value at the parsed path segs in v, a decoded object:
// keys step into maps, indexes and selectors into lists (a selector picks
// the first element whose field matches, as MatchValue reads it).
func Lookup(v any, segs []Segment) (any, bool) {
	for _, s := range segs {
		switch s.Kind {
		case SegKey:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[s.Key]; !ok {
				return nil, false
			}
		case SegIndex:
			l, ok := v.([]any)
			if !ok || s.Index < 0 || s.Index >= len(l) {
				return nil, false
			}
			v = l[s.Index]
		default:
			l, ok := v.([]any)
			if !ok {
				return nil, false
			}
			i := SelectIndex(l, s.Key, s.Value)
			if i < 0 {
				return nil, false
			}
			v = l[i]
		}
	}
	return v, true
}

// LookupPath is Lookup of a path text; false when the text is no path.
func LookupPath(v any, path string) (any, bool) {
	segs, err := Parse(path)
	if err != nil {
		return nil, false
	}
	return Lookup(v, segs)
}

// SelectIndex is the index of the first element of l that is a map whose
// field key matches the selector value raw, or -1.
func SelectIndex(l []any, key, raw string) int {
	for i, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if kv, has := m[key]; has && MatchValue(kv, raw) {
			return i
		}
	}
	return -1
}

// Element is the path of element i of the list at path list, el its
// value: by the value of its field key when the list is merged by that key
// (key not "") and el has it as a scalar, else by position.
func Element(list string, i int, el any, key string) string {
	if key != "" {
		if m, ok := el.(map[string]any); ok {
			switch v := m[key].(type) {
			case string, int64, float64, bool:
				return Selector(list, key, v)
			}
		}
	}
	return Index(list, i)
}
