package document

import (
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// RenderYAML prints a value as `kubectl get -o yaml` does: encoded as JSON
// (keys sorted) and converted by sigs.k8s.io/yaml's JSONToYAML. The
// output depends only on the value. The text is written directly
// (emit.go), byte for byte as JSONToYAML writes it.
func RenderYAML(v any) (string, error) {
	if text, ok := emitYAML(v, nil); ok {
		return text, nil
	}
	return renderJSONToYAML(v)
}

// RenderJSONAsYAML is RenderYAML for a value already encoded as JSON.
func RenderJSONAsYAML(j []byte) (string, error) {
	if v, err := jsonvalue.Decode(j); err == nil && encodes(v, j) {
		if text, ok := emitYAML(v, nil); ok {
			return text, nil
		}
	}
	return jsonToYAML(j)
}

// RenderIndexed is RenderYAML with the index of the text: Span answers as
// LocateValue(text, v) does, without parsing the text.
func RenderIndexed(v any) (string, *Index, error) {
	t := &posTree{}
	if text, ok := emitYAML(v, t); ok {
		return text, &Index{value: v, tree: t}, nil
	}
	text, err := renderJSONToYAML(v)
	if err != nil {
		return "", nil, err
	}
	return text, LocateValue(text, v), nil
}

// RenderJSONIndexed is RenderIndexed for v encoded as j (v is
// jsonvalue.Decode(j)): the text is RenderJSONAsYAML(j).
func RenderJSONIndexed(j []byte, v any) (string, *Index, error) {
	if encodes(v, j) {
		return RenderIndexed(v)
	}
	// j spells something differently from the JSON encoder (1.0 for 1,
	// say), which go-yaml may read differently.
	text, err := jsonToYAML(j)
	if err != nil {
		return "", nil, err
	}
	return text, LocateValue(text, v), nil
}

// renderJSONToYAML is RenderYAML the way kubectl does it.
func renderJSONToYAML(v any) (string, error) {
	j, err := jsonvalue.Encode(v)
	if err != nil {
		return "", err
	}
	return jsonToYAML(j)
}

func jsonToYAML(j []byte) (string, error) {
	y, err := yaml.JSONToYAML(j)
	if err != nil {
		return "", err
	}
	return string(y), nil
}
