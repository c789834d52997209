package document

import (
	yaml2 "go.yaml.in/yaml/v2"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// RenderYAML prints a value as `kubectl get -o yaml` does: encoded as JSON
// (keys sorted) and converted by sigs.k8s.io/yaml's JSONToYAML. The
// output depends only on the value. The text is written directly
// (emit.go), byte for byte as JSONToYAML writes it; a value the emitter
// declines (go-yaml would not read its JSON back) goes through
// jsonToYAML, which gives go-yaml's error.
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

// jsonToYAML is sigs.k8s.io/yaml's JSONToYAML(j): go-yaml v2 reads j,
// and what it read is written as its Marshal writes it (emitDecoded), so
// that go-yaml's encoder and emitter stay out of the page's WebAssembly
// (24 kB compressed). TestRenderJSONAsYAMLMatchesJSONToYAML and
// FuzzRenderYAML hold the two equal.
func jsonToYAML(j []byte) (string, error) {
	var o any
	if err := yaml2.Unmarshal(j, &o); err != nil {
		return "", err
	}
	text, ok := emitDecoded(o)
	if !ok {
		return "", &unrenderedError{}
	}
	return text, nil
}

// unrenderedError is a value go-yaml read from JSON that emitDecoded does
// not write: never, for JSON (FuzzRenderYAML).
type unrenderedError struct{}

func (*unrenderedError) Error() string {
	return "applylens cannot write this value as YAML (go-yaml read it from JSON as a type the emitter does not know)"
}
