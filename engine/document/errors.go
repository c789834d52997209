package document

import "fmt"

// Reason classifies an Error, so callers can react to a kind of problem
// (an empty pane may be allowed) without matching messages.
type Reason string

// Reasons of Error.
const (
	ReasonEmpty        Reason = "empty"              // no object in the pane
	ReasonSyntax       Reason = "syntax"             // not YAML or JSON
	ReasonEncoding     Reason = "encoding"           // invalid UTF-8 or a control character
	ReasonMultiple     Reason = "multiple-documents" // more than one object
	ReasonNotObject    Reason = "not-an-object"      // a list or a scalar
	ReasonList         Reason = "list"               // a kind: List with items
	ReasonMissingField Reason = "missing-field"      // apiVersion, kind or metadata.name
	ReasonWrongType    Reason = "wrong-type"         // e.g. kind: 5
	ReasonTooLarge     Reason = "too-large"          // over MaxSize
	ReasonTooDeep      Reason = "too-deep"           // over MaxDepth
	ReasonTooLong      Reason = "too-long"           // a list over MaxListItems, a map over MaxMapKeys
	ReasonAliases      Reason = "aliases"            // excessive YAML aliasing
	ReasonUnsupported  Reason = "unsupported"        // YAML that has no JSON form
	ReasonAmbiguousKey Reason = "ambiguous-key"      // keys like 0 and "0" in one map
)

// Error is a problem with a pane's text. The engine turns it into
// engine.InputError, which has the same fields but Reason.
type Error struct {
	Reason Reason
	Pane   string
	// Line and Column are 1-based; 0 when unknown.
	Line    int
	Column  int
	Path    string
	Message string
}

func (e *Error) Error() string {
	s := e.Pane
	if e.Line > 0 {
		s += fmt.Sprintf(":%d:%d", e.Line, e.Column)
	}
	if e.Path != "" {
		s += " " + e.Path
	}
	return s + ": " + e.Message
}

// Warning is something kubectl accepts silently but a learner should know,
// such as a key given twice.
type Warning struct {
	Code    string
	Pane    string
	Line    int
	Path    string
	Message string
}

// Warning codes.
const (
	WarnDuplicateKey = "duplicate-key"
)

// paneLabel names a pane the way the page labels it.
func paneLabel(pane string) string {
	switch pane {
	case "lastApplied":
		return "the last-applied configuration"
	case "file":
		return "the configuration file"
	case "live":
		return "the live object"
	case "crds":
		return "a CustomResourceDefinition"
	case "":
		return "the text"
	}
	return "pane " + pane
}
