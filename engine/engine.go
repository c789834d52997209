package engine

import "encoding/json"

// Input is what the user pasted.
type Input struct {
	// LastApplied is the last-applied configuration, YAML or JSON. Empty
	// means: read it from Live's kubectl.kubernetes.io/last-applied-configuration
	// annotation (none when Live has no such annotation).
	LastApplied string
	// File is the local configuration file: one object, YAML or JSON.
	File string
	// Live is the live object as `kubectl get -o yaml` prints it. Empty
	// means the object does not exist yet, so kubectl creates it.
	Live string
	// Overwrite is kubectl apply's --overwrite flag; nil means true.
	Overwrite *bool
}

// Actions kubectl reports.
const (
	ActionCreate    = "create"
	ActionConfigure = "configure"
	ActionUnchanged = "unchanged"
)

// Patch types kubectl sends.
const (
	PatchStrategic = "strategic"
	PatchMerge     = "merge"
)

// Result is what kubectl apply computes and what the server does with it.
type Result struct {
	Action    string          `json:"action"`
	PatchType string          `json:"patchType"`
	Patch     json.RawMessage `json:"patch"`
	// Object is the object after the server applies the patch (or the
	// created object), as JSON.
	Object json.RawMessage `json:"object"`
	// LastApplied is the new annotation value, byte for byte as kubectl
	// writes it.
	LastApplied string `json:"lastApplied"`
	// LastAppliedSource tells where the original configuration came
	// from: "input" (the LastApplied pane), "annotation" (read from the
	// live object) or "none".
	LastAppliedSource string    `json:"lastAppliedSource"`
	Steps             []Step    `json:"steps"`
	Warnings          []Warning `json:"warnings"`
}

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
	// Action is one of the Action* step constants.
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
