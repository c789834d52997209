package document

import (
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// RenderYAML prints a value as `kubectl get -o yaml` does: encoded as JSON
// (keys sorted) and converted by sigs.k8s.io/yaml's JSONToYAML. The
// output depends only on the value.
func RenderYAML(v any) (string, error) {
	j, err := jsonvalue.Encode(v)
	if err != nil {
		return "", err
	}
	return RenderJSONAsYAML(j)
}

// RenderJSONAsYAML is RenderYAML for a value already encoded as JSON.
func RenderJSONAsYAML(j []byte) (string, error) {
	y, err := yaml.JSONToYAML(j)
	if err != nil {
		return "", err
	}
	return string(y), nil
}
