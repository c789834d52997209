package api

import "encoding/json"

// OpServerSide is `kubectl apply --server-side` (or it and the client-side
// apply side by side) as the page shows it. Neither the server-side engine
// (engine/serverside) nor this op's answer (engine/ssaview, whose Handle
// answers it) is in the page's first wasm: only wasm/serverside, fetched
// when the page's apply switch first leaves client-side, links them, and
// answers this op alone. The types are here, with the others the page
// reads (web/workers/api-types.js mirrors them).
const OpServerSide = "serverside"

// ErrorOf is the error response for an error of engine.Parse or an apply.
func ErrorOf(err error) *Error { return toError(err) }

// ServerSideResponse is what wasm/serverside answers: exactly one of
// ServerSide and Error is set.
type ServerSideResponse struct {
	Version    string      `json:"version"`
	ServerSide *ServerSide `json:"serverSide,omitempty"`
	Error      *Error      `json:"error,omitempty"`
}

// ServerSideRequest is op "serverside": the panes, and the flags of
// `kubectl apply --server-side`.
type ServerSideRequest struct {
	Op                  string `json:"op"`
	LastApplied         string `json:"lastApplied"`
	File                string `json:"file"`
	Live                string `json:"live"`
	LastAppliedFromLive bool   `json:"lastAppliedFromLive"`
	// Overwrite is the client-side apply's --overwrite (Apply "both").
	Overwrite *bool `json:"overwrite,omitempty"`
	// Namespace and ClusterScoped are as in Request (-n, a custom kind's scope).
	Namespace     string `json:"namespace,omitempty"`
	ClusterScoped bool   `json:"clusterScoped,omitempty"`
	// Apply is "server", or "both" for the client-side apply beside it.
	Apply string `json:"apply"`
	// CustomResourceDefinitions are the CRDs the server knows (YAML
	// documents separated by "---", or one JSON object; engine.Input's):
	// a custom resource is merged by its CRD's schema. The page has no pane
	// for them yet.
	CustomResourceDefinitions string `json:"customResourceDefinitions,omitempty"`
	// FieldManager is --field-manager; "" means "kubectl".
	FieldManager   string `json:"fieldManager,omitempty"`
	ForceConflicts bool   `json:"forceConflicts,omitempty"`
}

// ServerSide is the answer to op "serverside".
type ServerSide struct {
	// Server is the server-side apply, rendered as op "apply" renders a
	// result; its steps are engine/serverside's (rule "server-side-apply").
	Server *Result `json:"server"`
	// Owners are the owned fields of Server.ObjectYAML and their lines.
	Owners []OwnedField `json:"owners"`
	// Conflicts are the fields another manager owns with another value
	// (Server.Action "conflict"), located in the panes.
	Conflicts []ConflictField `json:"conflicts"`
	// StepsWhere locates each of Server.Steps in the panes and the result.
	StepsWhere []*Where `json:"stepsWhere"`
	// Client is the client-side apply of the same panes (Apply "both"),
	// or ClientError why it fails.
	Client      *Result `json:"client,omitempty"`
	ClientError *Error  `json:"clientError,omitempty"`
	// Differences are where the two results differ (Apply "both").
	Differences []Difference `json:"differences,omitempty"`
}

// OwnedField is one field of the server-side result and its owners.
type OwnedField struct {
	Field   string       `json:"field"`
	Line    int          `json:"line"`
	EndLine int          `json:"endLine"`
	Owners  []ManagerRef `json:"owners"`
}

// ManagerRef names a field manager and how it owns a field.
type ManagerRef struct {
	Manager   string `json:"manager"`
	Operation string `json:"operation"`
}

// ConflictField is one conflict and where its field is in the panes.
type ConflictField struct {
	Manager   string `json:"manager"`
	Operation string `json:"operation"`
	Field     string `json:"field"`
	Where     *Where `json:"where"`
}

// Difference is one place where the client-side and server-side results
// differ, with the decision of each apply that made it so.
type Difference struct {
	// Path is the field, in the steps' syntax (list elements by index).
	Path string `json:"path"`
	// Client and Server are the values there as JSON; absent when the
	// field is not in that result.
	Client json.RawMessage `json:"client,omitempty"`
	Server json.RawMessage `json:"server,omitempty"`
	// ClientLine and ServerLine locate it in each result's YAML (0: absent).
	ClientLine int `json:"clientLine,omitempty"`
	ServerLine int `json:"serverLine,omitempty"`
	// ClientWhy and ServerWhy are the explanations of the steps that
	// decided the field in each apply.
	ClientWhy string `json:"clientWhy"`
	ServerWhy string `json:"serverWhy"`
	// OnlyClient and OnlyServer are, where both values are lists, the
	// elements (whole) that one result has and the other does not: the
	// port one apply loses, without reading two long lists side by side.
	OnlyClient []json.RawMessage `json:"onlyClient,omitempty"`
	OnlyServer []json.RawMessage `json:"onlyServer,omitempty"`
	// Bookkeeping is set when the difference is only kubectl's
	// last-applied annotation: the two applies keep it differently by
	// design, so it says nothing about the object and is listed last.
	Bookkeeping bool `json:"bookkeeping,omitempty"`
}
