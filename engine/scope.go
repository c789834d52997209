package engine

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

// contextNamespace returns the namespace kubectl's resource builder writes
// into a namespaced object whose file names none (kubectl's current
// context: the live object's namespace if it exists, else "default"), and
// false when the file keeps its own or the kind is cluster-scoped.
func contextNamespace(kind string, file, live map[string]any) (string, bool) {
	if ns, _ := nested(file, "metadata", "namespace"); ns != nil && ns != "" {
		return "", false
	}
	if clusterScoped[kind] {
		return "", false
	}
	if live != nil {
		ns, _ := nested(live, "metadata", "namespace")
		s, ok := ns.(string)
		if !ok || s == "" {
			return "", false // the live object says: cluster-scoped
		}
		return s, true
	}
	return DefaultNamespace, true
}

// withNamespace is file with metadata.namespace set, sharing the rest.
func withNamespace(file map[string]any, ns string) map[string]any {
	out := shallowWithMetadata(file)
	md, ok := out["metadata"].(map[string]any)
	if !ok {
		return file
	}
	md["namespace"] = ns
	return out
}
