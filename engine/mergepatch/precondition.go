package mergepatch

// Precondition reports whether a computed patch is acceptable, like
// apimachinery's mergepatch.PreconditionFunc.
type Precondition func(patch map[string]any) bool

// RequireKeyUnchanged fails a patch that sets or clears key: its presence
// in the patch means its value changed.
func RequireKeyUnchanged(key string) Precondition {
	return func(patch map[string]any) bool {
		_, ok := patch[key]
		return !ok
	}
}

// RequireMetadataKeyUnchanged fails a patch that sets or clears
// metadata.key.
func RequireMetadataKeyUnchanged(key string) Precondition {
	return func(patch map[string]any) bool {
		md, ok := patch["metadata"].(map[string]any)
		if !ok {
			return true
		}
		_, ok = md[key]
		return !ok
	}
}

// KubectlPreconditions are the ones kubectl apply passes for custom
// resources.
func KubectlPreconditions() []Precondition {
	return []Precondition{
		RequireKeyUnchanged("apiVersion"),
		RequireKeyUnchanged("kind"),
		RequireMetadataKeyUnchanged("name"),
	}
}
