package engine

import "github.com/applylens/applylens/engine/kube"

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
	ActionCreate    = kube.ActionCreate
	ActionConfigure = kube.ActionConfigure
	ActionUnchanged = kube.ActionUnchanged
	// ActionConflict: a server-side apply the server refused.
	ActionConflict = kube.ActionConflict
)

// Patch types kubectl sends.
const (
	PatchStrategic = kube.PatchStrategic
	PatchMerge     = kube.PatchMerge
	PatchApply     = kube.PatchApply // server-side apply: application/apply-patch+yaml
)

// Result is what kubectl apply computes and what the server does with it
// (defined in engine/kube, which engine/serverside shares).
type Result = kube.Result

// Schemas of a server-side apply.
const (
	SchemaBuiltin        = kube.SchemaBuiltin
	SchemaCustomResource = kube.SchemaCustomResource
	SchemaNone           = kube.SchemaNone
)

// Conflict is one field of a refused server-side apply that another
// manager owns with a different value.
type Conflict = kube.Conflict

// Owner says that one manager owns one field of a server-side apply's
// result.
type Owner = kube.Owner

// Step is one decision of the apply, with the reason for it; package
// explain builds the steps. Its phases, rules and actions are engine/kube's
// constants (kube.PhaseServer, kube.RuleMap, kube.StepSet, ...).
type Step = kube.Step

// Row is one row of a decision table: where the field is present.
type Row = kube.Row

// Elsewhere is the outcome of a file addressing another object than the
// live one (another namespace or name); package identity says it.
type Elsewhere = kube.Elsewhere

// Warning is a trap the inputs walk into, with the field it concerns.
type Warning = kube.Warning
