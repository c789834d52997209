package serverside

import (
	"errors"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

// totalAnnotationSizeLimit is apimachinery's TotalAnnotationSizeLimitB.
const totalAnnotationSizeLimit = 256 * (1 << 10)

// annotations reads metadata.annotations as Unstructured.GetAnnotations
// does (kube.Annotations): nil when any value is neither a string nor null.
func annotations(obj map[string]any) map[string]string {
	a, _ := kube.Annotations(obj)
	return a
}

// buildLastApplied is internal.buildLastApplied: the applied object
// without the annotation, encoded as UnstructuredJSONScheme encodes it.
func buildLastApplied(applied map[string]any) (string, error) {
	obj := jsonvalue.CopyObject(applied)
	a := annotations(obj)
	delete(a, LastAppliedAnnotation)
	kube.SetAnnotations(obj, a)
	data, err := jsonvalue.Encode(obj)
	if err != nil {
		return "", err
	}
	return string(data) + "\n", nil
}

// setLastApplied is internal.SetLastApplied: an annotation that would make
// the annotations too big is dropped instead.
func setLastApplied(obj map[string]any, value string) {
	a := annotations(obj)
	if a == nil {
		a = map[string]string{}
	}
	a[LastAppliedAnnotation] = value
	total := 0
	for k, v := range a {
		total += len(k) + len(v)
	}
	if total > totalAnnotationSizeLimit {
		delete(a, LastAppliedAnnotation)
	}
	kube.SetAnnotations(obj, a)
}

// decodeUnstructured decodes an annotation as json.Unmarshal into an
// Unstructured does (the object must name its kind).
func decodeUnstructured(s string) (map[string]any, error) {
	obj, err := jsonvalue.DecodeObject([]byte(s))
	if err != nil {
		return nil, err
	}
	if k, _ := obj["kind"].(string); k == "" {
		return nil, errors.New("Object 'Kind' is missing")
	}
	return obj, nil
}
