package mergepatch

import (
	"errors"
	"fmt"

	"github.com/applylens/applylens/engine/document"
)

// Errors with json-patch v4's messages, capitalised as it writes them, so a
// learner sees what kubectl prints.
var (
	// ErrBadJSONDoc: a document is not valid JSON, or not an object where
	// one is required (or null where the patch is applied).
	ErrBadJSONDoc = errors.New("Invalid JSON Document")
	// ErrBadJSONPatch: the patch is not valid JSON, is null, or is neither
	// an object nor a list.
	ErrBadJSONPatch = errors.New("Invalid JSON Patch")
	// ErrMismatchedDocuments: one document is a JSON list and the other is
	// not.
	ErrMismatchedDocuments = errors.New("Mismatched JSON Documents")
)

// ErrPreconditionFailed reports a patch that changes a field kubectl
// requires unchanged (apiVersion, kind, metadata.name).
//
// apimachinery builds this message with fmt.Errorf rather than its own
// mergepatch.ErrPreconditionFailed, so kubectl's check for that type misses
// it and users see this raw text instead of "At least one of apiVersion,
// kind and name was changed". The message is identical here; the type only
// lets the engine recognise the case.
type ErrPreconditionFailed struct {
	// Patch is the computed patch that failed the check.
	Patch map[string]any
}

func (e *ErrPreconditionFailed) Error() string {
	return fmt.Sprintf("precondition failed for: %v", e.Patch)
}

// IsPreconditionFailed reports whether err is an *ErrPreconditionFailed.
func IsPreconditionFailed(err error) bool {
	var p *ErrPreconditionFailed
	return errors.As(err, &p)
}

// ErrConflict mirrors mergepatch.ErrConflict: the additions and the
// deletions of a three-way patch disagree on a field. Both halves are
// derived from the same modified document, so this cannot happen for
// decoded JSON; it is kept so that the mirror is complete.
type ErrConflict struct {
	Changes   map[string]any
	Deletions map[string]any
}

func (e *ErrConflict) Error() string {
	return fmt.Sprintf("patch:\n%s\nconflicts with changes made from original to current:\n%s\n",
		toYAMLOrError(e.Changes), toYAMLOrError(e.Deletions))
}

// toYAMLOrError mirrors mergepatch.ToYAMLOrError: sigs.k8s.io/yaml's
// Marshal, which for decoded JSON values writes what document.RenderYAML
// writes, without linking go-yaml's encoder into the page.
func toYAMLOrError(v any) string {
	y, err := document.RenderYAML(v)
	if err != nil {
		return err.Error()
	}
	return y
}

// ErrUnknownType is a value that is not decoded JSON.
type ErrUnknownType struct{ Value any }

func (e *ErrUnknownType) Error() string { return fmt.Sprintf("unknown type: %T", e.Value) }
