package engine

import (
	"fmt"

	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema"
)

// clusterScoped lists the built-in kinds that live outside namespaces.
// kubectl learns the scope from the server's discovery; applylens has no
// server, so it keeps the list of k8s.io/api. Kinds not listed, custom
// resources included, are taken as namespaced unless the live object shows
// otherwise.
var clusterScoped = map[string]bool{
	"APIService":                       true,
	"CertificateSigningRequest":        true,
	"ClusterRole":                      true,
	"ClusterRoleBinding":               true,
	"ClusterTrustBundle":               true,
	"ComponentStatus":                  true,
	"CSIDriver":                        true,
	"CSINode":                          true,
	"CustomResourceDefinition":         true,
	"DeviceClass":                      true,
	"DeviceTaintRule":                  true,
	"FlowSchema":                       true,
	"IngressClass":                     true,
	"IPAddress":                        true,
	"MutatingAdmissionPolicy":          true,
	"MutatingAdmissionPolicyBinding":   true,
	"MutatingWebhookConfiguration":     true,
	"Namespace":                        true,
	"Node":                             true,
	"PersistentVolume":                 true,
	"PodSecurityPolicy":                true,
	"PriorityClass":                    true,
	"PriorityLevelConfiguration":       true,
	"ResourceSlice":                    true,
	"RuntimeClass":                     true,
	"SelfSubjectAccessReview":          true,
	"SelfSubjectReview":                true,
	"SelfSubjectRulesReview":           true,
	"ServiceCIDR":                      true,
	"StorageClass":                     true,
	"StorageVersion":                   true,
	"StorageVersionMigration":          true,
	"SubjectAccessReview":              true,
	"TokenReview":                      true,
	"ValidatingAdmissionPolicy":        true,
	"ValidatingAdmissionPolicyBinding": true,
	"ValidatingWebhookConfiguration":   true,
	"VolumeAttachment":                 true,
	"VolumeAttributesClass":            true,
}

// DefaultNamespace is the namespace of kubectl's context when none is set.
const DefaultNamespace = "default"

// Namespace warning codes.
const (
	WarnNamespaceFromContext = "namespace-from-context"
	WarnNamespaceFromFlag    = "namespace-from-flag"
	WarnNamespaceDropped     = "namespace-dropped"
	WarnNamespaceFlagIgnored = "namespace-flag-ignored"
)

// scoped is the file as kubectl's resource builder hands it to apply, and
// what the builder decided about its namespace.
type scoped struct {
	file map[string]any
	// namespace is the one the object is applied in; "" when it is
	// cluster-scoped (or taken as such from the live object).
	namespace string
	warnings  []Warning
}

// scopeFile does to the file what kubectl's resource builder
// (k8s.io/cli-runtime/pkg/resource) does before apply computes anything:
// SetNamespace writes the namespace (-n, else the context's) into a
// namespaced object that names none; RequireNamespace, with -n only,
// refuses an object naming another; FilterNamespace removes the namespace
// of a cluster-scoped object. The builder knows the scope from the
// cluster's discovery: here from k8s.io/api's kinds, from in.ClusterScoped
// for a custom kind, and, without -n, from a live object that has no
// namespace. The mismatch is an *InputError on the file's
// metadata.namespace, with kubectl's words.
func scopeFile(p Panes, in Input) (scoped, error) {
	file := p.File.Object
	var live map[string]any
	if p.Live != nil {
		live = p.Live.Object
	}
	apiVersion, _ := file["apiVersion"].(string)
	kind, _ := file["kind"].(string)
	fileNS, _ := nested(file, "metadata", "namespace")
	own, _ := fileNS.(string)
	_, builtin := schema.Builtin.Root(apiVersion, kind)
	if clusterScoped[kind] || (in.ClusterScoped && !builtin) {
		out := scoped{file: file}
		why := kind + " is cluster-scoped"
		if !clusterScoped[kind] {
			why += " (the scope chosen for this custom kind, as its CustomResourceDefinition's scope: Cluster would tell kubectl)"
		}
		if md, ok := file["metadata"].(map[string]any); ok {
			if _, present := md["namespace"]; present {
				out.file = withoutNamespace(file)
				if own != "" {
					out.warnings = append(out.warnings, Warning{Code: WarnNamespaceDropped, Path: "metadata.namespace",
						Message: why + ", so kubectl removes the file's namespace (" + own + ") before anything else: it is neither in the patch nor in the last-applied annotation."})
				}
			}
		}
		if in.Namespace != "" {
			out.warnings = append(out.warnings, Warning{Code: WarnNamespaceFlagIgnored, Path: "metadata.namespace",
				Message: why + ", so kubectl ignores -n " + in.Namespace + ": the object has no namespace."})
		}
		return out, nil
	}
	if own != "" {
		if in.Namespace != "" && own != in.Namespace {
			return scoped{}, namespaceMismatch(p, own, in.Namespace)
		}
		return scoped{file: file, namespace: own}, nil
	}
	if in.Namespace != "" {
		return scoped{file: withNamespace(file, in.Namespace), namespace: in.Namespace, warnings: []Warning{{
			Code: WarnNamespaceFromFlag, Path: "metadata.namespace",
			Message: "The file names no namespace, so kubectl writes the one given with -n (" + in.Namespace +
				") into the object before anything else: it is part of the patch and of the last-applied annotation." + customScopeHint(builtin, kind),
		}}}, nil
	}
	ns := DefaultNamespace
	if live != nil {
		s, _ := nested(live, "metadata", "namespace")
		if ns, _ = s.(string); ns == "" {
			return scoped{file: file}, nil // the live object says: cluster-scoped
		}
	}
	return scoped{file: withNamespace(file, ns), namespace: ns, warnings: []Warning{{
		Code: WarnNamespaceFromContext, Path: "metadata.namespace",
		Message: "The file names no namespace, so kubectl writes the namespace of its context (here " + ns +
			") into the object before anything else: it is part of the patch and of the last-applied annotation. Pass -n or set metadata.namespace to choose another." + customScopeHint(builtin, kind),
	}}}, nil
}

// customScopeHint tells, for a custom kind taken as namespaced, where its
// scope is chosen.
func customScopeHint(builtin bool, kind string) string {
	if builtin {
		return ""
	}
	return " " + kind + " is not a built-in kind, so it is taken as namespaced: if its CustomResourceDefinition says scope: Cluster, choose the cluster scope for it."
}

// NamespaceMismatchMessage is kubectl's error (cli-runtime's
// RequireNamespace) when the file names namespace own and -n names flag.
func NamespaceMismatchMessage(own, flag string) string {
	return fmt.Sprintf("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", own, flag, own)
}

func namespaceMismatch(p Panes, own, flag string) *InputError {
	e := &InputError{Pane: PaneFile, Path: "metadata.namespace", Message: NamespaceMismatchMessage(own, flag)}
	if line, _, ok := p.File.Span("metadata.namespace"); ok {
		e.Line = line
	}
	return e
}

// withNamespace is file with metadata.namespace set, sharing the rest.
func withNamespace(file map[string]any, ns string) map[string]any {
	out := kube.ShallowWithMetadata(file)
	md, ok := out["metadata"].(map[string]any)
	if !ok {
		return file
	}
	md["namespace"] = ns
	return out
}

// withoutNamespace is file without metadata.namespace, sharing the rest.
func withoutNamespace(file map[string]any) map[string]any {
	out := kube.ShallowWithMetadata(file)
	if md, ok := out["metadata"].(map[string]any); ok {
		delete(md, "namespace")
	}
	return out
}
