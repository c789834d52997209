package mergepatch

// Apply mirrors json-patch v4's MergePatch(current, patch), which both
// `kubectl apply --dry-run=client` and the API server use for merge
// patches: nulls delete, objects merge, anything else (lists included)
// replaces. The result means what json-patch's does when read back with
// apimachinery's number rules; its bytes differ where json-patch copies
// text through verbatim (key order of untouched objects, number spellings
// such as 1e3).
func Apply(current, patch []byte) ([]byte, error) {
	doc, docOK := decodeLenient(current)
	p, patchOK := decodeLenient(patch)
	switch {
	case !docOK:
		return nil, ErrBadJSONDoc
	case !patchOK:
		return nil, ErrBadJSONPatch
	}
	out, err := ApplyValue(doc, p)
	if err != nil {
		return nil, err
	}
	return encode(out)
}

// ApplyValue is Apply on decoded values (nil is JSON null). It does not
// modify its arguments; the result may share values with them.
func ApplyValue(current, patch any) (any, error) {
	if current == nil {
		return nil, ErrBadJSONDoc
	}
	if patch == nil {
		return nil, ErrBadJSONPatch
	}
	doc, docIsObject := current.(map[string]any)
	p, patchIsObject := patch.(map[string]any)
	switch {
	case docIsObject && patchIsObject:
		return mergeObjects(doc, p), nil
	case patchIsObject:
		// A document that is not an object is replaced by the patch.
		return prune(p), nil
	}
	// A list patch replaces any document; any other patch is rejected.
	if l, ok := patch.([]any); ok {
		return prune(l), nil
	}
	return nil, ErrBadJSONPatch
}

// mergeObjects is json-patch's mergeDocs without mergeMerge, copying doc
// where it changes.
func mergeObjects(doc, patch map[string]any) map[string]any {
	out := make(map[string]any, len(doc)+len(patch))
	for k, v := range doc {
		out[k] = v
	}
	for k, v := range patch {
		if v == nil {
			delete(out, k)
			continue
		}
		if cur, ok := out[k]; ok && cur != nil {
			out[k] = mergeValue(cur, v)
		} else {
			out[k] = prune(v)
		}
	}
	return out
}

// mergeValue is json-patch's merge. The asymmetry is json-patch's: a value
// replacing a non-object loses its nested nulls, a non-object replacing an
// object keeps them.
func mergeValue(cur, patch any) any {
	c, ok := cur.(map[string]any)
	if !ok {
		return prune(patch)
	}
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	return mergeObjects(c, p)
}

// prune is json-patch's pruneNulls: null members of objects go, at any
// depth, while null list elements stay.
func prune(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			if e != nil {
				out[k] = prune(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			if e != nil {
				out[i] = prune(e)
			}
		}
		return out
	}
	return v
}
