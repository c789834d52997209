package document

import (
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/yamlemit"
	"github.com/applylens/applylens/engine/yamlpos"
)

// RenderYAML prints a value as `kubectl get -o yaml` does: encoded as JSON
// (keys sorted) and converted by sigs.k8s.io/yaml's JSONToYAML. The
// output depends only on the value. The text is written directly
// (engine/yamlemit), byte for byte as JSONToYAML writes it; a value the emitter
// declines (go-yaml would not read its JSON back) goes through
// yamlemit.JSONToYAML, which gives go-yaml's error.
func RenderYAML(v any) (string, error) {
	if text, ok := yamlemit.Emit(v, nil); ok {
		return text, nil
	}
	return renderJSONToYAML(v)
}

// RenderJSONAsYAML is RenderYAML for a value already encoded as JSON.
func RenderJSONAsYAML(j []byte) (string, error) {
	if v, err := jsonvalue.Decode(j); err == nil && yamlemit.Encodes(v, j) {
		if text, ok := yamlemit.Emit(v, nil); ok {
			return text, nil
		}
	}
	return yamlemit.JSONToYAML(j)
}

// RenderIndexed is RenderYAML with the index of the text: Span answers as
// LocateValue(text, v) does, without parsing the text.
func RenderIndexed(v any) (string, *Index, error) {
	t := &yamlpos.Tree{}
	if text, ok := yamlemit.Emit(v, t); ok {
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
	if yamlemit.Encodes(v, j) {
		return RenderIndexed(v)
	}
	// j spells something differently from the JSON encoder (1.0 for 1,
	// say), which go-yaml may read differently.
	text, err := yamlemit.JSONToYAML(j)
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
	return yamlemit.JSONToYAML(j)
}
