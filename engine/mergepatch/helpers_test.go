package mergepatch

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
