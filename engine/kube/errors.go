package kube

import "fmt"

// Panes of the playground, as named in InputError.
const (
	PaneLastApplied = "lastApplied"
	PaneFile        = "file"
	PaneLive        = "live"
	// PaneCRDs is the CustomResourceDefinitions pane.
	PaneCRDs = "crds"
)

// InputError is a problem with what the user typed: the pane, the place in
// it (1-based line and column, 0 when unknown) and the field path.
type InputError struct {
	Pane    string `json:"pane"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

func (e *InputError) Error() string {
	s := e.Pane
	if e.Line > 0 {
		s += fmt.Sprintf(":%d:%d", e.Line, e.Column)
	}
	if e.Path != "" {
		s += " " + e.Path
	}
	return s + ": " + e.Message
}

// ApplyError is an error kubectl itself would report (a patch it cannot
// compute, a precondition that fails), with kubectl's message.
type ApplyError struct {
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
	// Paths are the conflicting fields of an --overwrite=false conflict.
	Paths []string `json:"paths,omitempty"`
	// Explanation says in plain words what Message means, when kubectl's
	// text does not (its precondition error is a Go value dump, a broken
	// annotation's or managedFields' error names no place): one line,
	// shown above kubectl's text, which stays exact (the cluster prints it
	// as kubectl does).
	Explanation string `json:"explanation,omitempty"`
	// Pane and Line locate the cause in an input pane when it is there (a
	// broken annotation or managedFields entry of the live object).
	Pane string `json:"pane,omitempty"`
	Line int    `json:"line,omitempty"`

	// Precondition tells that kubectl's precondition on apiVersion, kind
	// and name failed: the engine explains it (engine/identity).
	Precondition bool `json:"-"`
}

func (e *ApplyError) Error() string { return e.Message }

// CRDSchemaError is what a ServerSideFunc returns for a CRD whose schema
// the API server would not admit: the CRD's position in the list it was
// given, the field at fault and the message.
type CRDSchemaError struct {
	Index         int
	Path, Message string
}

func (e *CRDSchemaError) Error() string { return e.Message }
