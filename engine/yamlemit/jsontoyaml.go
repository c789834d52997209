package yamlemit

import yaml2 "go.yaml.in/yaml/v2"

// JSONToYAML is sigs.k8s.io/yaml's JSONToYAML(j): go-yaml v2 reads j,
// and what it read is written as its Marshal writes it (emitDecoded), so
// that go-yaml's encoder and emitter stay out of the page's WebAssembly
// (24 kB compressed). TestRenderJSONAsYAMLMatchesJSONToYAML and
// FuzzRenderYAML hold the two equal.
func JSONToYAML(j []byte) (string, error) {
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
