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
	// CustomResourceDefinitions are the CRDs the server knows, read by
	// ParseCustomResourceDefinitions; only a server-side apply reads them.
	CustomResourceDefinitions []*document.Document
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
	if in.ServerSide {
		if p.CustomResourceDefinitions, err = ParseCustomResourceDefinitions(in.CustomResourceDefinitions); err != nil {
			return p, err
		}
	}
	return p, nil
}

// ParsePane reads one pane; nil and no error for an empty live or
// last-applied pane. The document must not be modified: Apply only reads
// it, so callers may keep it for an unchanged pane.
func ParsePane(pane, text string) (*document.Document, error) {
	return ReparsePane(pane, nil, "", text)
}

// ReparsePane is ParsePane for a new text of a pane whose previous text
// prev was read as prevDoc (nil when there is none): it reads again only
// the part the edit touched, when it can. prevDoc must not be used
// afterwards.
func ReparsePane(pane string, prevDoc *document.Document, prev, text string) (*document.Document, error) {
	o := paneOptions(pane)
	var d *document.Document
	var err error
	if prevDoc != nil {
		d, err = document.Reparse(prevDoc, prev, pane, text, o)
	} else {
		d, err = document.ParseWith(pane, text, o)
	}
	if err != nil {
		return nil, inputError(err)
	}
	return d, nil
}

// paneOptions are what each pane requires: the file names its object, the
// live object may be absent (a create), and kubectl never checks the
// identity fields of the last-applied configuration (it only diffs
// against it).
func paneOptions(pane string) document.Options {
	switch pane {
	case PaneFile:
		return document.Options{}
	case PaneLive:
		return document.Options{AllowEmpty: true}
	}
	return document.Options{AllowEmpty: true, SkipIdentity: true}
}

// inputError reports a pane's *document.Error as the InputError it
// holds: callers of the engine see one input error type, not the
// reader's Reason.
func inputError(err error) error {
	var de *document.Error
	if errors.As(err, &de) {
		ie := de.InputError
		return &ie
	}
	return err
}
