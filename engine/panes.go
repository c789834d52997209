package engine

import (
	"errors"

	"github.com/applylens/applylens/engine/document"
)

// Panes are the documents read from the three panes.
type Panes struct {
	// LastApplied is nil when the pane is empty: the last-applied
	// configuration is then read from Live's annotation, as kubectl does.
	LastApplied *document.Document
	File        *document.Document
	// Live is nil when the pane is empty: the object does not exist yet.
	Live *document.Document
}

// Parse reads the panes as kubectl reads files and server responses. Errors
// are *InputError.
func Parse(in Input) (Panes, error) {
	var p Panes
	var err error
	if p.File, err = document.Parse(PaneFile, in.File); err != nil {
		return p, inputError(err)
	}
	if p.Live, err = document.ParseOptional(PaneLive, in.Live); err != nil {
		return p, inputError(err)
	}
	// kubectl never checks the identity fields of the last-applied
	// configuration: it only diffs against it.
	if p.LastApplied, err = document.ParseWith(PaneLastApplied, in.LastApplied, document.Options{AllowEmpty: true, SkipIdentity: true}); err != nil {
		return p, inputError(err)
	}
	return p, nil
}

func inputError(err error) error {
	var de *document.Error
	if errors.As(err, &de) {
		return &InputError{Pane: de.Pane, Line: de.Line, Column: de.Column, Path: de.Path, Message: de.Message}
	}
	return err
}
