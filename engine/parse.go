package engine

import (
	"github.com/applylens/applylens/engine/jsonvalue"
	"sigs.k8s.io/yaml"
)

// TEMPORARY until engine/document lands: parse a pane as kubectl reads a file.
func parseValue(pane, text string) (any, error) {
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		return nil, &InputError{Pane: pane, Message: err.Error()}
	}
	v, err := jsonvalue.Decode(j)
	if err != nil {
		return nil, &InputError{Pane: pane, Message: err.Error()}
	}
	return v, nil
}

func parseObject(pane, text string) (map[string]any, error) {
	v, err := parseValue(pane, text)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, &InputError{Pane: pane, Message: "expected an object"}
	}
	return m, nil
}
