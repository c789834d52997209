package explain

import (
	"encoding/json"

	"github.com/applylens/applylens/engine/schema"
)

// Phases of an apply, numbered as the documentation numbers them.
const (
	PhaseDelete     = 1 // fields to delete: last-applied vs file
	PhaseSet        = 2 // fields to set: file vs live
	PhaseAnnotation = 3 // the last-applied annotation is updated
	PhasePatch      = 4 // the merged patch
	PhaseServer     = 5 // the server applies the patch
)

// Step is one decision of the apply, with the reason for it.
type Step struct {
	Phase int `json:"phase"`
	// Path is the field, like spec.template.spec.containers[name=nginx].image.
	Path string `json:"path"`
	// Rule names the documentation's table that decided: see the Rule* constants.
	Rule string `json:"rule"`
	// MergeKey is the list's patchMergeKey when Rule is RuleListMergeKey.
	MergeKey string `json:"mergeKey,omitempty"`
	// Row is the table row that matched.
	Row Row `json:"row"`
	// Action is one of the Step* constants.
	Action string `json:"action"`
	// Old and New are the values before and after, as JSON; absent when
	// there is none.
	Old json.RawMessage `json:"old,omitempty"`
	New json.RawMessage `json:"new,omitempty"`
	// Why is a sentence for a learner.
	Why string `json:"why"`
}

// Row is one row of a decision table: where the field is present.
type Row struct {
	InFile        bool `json:"inFile"`
	InLive        bool `json:"inLive"`
	InLastApplied bool `json:"inLastApplied"`
}

// Rules, named after the documentation's merge tables.
const (
	RulePrimitive     = "primitive"
	RuleMap           = "map"
	RuleListReplace   = "list-replace"
	RuleListMergeKey  = "list-merge-key"
	RuleListPrimitive = "list-primitive-merge"
	RuleRetainKeys    = "retain-keys"
	RuleExplicitNull  = "explicit-null"
	RuleJSONMerge     = "json-merge-patch"
	RuleAnnotation    = "annotation"
	RuleCreate        = "create"
	// RuleStrategicMerge labels the phase-4 step that shows the whole
	// strategic merge patch; no single table decides it.
	RuleStrategicMerge = "strategic-merge-patch"
)

// Step actions.
const (
	StepSet     = "set"
	StepClear   = "clear"
	StepKeep    = "keep"
	StepAdd     = "add element"
	StepDelete  = "delete element"
	StepReorder = "reorder"
)

// Warning is a trap the inputs walk into, with the field it concerns.
type Warning struct {
	Code    string `json:"code"`
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

// Patch types, as engine.PatchStrategic and engine.PatchMerge.
const (
	PatchStrategic = "strategic"
	PatchMerge     = "merge"
)

// LastAppliedAnnotation is the annotation kubectl keeps the file in.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

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

func (in Inputs) jsonMerge() bool { return in.Schema == nil || in.PatchType == PatchMerge }

func (in Inputs) overwrite() bool { return in.Overwrite == nil || *in.Overwrite }
