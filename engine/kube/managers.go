package kube

// Field managers kubectl writes with (the defaults of kubectl's
// AddFieldManagerFlagVar and of its apply), and the one the API server
// records for kubectl's requests that name none (from its user agent).
const (
	// ManagerKubectl is kubectl apply --server-side's field manager, and
	// the manager the server derives from kubectl's user agent.
	ManagerKubectl = "kubectl"
	// ManagerClientSideApply is the manager client-side apply records.
	ManagerClientSideApply = "kubectl-client-side-apply"
	// ManagerLastApplied applies the last-applied annotation alone before
	// a migration to server-side apply.
	ManagerLastApplied = "kubectl-last-applied"
)
