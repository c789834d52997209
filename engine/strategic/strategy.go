package strategic

import (
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema"
)

// Directives of a strategic merge patch.
const (
	directiveMarker  = kube.DirectivePatch
	deleteDirective  = "delete"
	replaceDirective = "replace"
	mergeDirective   = "merge"

	retainKeysStrategy = "retainKeys"

	deleteFromPrimitiveListPrefix = kube.DirectiveDeleteFromPrimitiveList
	retainKeysDirective           = kube.DirectiveRetainKeys
	setElementOrderPrefix         = kube.DirectiveSetElementOrder
)

// splitStrategies mirrors extractRetainKeysPatchStrategy: whether the field
// has retainKeys, and its other strategy ("", "merge" or "replace").
func splitStrategies(strategies []string) (bool, string, error) {
	switch len(strategies) {
	case 0:
		return false, "", nil
	case 1:
		if strategies[0] == retainKeysStrategy {
			return true, "", nil
		}
		return false, strategies[0], nil
	case 2:
		switch {
		case strategies[0] == retainKeysStrategy:
			return true, strategies[1], nil
		case strategies[1] == retainKeysStrategy:
			return true, strategies[0], nil
		}
	}
	return false, "", errUnexpectedStrategy(strategies)
}

func strategyOf(m schema.Meta) (bool, string, error) { return splitStrategies(m.Strategies) }
