package explain

import (
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema"
)

// Step is one decision of the apply, with the reason for it (its phases,
// rules and actions are engine/kube's constants).
type Step = kube.Step

// Row is one row of a decision table: where the field is present.
type Row = kube.Row

// Warning is a trap the inputs walk into, with the field it concerns.
type Warning = kube.Warning

// LastAppliedAnnotation is the annotation kubectl keeps the file in.
const LastAppliedAnnotation = kube.LastAppliedAnnotation

// Inputs are the decoded documents of one apply (numbers as int64 or
// float64, as engine/jsonvalue decodes them).
type Inputs struct {
	// File is the configuration file as the user wrote it, before kubectl
	// adds the annotation; nil means use Modified. It is read only for
	// traps kubectl hides while encoding (non-string annotation values).
	File map[string]any
	// Original is the last-applied configuration; nil when there is none.
	Original map[string]any
	// Modified is the file as kubectl encodes it, with the new
	// last-applied annotation.
	Modified map[string]any
	// Current is the live object; nil on create.
	Current map[string]any
	// Patch is the patch kubectl computed; nil on create, and nil when
	// kubectl failed to compute one (then no step claims a change).
	Patch map[string]any
	// PatchJSON, when set, is Patch as jsonvalue.Encode writes it, which
	// the caller has already: the summary step then does not encode the
	// patch again (for a large apply, 2% of the time).
	PatchJSON []byte
	// Result is the object after the server applied the patch (or the
	// created object).
	Result map[string]any
	// Schema is the patch metadata of the kind; nil for a kind kubectl
	// does not know (a custom resource), which gets a JSON merge patch.
	Schema schema.Node
	// PatchType is PatchStrategic or PatchMerge.
	PatchType string
	// Overwrite is kubectl apply's --overwrite; nil means true.
	Overwrite *bool
}

func (in Inputs) jsonMerge() bool { return in.Schema == nil || in.PatchType == kube.PatchMerge }

func (in Inputs) overwrite() bool { return in.Overwrite == nil || *in.Overwrite }
