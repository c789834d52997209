package engine

import (
	"encoding/json"

	"github.com/applylens/applylens/engine/explain"
	"github.com/applylens/applylens/engine/identity"
)

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
	// Namespace is kubectl's -n (--namespace); "" means not given: the
	// context's namespace. A namespaced object naming another namespace is
	// then an error, as in kubectl; a cluster-scoped one ignores it.
	Namespace string
	// ClusterScoped tells that a custom kind (not one of k8s.io/api's)
	// lives outside namespaces, as a cluster's discovery would tell kubectl
	// when its CustomResourceDefinition says scope: Cluster: the object
	// then gets no namespace. Built-in kinds ignore it: kubectl knows
	// their scope.
	ClusterScoped bool
	// ServerSide is kubectl apply --server-side (engine/serverside);
	// LastApplied and Overwrite are then unused.
	ServerSide bool
	// FieldManager is --field-manager; "" means "kubectl".
	FieldManager string
	// ForceConflicts is --force-conflicts.
	ForceConflicts bool
	// CustomResourceDefinitions are the CRDs the server knows (YAML
	// documents separated by "---" lines, or one JSON object): a custom
	// resource is merged with the schema of the one that serves its
	// apiVersion and kind, and as a kind without a schema when none does.
	// Only read with ServerSide.
	CustomResourceDefinitions string
}

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
	// live object's (its own, or -n's): kubectl applied to the object in
	// the file's namespace, created there, and the pasted live object
	// stays untouched.
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

// Step is one decision of the apply, with the reason for it. It is
// defined in package explain, which builds the steps.
type Step = explain.Step

// Row is one row of a decision table: where the field is present.
type Row = explain.Row

// Rules, named after the documentation's merge tables.
const (
	RulePrimitive     = explain.RulePrimitive
	RuleMap           = explain.RuleMap
	RuleListReplace   = explain.RuleListReplace
	RuleListMergeKey  = explain.RuleListMergeKey
	RuleListPrimitive = explain.RuleListPrimitive
	RuleRetainKeys    = explain.RuleRetainKeys
	RuleExplicitNull  = explain.RuleExplicitNull
	RuleJSONMerge     = explain.RuleJSONMerge
	RuleAnnotation    = explain.RuleAnnotation
	RuleCreate        = explain.RuleCreate
	// RuleStrategicMerge labels the step showing the whole strategic patch.
	RuleStrategicMerge = explain.RuleStrategicMerge
)

// Step actions.
const (
	StepSet     = explain.StepSet
	StepClear   = explain.StepClear
	StepKeep    = explain.StepKeep
	StepAdd     = explain.StepAdd
	StepDelete  = explain.StepDelete
	StepReorder = explain.StepReorder
)

// Elsewhere is the outcome of a file addressing an object in another
// namespace than the live one; package identity says it.
type Elsewhere = identity.Elsewhere

// Warning is a trap the inputs walk into, with the field it concerns.
type Warning = explain.Warning
