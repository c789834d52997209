package apiserver

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/applylens/applylens/engine/labelselector"
)

// Settings are the kube-apiserver flags that validation reads.
type Settings struct {
	// AllowPrivileged is --allow-privileged: false refuses privileged
	// containers (capabilities.AllowPrivileged).
	AllowPrivileged bool
}

// DefaultSettings are the flags as kind and kubeadm set them up:
// --allow-privileged=true.
var DefaultSettings = Settings{AllowPrivileged: true}

// Validate is DefaultSettings.Validate.
func Validate(obj, old map[string]any) *StatusError {
	return DefaultSettings.Validate(obj, old)
}

// Validate checks obj as the API server's validation does on create (old
// nil) or on update (old the stored object), after defaulting and the
// strategy's PrepareForCreate or PrepareForUpdate, on a server run with s.
// It returns nil when none of the rules it implements (listed in the
// package doc) is broken.
func (s Settings) Validate(obj, old map[string]any) *StatusError {
	apiVersion, kind := stringAt(obj, "apiVersion"), stringAt(obj, "kind")
	group, _, _ := strings.Cut(apiVersion, "/")
	if !strings.Contains(apiVersion, "/") {
		group = ""
	}
	v := validators[kind]
	if v.name == nil || v.group != group {
		return nil
	}
	meta := objectAt(obj, "metadata")
	var errs []fieldError
	if old == nil {
		errs = validateName(meta, v.name)
	}
	errs = append(errs, validateLabels(objectAt(meta, "labels"), "metadata.labels")...)
	errs = append(errs, validateAnnotations(objectAt(meta, "annotations"), "metadata.annotations")...)
	if v.spec != nil {
		errs = append(errs, v.spec(s, obj, old)...)
	}
	return statusError(kind, group, stringAt(meta, "name"), errs)
}

// validator is a kind's validation: the group it belongs to, the name
// rule of its ValidateObjectMeta and the checks of its spec (old nil on
// create).
type validator struct {
	group string
	name  func(string) []string
	spec  func(s Settings, obj, old map[string]any) []fieldError
}

var validators = map[string]validator{
	"Deployment":              {"apps", dnsSubdomain, validateDeployment},
	"ReplicaSet":              {"apps", dnsSubdomain, validateReplicaSet},
	"DaemonSet":               {"apps", dnsSubdomain, validateDaemonSet},
	"StatefulSet":             {"apps", dnsLabel, validateStatefulSet},
	"Job":                     {"batch", dnsSubdomain, validateJob},
	"CronJob":                 {"batch", dnsSubdomain, validateCronJob},
	"Pod":                     {"", dnsSubdomain, validatePod},
	"Service":                 {"", dnsLabel, validateService},
	"ConfigMap":               {"", dnsSubdomain, nil},
	"Secret":                  {"", dnsSubdomain, validateSecret},
	"ReplicationController":   {"", dnsSubdomainContent, validateReplicationController},
	"ServiceAccount":          {"", dnsSubdomain, nil},
	"Namespace":               {"", dnsLabel, nil},
	"HorizontalPodAutoscaler": {"autoscaling", dnsSubdomain, nil},
	"PodDisruptionBudget":     {"policy", pathSegment, nil},
	"Ingress":                 {"networking.k8s.io", dnsSubdomain, validateIngress},
	"NetworkPolicy":           {"networking.k8s.io", dnsSubdomain, nil},
	"IngressClass":            {"networking.k8s.io", dnsSubdomain, nil},
	"ResourceQuota":           {"", dnsSubdomain, nil},
	"PersistentVolumeClaim":   {"", dnsSubdomain, nil},
	"Endpoints":               {"", dnsSubdomain, nil},
	"StorageClass":            {"storage.k8s.io", dnsSubdomain, nil},
	"PriorityClass":           {"scheduling.k8s.io", dnsSubdomain, nil},
	"Lease":                   {"coordination.k8s.io", dnsSubdomain, nil},
	// RBAC's kinds take any path segment (ValidateRBACName).
	"Role":               {"rbac.authorization.k8s.io", pathSegment, nil},
	"ClusterRole":        {"rbac.authorization.k8s.io", pathSegment, nil},
	"RoleBinding":        {"rbac.authorization.k8s.io", pathSegment, nil},
	"ClusterRoleBinding": {"rbac.authorization.k8s.io", pathSegment, nil},
}

