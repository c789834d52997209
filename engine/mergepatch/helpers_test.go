package mergepatch

// copyTree deep-copies decoded JSON, to check that inputs stay untouched.
func copyTree(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = copyTree(e)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = copyTree(e)
		}
		return out
	}
	return v
}

// ours gives kubectl's preconditions, or none.
func ours(kubectl bool) []Precondition {
	if kubectl {
		return KubectlPreconditions()
	}
	return nil
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
