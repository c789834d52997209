package kubernetes

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestNamesPerKind creates, for kinds whose validation the simulation
// carries a name rule for, a minimal document with a name just inside and
// just outside the kind's rule (an RFC 1123 subdomain, or the path segment
// rule of RBAC's kinds), on the simulated cluster and on the real side.
func TestNamesPerKind(t *testing.T) {
	allowPrivileged(t)
	real := newRealKubectl(t)
	docs := map[string]string{
		"Role":                  "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: NAME\nrules: []\n",
		"ClusterRole":           "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: NAME\nrules: []\n",
		"RoleBinding":           "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: NAME\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: r}\nsubjects: [{kind: ServiceAccount, name: s, namespace: default}]\n",
		"ClusterRoleBinding":    "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata:\n  name: NAME\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: r}\nsubjects: [{kind: ServiceAccount, name: s, namespace: default}]\n",
		"ResourceQuota":         "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: NAME\nspec:\n  hard: {pods: \"10\"}\n",
		"PersistentVolumeClaim": "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: NAME\nspec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests: {storage: 1Gi}\n",
		"StorageClass":          "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: NAME\nprovisioner: example.com/disk\n",
		"PriorityClass":         "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: NAME\nvalue: 1000\n",
		"IngressClass":          "apiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata:\n  name: NAME\nspec:\n  controller: example.com/ingress\n",
		"Lease":                 "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata:\n  name: NAME\nspec: {}\n",
		"Endpoints":             "apiVersion: v1\nkind: Endpoints\nmetadata:\n  name: NAME\nsubsets: []\n",
	}
	var cases []documentCase
	for _, kind := range slices.Sorted(maps.Keys(docs)) {
		doc := docs[kind]
		rbac := strings.Contains(kind, "Role")
		cases = append(cases,
			documentCase{kind + " ok", strings.Replace(doc, "NAME", "web.v1", 1), false},
			documentCase{kind + " name at 253", strings.Replace(doc, "NAME", strings.Repeat("a", 253), 1), false},
			documentCase{kind + " name with an underscore", strings.Replace(doc, "NAME", "my_name", 1), !rbac},
			documentCase{kind + " name with a slash", strings.Replace(doc, "NAME", "a/b", 1), true},
			documentCase{kind + " name at 254", strings.Replace(doc, "NAME", strings.Repeat("a", 254), 1), !rbac})
	}
	compareDocuments(t, real, cases)
}
