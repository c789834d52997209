package kube

// LastAppliedAnnotation is the annotation kubectl's client-side apply
// keeps the applied file in (v1.LastAppliedConfigAnnotation).
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// Annotations reads metadata.annotations as Unstructured.GetAnnotations
// does (apimachinery's NestedNullCoercingStringMap): a null value reads as
// "", and false means the object gives none (a value that is neither a
// string nor null, or something not a map on the way). Missing or null
// annotations are nil and true.
func Annotations(obj map[string]any) (map[string]string, bool) {
	var cur any = obj
	for _, f := range [...]string{"metadata", "annotations"} {
		if cur == nil {
			return nil, true
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[f]; !ok {
			return nil, true
		}
	}
	if cur == nil {
		return nil, true
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, false
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		switch t := v.(type) {
		case string:
			out[k] = t
		case nil:
			out[k] = ""
		default:
			return nil, false
		}
	}
	return out, true
}

// SetAnnotations writes metadata.annotations as Unstructured.SetAnnotations
// does: nil removes the field; a metadata that is there but not a map is
// left alone (SetNestedField fails on it, and the caller ignores that),
// and a missing one is made.
func SetAnnotations(obj map[string]any, annots map[string]string) {
	md, ok := obj["metadata"].(map[string]any)
	if annots == nil {
		if ok {
			delete(md, "annotations")
		}
		return
	}
	if !ok {
		if _, exists := obj["metadata"]; exists {
			return
		}
		md = map[string]any{}
		obj["metadata"] = md
	}
	m := make(map[string]any, len(annots))
	for k, v := range annots {
		m[k] = v
	}
	md["annotations"] = m
}

// LastApplied reads the last-applied annotation of obj as kubectl's
// GetOriginalConfiguration does (k8s.io/kubectl/pkg/util/apply.go): the
// annotation's text and true when it is there (a null value reads as ""),
// false when it is not or the annotations cannot be read as strings.
func LastApplied(obj map[string]any) (string, bool) {
	annots, _ := Annotations(obj)
	text, ok := annots[LastAppliedAnnotation]
	return text, ok
}

// ShallowWithMetadata copies obj and its metadata map, enough to change
// annotations (or other metadata fields) without touching the caller's
// object.
func ShallowWithMetadata(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		out[k] = v
	}
	if md, ok := obj["metadata"].(map[string]any); ok {
		cp := make(map[string]any, len(md))
		for k, v := range md {
			cp[k] = v
		}
		out["metadata"] = cp
	}
	return out
}
