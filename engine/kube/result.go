package kube

import "encoding/json"

// Actions kubectl reports.
const (
	ActionCreate    = "create"
	ActionConfigure = "configure"
	ActionUnchanged = "unchanged"
	// ActionConflict: a server-side apply the server refused.
	ActionConflict = "conflict"
)

// Patch types kubectl sends.
const (
	PatchStrategic = "strategic"
	PatchMerge     = "merge"
	PatchApply     = "apply" // server-side apply: application/apply-patch+yaml
)

// Result is what kubectl apply computes and what the server does with it.
type Result struct {
	Action    string          `json:"action"`
	PatchType string          `json:"patchType"`
	Patch     json.RawMessage `json:"patch"`
	// Object is the object after the server applies the patch (or the
	// created object), as JSON.
	Object json.RawMessage `json:"object"`
	// PatchValue and ObjectValue are Patch and Object as values, for
	// callers that render them (engine/api) and would otherwise decode
	// the JSON again. Read-only: they share maps with the inputs.
	PatchValue  any `json:"-"`
	ObjectValue any `json:"-"`
	// Canonical is set when Patch and Object are exactly
	// jsonvalue.Encode(PatchValue) and jsonvalue.Encode(ObjectValue), so
	// that a renderer need not check how they are spelled.
	Canonical bool `json:"-"`
	// LastApplied is the new annotation value, byte for byte as kubectl
	// writes it.
	LastApplied string `json:"lastApplied"`
	// LastAppliedSource tells where the original configuration came
	// from: "input" (the LastApplied pane), "annotation" (read from the
	// live object) or "none".
	LastAppliedSource string    `json:"lastAppliedSource"`
	Steps             []Step    `json:"steps"`
	Warnings          []Warning `json:"warnings"`
	// Conflicts lists, for a server-side apply the server refused (Action
	// "conflict"), each other manager and field.
	Conflicts []Conflict `json:"conflicts,omitempty"`
	// Namespace is the namespace the object is applied in, as kubectl's
	// resource builder decided it (the file's, -n, or the context's); ""
	// for a cluster-scoped object.
	Namespace string `json:"-"`
	// Elsewhere is set when the file names another namespace than the
	// live object's (its own, or -n's) or another name: kubectl applied
	// to the file's object, created it, and the pasted live object stays
	// untouched.
	Elsewhere *Elsewhere `json:"elsewhere,omitempty"`
	// Owners lists, after a server-side apply, every owned field of Object
	// with its managers and how they own it (Apply or Update).
	Owners []Owner `json:"owners,omitempty"`
	// Schema tells, for a server-side apply, what the server merged with:
	// SchemaBuiltin, SchemaCustomResource (the CRD named by
	// CustomResourceDefinition) or SchemaNone.
	Schema                   string `json:"schema,omitempty"`
	CustomResourceDefinition string `json:"customResourceDefinition,omitempty"`
}

// Schemas of a server-side apply.
const (
	// SchemaBuiltin: the schema of a built-in kind.
	SchemaBuiltin = "builtin"
	// SchemaCustomResource: the schema of the CRD that serves the kind.
	SchemaCustomResource = "customResource"
	// SchemaNone: a kind without a schema (no CRD serves it), merged with
	// structured-merge-diff's deduced type: every map granular, every list
	// atomic.
	SchemaNone = "none"
)

// Conflict is one field of a refused server-side apply that another
// manager owns with a different value.
type Conflict struct {
	// Manager is the other field manager, e.g. "autoscaler".
	Manager string `json:"manager"`
	// Operation is how it owns the field: Apply or Update.
	Operation string `json:"operation"`
	// APIVersion is the version an Update manager wrote at ("" for Apply).
	APIVersion  string `json:"apiVersion,omitempty"`
	Subresource string `json:"subresource,omitempty"`
	// Field is the field as the API server names it in its error, e.g.
	// ".spec.replicas".
	Field string `json:"field"`
}

// Owner says that one manager owns one field of a server-side apply's
// result.
type Owner struct {
	// Field is the field as the API server names it, e.g.
	// `.spec.template.spec.containers[name="app"].image`.
	Field string `json:"field"`
	// Manager is the field manager's name.
	Manager string `json:"manager"`
	// Operation is how it owns the field: Apply or Update.
	Operation   string `json:"operation"`
	APIVersion  string `json:"apiVersion"`
	Subresource string `json:"subresource,omitempty"`
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

// Elsewhere is the outcome of a file that addresses another object than
// the live one, of the same apiVersion and kind: another namespace, another
// name, or both (package identity builds it). kubectl looks the object up
// by the file's namespace and name, so the pasted live object stays
// untouched and, none being given there, kubectl creates the file's.
type Elsewhere struct {
	// Namespace is the one kubectl applies the file in.
	Namespace string `json:"namespace"`
	// LiveNamespace is the live object's (Namespace when only the name
	// differs).
	LiveNamespace string `json:"liveNamespace"`
	// Name is the file's metadata.name, the object kubectl applies to.
	Name string `json:"name,omitempty"`
	// LiveName is the live object's (Name when only the namespace
	// differs).
	LiveName string `json:"liveName,omitempty"`
	// FromFlag: Namespace is -n's (the file names none).
	FromFlag bool `json:"fromFlag,omitempty"`
	// Explanation says it in one line naming both names or namespaces.
	Explanation string `json:"explanation"`
	// Kubectl is the line kubectl prints, e.g.
	// "deployment.apps/nginx-deployment created".
	Kubectl string `json:"kubectl"`
}

// NameDiffers: the file names another object than the live one's name.
func (e *Elsewhere) NameDiffers() bool { return e.Name != e.LiveName }

// NamespaceDiffers: the file is applied in another namespace than the
// live object's.
func (e *Elsewhere) NamespaceDiffers() bool { return e.Namespace != e.LiveNamespace }

// Lookup words where kubectl looks, for the create step and the patch
// type's note: sought ("No object named web2 is given in namespace a,
// where kubectl looks for it"), live ("the live object is web in b") and
// there (" there" when the object is created in another namespace, for
// "creates it there").
func (e *Elsewhere) Lookup() (sought, live, there string) {
	switch {
	case e.NameDiffers() && e.NamespaceDiffers():
		return "No object named " + e.Name + " is given in namespace " + e.Namespace + ", where kubectl looks for it",
			"the live object is " + e.LiveName + " in " + e.LiveNamespace, " there"
	case e.NameDiffers():
		return "No object named " + e.Name + " is given, the one kubectl looks for",
			"the live object is " + e.LiveName, ""
	}
	return "No object is given in namespace " + e.Namespace + ", where kubectl looks for it",
		"the live object is in " + e.LiveNamespace, " there"
}
