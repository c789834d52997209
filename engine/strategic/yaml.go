package strategic

import "sigs.k8s.io/yaml"

// toYAMLOrError mirrors mergepatch.ToYAMLOrError, used in conflict messages.
func toYAMLOrError(v any) string {
	y, err := yaml.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(y)
}
