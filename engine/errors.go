package engine

import "fmt"

// Panes of the playground, as named in InputError.
const (
	PaneLastApplied = "lastApplied"
	PaneFile        = "file"
	PaneLive        = "live"
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
	// Pane and Line locate the cause in an input pane when it is there
	// (a broken annotation of the live object), and Plain says it in
	// plain words; Message stays kubectl's text, which the cluster
	// prints as kubectl does.
	Pane  string `json:"pane,omitempty"`
	Line  int    `json:"line,omitempty"`
	Plain string `json:"plain,omitempty"`
}

func (e *ApplyError) Error() string { return e.Message }