// validateName is the name part of ValidateObjectMeta.
func validateName(meta map[string]any, rule func(string) []string) []fieldError {
	name := stringAt(meta, "name")
	if name == "" {
		if stringAt(meta, "generateName") == "" {
			return []fieldError{required("metadata.name", "name or generateName is required")}
		}
		return nil
	}
	var errs []fieldError
	for _, msg := range rule(name) {
		errs = append(errs, invalid("metadata.name", name, msg))
	}
	return errs
}

// totalAnnotationSizeLimit is apimachinery's TotalAnnotationSizeLimitB.
const totalAnnotationSizeLimit = 256 * (1 << 10)

// validateAnnotations is apimachinery's ValidateAnnotations: each key a
// label key once lowercased (the message names the key as written), in
// key order, then the total size.
func validateAnnotations(annotations map[string]any, path string) []fieldError {
	var errs []fieldError
	size := 0
	for _, k := range slices.Sorted(maps.Keys(annotations)) {
		for _, msg := range labelselector.KeyErrors(strings.ToLower(k)) {
			errs = append(errs, invalid(path, k, msg))
		}
		s, _ := annotations[k].(string)
		size += len(k) + len(s)
	}
	if size > totalAnnotationSizeLimit {
		errs = append(errs, fieldError{field: path, typ: TypeTooLong, detail: "may not be more than 262144 bytes"})
	}
	return errs
}

const (
	dns1123LabelFmt     = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123SubdomainFmt = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
)

var (
	dns1123LabelRegexp     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + dns1123LabelFmt + "$") })
	dns1123SubdomainRegexp = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + dns1123SubdomainFmt + "$") })
)

// dnsSubdomain is apimachinery's IsDNS1123Subdomain.
func dnsSubdomain(s string) []string {
	var errs []string
	if len(s) > 253 {
		errs = append(errs, "must be no more than 253 characters")
	}
	if !dns1123SubdomainRegexp().MatchString(s) {
		errs = append(errs, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '"+dns1123SubdomainFmt+"')")
	}
	return errs
}

// pathSegment is the name rule of kinds whose strategy checks none
// (content.IsPathSegmentName).
func pathSegment(s string) []string {
	if s == "." || s == ".." {
		return []string{"may not be '" + s + "'"}
	}
	var errs []string
	for _, c := range []string{"/", "%"} {
		if strings.Contains(s, c) {
			errs = append(errs, "may not contain '"+c+"'")
		}
	}
	return errs
}

// dnsLabel is apimachinery's IsDNS1123Label; its RegexError writes the
// examples with two spaces before "or".
func dnsLabel(s string) []string {
	var errs []string
	if len(s) > 63 {
		errs = append(errs, "must be no more than 63 characters")
	}
	if !dns1123LabelRegexp().MatchString(s) {
		if dns1123SubdomainRegexp().MatchString(s) {
			errs = append(errs, "must not contain dots")
		} else {
			errs = append(errs, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '"+dns1123LabelFmt+"')")
		}
	}
	return errs
}

// dnsSubdomainContent is content.IsDNS1123Subdomain, whose length limit
// counts bytes (the name rules' counts characters).
func dnsSubdomainContent(s string) []string {
	errs := dnsSubdomain(s)
	if len(s) > 253 {
		errs[0] = "must be no more than 253 bytes"
	}
	return errs
}

// validateLabels checks label keys (content.IsLabelKey) and values
// (content.IsLabelValue), in key order: metav1 validation.ValidateLabels.
func validateLabels(labels map[string]any, path string) []fieldError {
	var errs []fieldError
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		for _, msg := range labelselector.KeyErrors(k) {
			errs = append(errs, invalid(path, k, msg))
		}
		v, _ := labels[k].(string)
		for _, msg := range labelselector.ValueErrors(v) {
			errs = append(errs, invalid(path, v, msg))
		}
	}
	return errs
}
