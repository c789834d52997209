package kube

// ErrorFromServer is the line kubectl prints for an error the API server
// returned (cmdutil.StandardErrorMessage): "Error from server (Reason):
// message", without the parentheses when the status has no reason.
func ErrorFromServer(reason, message string) string {
	if reason == "" {
		return "Error from server: " + message
	}
	return "Error from server (" + reason + "): " + message
}
