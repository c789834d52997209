package document

import "github.com/applylens/applylens/engine/kube"

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

// Error is a problem with a pane's text: kube.InputError, the one input
// error the engine reports (and formats), with the Reason that classifies
// it for callers that react to a kind of problem.
type Error struct {
	Reason Reason
	kube.InputError
}

// Unwrap gives the InputError, so that errors.As finds a
// *kube.InputError in a chain that holds a *Error.
func (e *Error) Unwrap() error { return &e.InputError }

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
