package kustomize

import (
	"cmp"
	"strings"
)

// gvk is kyaml's resid.Gvk: group, version and kind.
type gvk struct {
	Group   string `json:"group,omitempty"`
	Version string `json:"version,omitempty"`
	Kind    string `json:"kind,omitempty"`
}

func parseGroupVersion(apiVersion string) (group, version string) {
	if i := strings.Index(apiVersion, "/"); i > -1 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

func (x gvk) apiVersion() string {
	if x.Group != "" {
		return x.Group + "/" + x.Version
	}
	return x.Version
}

// String is kyaml's Gvk.String: "Kind.version.group" with placeholders.
func (x gvk) String() string {
	return cmp.Or(x.Kind, "[noKind]") + "." + cmp.Or(x.Version, "[noVer]") + "." + cmp.Or(x.Group, "[noGrp]")
}

func (x gvk) stableSortString() string {
	return cmp.Or(x.Group, "~G") + "_" + cmp.Or(x.Version, "~V") + "_" + cmp.Or(x.Kind, "~K")
}

// isSelected is kyaml's Gvk.IsSelected: every non-empty part of the
// selector must be equal.
func (x gvk) isSelected(sel gvk) bool {
	return (sel.Group == "" || x.Group == sel.Group) &&
		(sel.Version == "" || x.Version == sel.Version) &&
		(sel.Kind == "" || x.Kind == sel.Kind)
}

// isClusterScoped is openapi.IsCertainlyClusterScoped: only the built-in
// kinds kyaml's schema knows as cluster-scoped; every other kind, custom
// resources included, counts as namespaced.
func (x gvk) isClusterScoped() bool {
	return clusterScoped[[2]string{x.apiVersion(), x.Kind}]
}

// kindOrder is kyaml's (and the legacy sort's) order of kinds: these first,
// webhooks last, every other kind between them.
var orderFirst = []string{
	"Namespace", "ResourceQuota", "StorageClass", "CustomResourceDefinition",
	"ServiceAccount", "PodSecurityPolicy", "Role", "ClusterRole", "RoleBinding",
	"ClusterRoleBinding", "ConfigMap", "Secret", "Endpoints", "Service",
	"LimitRange", "PriorityClass", "PersistentVolume", "PersistentVolumeClaim",
	"Deployment", "StatefulSet", "CronJob", "PodDisruptionBudget",
}

var orderLast = []string{"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"}

var kindOrder = func() map[string]int {
	m := map[string]int{}
	for i, n := range orderFirst {
		m[n] = -len(orderFirst) + i
	}
	for i, n := range orderLast {
		m[n] = 1 + i
	}
	return m
}()

// isLessThan is kyaml's Gvk.IsLessThan (the order of field specs).
func (x gvk) isLessThan(o gvk) bool {
	i, j := kindOrder[x.Kind], kindOrder[o.Kind]
	if i != j {
		return i < j
	}
	return x.stableSortString() < o.stableSortString()
}

// resID is kyaml's resid.ResId.
type resID struct {
	gvk
	Name      string
	Namespace string
	// scopeUnknown: kyaml built this id's Gvk without asking openapi for
	// its scope (a struct literal), so it never counts as cluster-scoped.
	scopeUnknown bool
}

func (id resID) clusterScoped() bool { return !id.scopeUnknown && id.isClusterScoped() }

const notANamespace = "_non_namespaceable_"

func (id resID) effectiveNamespace() string {
	if id.clusterScoped() {
		return notANamespace
	}
	if id.Namespace == "" || id.Namespace == "default" {
		return "default"
	}
	return id.Namespace
}

func (id resID) nsEquals(o resID) bool { return id.effectiveNamespace() == o.effectiveNamespace() }

func (id resID) equals(o resID) bool {
	return id.nsEquals(o) && id.Name == o.Name && id.gvk == o.gvk
}

// String is kyaml's ResId.String: "Kind.version.group/name.namespace".
func (id resID) String() string {
	return id.gvk.String() + "/" + cmp.Or(id.Name, "[noName]") + "." + cmp.Or(id.Namespace, "[noNs]")
}
