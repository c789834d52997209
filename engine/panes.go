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
	if p.File, err = ParsePane(PaneFile, in.File); err != nil {
		return p, err
	}
	if p.Live, err = ParsePane(PaneLive, in.Live); err != nil {
		return p, err
	}
	if p.LastApplied, err = ParsePane(PaneLastApplied, in.LastApplied); err != nil {
		return p, err
	}
	return p, nil
}

// ParsePane reads one pane; nil and no error for an empty live or
// last-applied pane. The document must not be modified: Apply only reads
// it, so callers may keep it for an unchanged pane.
func ParsePane(pane, text string) (*document.Document, error) {
	var d *document.Document
	var err error
	switch pane {
	case PaneFile:
		d, err = document.Parse(pane, text)
	case PaneLive:
		d, err = document.ParseOptional(pane, text)
	default:
		// kubectl never checks the identity fields of the last-applied
		// configuration: it only diffs against it.
		d, err = document.ParseWith(pane, text, document.Options{AllowEmpty: true, SkipIdentity: true})
	}
	if err != nil {
		return nil, inputError(err)
	}
	return d, nil
}

func inputError(err error) error {
	var de *document.Error
	if errors.As(err, &de) {
		return &InputError{Pane: de.Pane, Line: de.Line, Column: de.Column, Path: de.Path, Message: de.Message}
	}
	return err
}
