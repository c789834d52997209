package strategic

import "github.com/applylens/applylens/engine/document"

// toYAMLOrError mirrors mergepatch.ToYAMLOrError, used in conflict
// messages: sigs.k8s.io/yaml's Marshal, which for decoded JSON values
// writes what document.RenderYAML writes (its tests hold the two equal),
// without linking go-yaml's encoder into the page.
func toYAMLOrError(v any) string {
	y, err := document.RenderYAML(v)
	if err != nil {
		return err.Error()
	}
	return y
}
