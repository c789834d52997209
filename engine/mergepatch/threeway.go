package mergepatch

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// ThreeWay is a three-way JSON merge patch with the two halves it is made
// of, for explaining it. The three maps may share values; treat them as
// read-only.
type ThreeWay struct {
	// Deletions holds nulls for the fields that the original
	// configuration has and the modified one does not (or sets to null).
	Deletions map[string]any
	// Changes holds the fields that the modified configuration sets to a
	// value the current object lacks or has differently.
	Changes map[string]any
	// Patch is Changes merged into Deletions: what kubectl sends.
	Patch map[string]any
}

// CreateThreeWay mirrors jsonmergepatch.CreateThreeWayJSONMergePatch: the
// patch, byte for byte, or the same error. An empty document counts as {}.
// kubectl passes RequireKeyUnchanged("apiVersion"),
// RequireKeyUnchanged("kind") and RequireMetadataKeyUnchanged("name").
func CreateThreeWay(original, modified, current []byte, preconditions ...Precondition) ([]byte, error) {
	if len(original) == 0 {
		original = []byte(`{}`)
	}
	if len(modified) == 0 {
		modified = []byte(`{}`)
	}
	if len(current) == 0 {
		current = []byte(`{}`)
	}
	// The checks come in apimachinery's order: current against modified
	// first, then original against modified.
	if err := checkShapes(current, modified); err != nil {
		return nil, err
	}
	cur, err := decodeFloat(current)
	if err != nil {
		return nil, err
	}
	mod, err := decodeFloat(modified)
	if err != nil {
		return nil, err
	}
	if err := checkShapes(original, modified); err != nil {
		return nil, err
	}
	orig, err := decodeFloat(original)
	if err != nil {
		return nil, err
	}
	tw, err := threeWay(orig, mod, cur, preconditions)
	if err != nil {
		return nil, err
	}
	return json.Marshal(tw.Patch)
}

// CreateThreeWayValues is CreateThreeWay on decoded objects; a nil map
// counts as {}. On a failed precondition it returns the patch as well as
// the error. It does not modify its arguments.
func CreateThreeWayValues(original, modified, current map[string]any, preconditions ...Precondition) (*ThreeWay, error) {
	for _, m := range []map[string]any{current, modified, original} {
		if err := validate(m); err != nil {
			return nil, err
		}
	}
	return threeWay(original, modified, current, preconditions)
}

func threeWay(original, modified, current map[string]any, preconditions []Precondition) (*ThreeWay, error) {
	changes, err := keepNulls(diff(current, modified), false)
	if err != nil {
		return nil, err
	}
	deletions, err := keepNulls(diff(original, modified), true)
	if err != nil {
		return nil, err
	}
	tw := &ThreeWay{Deletions: deletions, Changes: changes}
	c, err := conflicts(changes, deletions)
	if err != nil {
		return nil, err
	}
	if c {
		return nil, &ErrConflict{Changes: changes, Deletions: deletions}
	}
	patch := mergeObjects(deletions, changes)
	tw.Patch = patch
	for _, p := range preconditions {
		if !p(patch) {
			return tw, &ErrPreconditionFailed{Patch: patch}
		}
	}
	return tw, nil
}

// checkShapes mirrors the start of json-patch's CreateMergePatch: two JSON
// lists are diffed element by element (and the result, a list, is then
// rejected by apimachinery), a list and a non-list do not match.
func checkShapes(a, b []byte) error {
	la, lb := looksLikeList(a), looksLikeList(b)
	switch {
	case la && lb:
		return listPatchError(a, b)
	case la != lb:
		return ErrMismatchedDocuments
	}
	return nil
}

// looksLikeList is json-patch's resemblesJSONArray.
func looksLikeList(data []byte) bool {
	data = bytes.TrimSpace(data)
	return bytes.HasPrefix(data, []byte("[")) && bytes.HasSuffix(data, []byte("]"))
}

// listPatchError is the error CreateThreeWayJSONMergePatch gives for two
// lists: json-patch's createArrayMergePatch fails on anything but equally
// long lists of objects (or nulls); if it succeeds, its list is not the
// object apimachinery expects.
func listPatchError(a, b []byte) error {
	var as, bs []json.RawMessage
	if json.Unmarshal(a, &as) != nil || json.Unmarshal(b, &bs) != nil || len(as) != len(bs) {
		return ErrBadJSONDoc
	}
	for i := range as {
		if _, err := decodeFloat(as[i]); err != nil {
			return err
		}
		if _, err := decodeFloat(bs[i]); err != nil {
			return err
		}
	}
	return &json.UnmarshalTypeError{Value: "array", Type: reflect.TypeFor[map[string]any](), Offset: 1}
}
