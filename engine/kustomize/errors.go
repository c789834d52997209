package kustomize

import "fmt"

// ErrorKind says what went wrong, for the page to explain it.
type ErrorKind int

const (
	// ErrInput: a kustomization or resource file kustomize cannot read
	// (malformed YAML, unknown field, missing name or kind).
	ErrInput ErrorKind = iota + 1
	// ErrMissing: a path that names neither a file nor a directory with a
	// kustomization, or a directory without one.
	ErrMissing
	// ErrConflict: two objects with the same id (group, version, kind,
	// name, namespace).
	ErrConflict
	// ErrUnsupported: a kustomize feature this engine does not compute
	// (remote bases, Helm charts, plugins, KRM functions, ...).
	ErrUnsupported
	// ErrTransform: a transformer that kustomize would stop at.
	ErrTransform
)

// Error is what Build returns: kustomize's message (Message, as `kubectl
// kustomize` prints it after "error: ") and where it came from.
type Error struct {
	Kind ErrorKind
	// File is the file that caused the error ("" when none).
	File string
	// Message is the text of the error.
	Message string
	// malformed: the YAML of a resource file could not be read (kustomize
	// then reports only that, not the failed try as a directory).
	malformed bool
}

func (e *Error) Error() string { return e.Message }

func errorf(kind ErrorKind, file, format string, args ...any) *Error {
	return &Error{Kind: kind, File: file, Message: fmt.Sprintf(format, args...)}
}

// wrap prefixes an error's message as kyaml's errors.WrapPrefixf does
// ("prefix: message"), keeping its kind and file.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	prefix := fmt.Sprintf(format, args...)
	if e, ok := err.(*Error); ok {
		return &Error{Kind: e.Kind, File: e.File, Message: prefix + ": " + e.Message, malformed: e.malformed}
	}
	return &Error{Kind: ErrInput, Message: prefix + ": " + err.Error()}
}
