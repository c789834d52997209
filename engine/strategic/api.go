package strategic

import (
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema"
)

// CreateThreeWayMergePatch mirrors strategicpatch.CreateThreeWayMergePatch:
// deletions come from original vs modified, additions and changes from
// current vs modified. original may be empty (no deletions).
func CreateThreeWayMergePatch(original, modified, current []byte, s schema.Node, overwrite bool) ([]byte, error) {
	d, err := decodeAll(decodeDoc, original, modified, current)
	if err != nil {
		return nil, err
	}
	patch, err := ThreeWay(d[0], d[1], d[2], s, overwrite)
	if err != nil {
		return nil, err
	}
	return jsonvalue.Encode(patch)
}

// ThreeWay is CreateThreeWayMergePatch on decoded documents. It may modify
// its arguments (apimachinery sorts lists of primitives in place, and the
// result depends on it).
func ThreeWay(original, modified, current map[string]any, s schema.Node, overwrite bool) (map[string]any, error) {
	delta, err := diffMaps(current, modified, s, diffOptions{ignoreDeletions: true, setElementOrder: true})
	if err != nil {
		return nil, err
	}
	deletions, err := diffMaps(original, modified, s, diffOptions{setElementOrder: true, ignoreChangesAndAdditions: true})
	if err != nil {
		return nil, err
	}
	patch, err := mergeMap(deletions, delta, s, mergeOptions{})
	if err != nil {
		return nil, err
	}
	if !overwrite {
		changed, err := diffMaps(original, current, s, diffOptions{})
		if err != nil {
			return nil, err
		}
		conflict, err := fieldsHaveConflicts(patch, changed, s, "", "")
		if err != nil {
			return nil, err
		}
		if conflict {
			return nil, &ErrConflict{Patch: patch, Changed: changed, Fields: conflictFields(nil, patch, changed, s)}
		}
	}
	return patch, nil
}

// CreateTwoWayMergePatch mirrors strategicpatch.CreateTwoWayMergePatch.
func CreateTwoWayMergePatch(original, modified []byte, s schema.Node) ([]byte, error) {
	d, err := decodeAll(decodeDoc, original, modified)
	if err != nil {
		return nil, err
	}
	patch, err := diffMaps(d[0], d[1], s, diffOptions{setElementOrder: true})
	if err != nil {
		return nil, err
	}
	return jsonvalue.Encode(patch)
}

// StrategicMergePatch mirrors strategicpatch.StrategicMergePatch: it applies
// patch to original as the API server does.
func StrategicMergePatch(original, patch []byte, s schema.Node) ([]byte, error) {
	d, err := decodeAll(decodeApplyDoc, original, patch)
	if err != nil {
		return nil, err
	}
	result, err := Apply(d[0], d[1], s)
	if err != nil {
		return nil, err
	}
	return jsonvalue.Encode(result)
}

// Apply is StrategicMergePatch on decoded documents. Both are modified.
func Apply(original, patch map[string]any, s schema.Node) (map[string]any, error) {
	return mergeMap(original, patch, s, mergeOptions{mergeParallelList: true, ignoreUnmatchedNulls: true})
}

// decodeAll decodes each document with decode, in order, and stops at the
// first that fails (the error upstream returns is the first document's).
func decodeAll(decode func([]byte) (map[string]any, error), docs ...[]byte) ([]map[string]any, error) {
	out := make([]map[string]any, len(docs))
	for i, data := range docs {
		m, err := decode(data)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

// decodeDoc decodes as CreateThreeWayMergePatch does: empty input is an
// empty object, "null" a nil one.
func decodeDoc(data []byte) (map[string]any, error) {
	if len(data) == 0 {
		return map[string]any{}, nil
	}
	m, err := jsonvalue.DecodeObject(data)
	if err != nil {
		return nil, ErrBadJSONDoc
	}
	return m, nil
}

// decodeApplyDoc decodes as StrategicMergePatch does: nil input is an empty
// object.
func decodeApplyDoc(data []byte) (map[string]any, error) {
	if data == nil {
		data = []byte("{}")
	}
	m, err := jsonvalue.DecodeObject(data)
	if err != nil {
		return nil, ErrBadJSONDoc
	}
	return m, nil
}
