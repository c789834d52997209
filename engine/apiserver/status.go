package apiserver

import (
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/kube"
)

// Resource is the plural resource name of a kind, as the API server's
// RESTMapper guesses it (meta.UnsafeGuessKindToResource): "deployments",
// "ingresses", "networkpolicies". Endpoints is the one built-in kind it
// guesses wrong, and keeps its name.
func Resource(kind string) string {
	s := strings.ToLower(kind)
	switch {
	case s == "":
		return ""
	case s == "endpoints":
		return s
	case strings.HasSuffix(s, "s"):
		return s + "es"
	case strings.HasSuffix(s, "y"):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}

// qualifiedResource is schema.GroupResource.String: "deployments.apps".
func qualifiedResource(group, kind string) string {
	if group == "" {
		return Resource(kind)
	}
	return Resource(kind) + "." + group
}

// NotFound is the error of a read, update or delete of an object that does
// not exist (apierrors.NewNotFound).
func NotFound(group, kind, name string) *StatusError {
	return reasonError("NotFound", qualifiedResource(group, kind)+" "+strconv.Quote(name)+" not found")
}

// AlreadyExists is the error of a create of an object that exists
// (apierrors.NewAlreadyExists).
func AlreadyExists(group, kind, name string) *StatusError {
	return reasonError("AlreadyExists", qualifiedResource(group, kind)+" "+strconv.Quote(name)+" already exists")
}

// Conflict is the error of an update whose metadata.resourceVersion is not
// the stored one (apierrors.NewConflict with the registry's message).
func Conflict(group, kind, name string) *StatusError {
	return reasonError("Conflict", "Operation cannot be fulfilled on "+qualifiedResource(group, kind)+" "+strconv.Quote(name)+
		": the object has been modified; please apply your changes to the latest version and try again")
}

func reasonError(reason, msg string) *StatusError {
	return &StatusError{Reason: reason, Message: msg, ServerMessage: msg}
}

// KubectlText is the whole text kubectl prints for the error: "Error from
// server (Reason): " and the message, or the message alone for Invalid.
func (e *StatusError) KubectlText() string {
	if e.Reason == "Invalid" {
		return e.Message
	}
	return kube.ErrorFromServer(e.Reason, e.Message)
}
