package kubernetes

import (
	"context"
	"errors"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/core/configmap"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/secret"
	"k8s.io/kubernetes/pkg/registry/core/service"
	"k8s.io/kubernetes/pkg/registry/core/serviceaccount"
	"k8s.io/kubernetes/pkg/registry/networking/ingress"
	"k8s.io/kubernetes/pkg/registry/networking/networkpolicy"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
)

// strategy is what the registry needs of a kind's strategy.
type strategy interface {
	rest.RESTCreateStrategy
	rest.RESTUpdateStrategy
}

// registry maps a kind to its strategy and resource name.
var registry = map[string]struct {
	s        strategy
	resource string
}{
	"Deployment":              {deployment.Strategy, "deployments"},
	"ReplicaSet":              {replicaset.Strategy, "replicasets"},
	"StatefulSet":             {statefulset.Strategy, "statefulsets"},
	"DaemonSet":               {daemonset.Strategy, "daemonsets"},
	"Job":                     {job.Strategy, "jobs"},
	"CronJob":                 {cronjob.Strategy, "cronjobs"},
	"Pod":                     {pod.Strategy, "pods"},
	"Service":                 {service.Strategy, "services"},
	"ConfigMap":               {configmap.Strategy, "configmaps"},
	"Secret":                  {secret.Strategy, "secrets"},
	"ServiceAccount":          {serviceaccount.Strategy, "serviceaccounts"},
	"Namespace":               {namespace.Strategy, "namespaces"},
	"HorizontalPodAutoscaler": {horizontalpodautoscaler.Strategy, "horizontalpodautoscalers"},
	"PodDisruptionBudget":     {poddisruptionbudget.Strategy, "poddisruptionbudgets"},
	"Ingress":                 {ingress.Strategy, "ingresses"},
	"NetworkPolicy":           {networkpolicy.Strategy, "networkpolicies"},
}

// The system fields the server gives every created object, fixed so that
// results compare (the simulated cluster gives its own).
const (
	testUID       = "0b7a6c2e-1f4d-4c8a-9e3b-5d6f7a8b9c0d"
	testNamespace = "default"
	testCreated   = "2026-01-02T03:04:05Z"
)

func requestContext(obj map[string]any, verb string) context.Context {
	gvk := gvkOf(obj)
	ctx := genericapirequest.WithNamespace(context.Background(), namespaceOf(obj))
	return genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: verb, APIGroup: gvk.Group, APIVersion: gvk.Version,
		Resource: registry[gvk.Kind].resource, Name: nameOf(obj), Namespace: namespaceOf(obj),
	})
}

func nameOf(obj map[string]any) string {
	m, _ := obj["metadata"].(map[string]any)
	s, _ := m["name"].(string)
	return s
}

func namespaceOf(obj map[string]any) string {
	if obj["kind"] == "Namespace" {
		return ""
	}
	m, _ := obj["metadata"].(map[string]any)
	if ns, _ := m["namespace"].(string); ns != "" {
		return ns
	}
	return testNamespace
}

// withSystemFields sets what the API server's handler sets before the
// strategy runs: namespace, uid, creationTimestamp.
func withSystemFields(obj map[string]any) map[string]any {
	m, ok := obj["metadata"].(map[string]any)
	if !ok {
		m = map[string]any{}
		obj["metadata"] = m
	}
	if ns := namespaceOf(obj); ns != "" {
		if _, ok := m["namespace"]; !ok {
			m["namespace"] = ns
		}
	}
	m["uid"] = testUID
	m["creationTimestamp"] = testCreated
	return obj
}

// serverCreate runs a create as the API server does: decode with
// defaulting, convert to the internal type, rest.BeforeCreate (the
// strategy's PrepareForCreate and validation), convert back.
func serverCreate(t testing.TB, obj map[string]any) (map[string]any, *apierrors.StatusError) {
	t.Helper()
	gvk := gvkOf(obj)
	versioned := typed(t, obj)
	legacyscheme.Scheme.Default(versioned)
	internal := toInternal(t, versioned)
	err := rest.BeforeCreate(registry[gvk.Kind].s, requestContext(obj, "create"), internal)
	if err != nil {
		var se *apierrors.StatusError
		if !errors.As(err, &se) {
			t.Fatalf("BeforeCreate: %v", err)
		}
		return nil, se
	}
	return untyped(t, fromInternal(t, internal, gvk)), nil
}

// serverUpdate runs an update of old (a stored object) to obj as the API
// server does: decode with defaulting, rest.BeforeUpdate.
func serverUpdate(t testing.TB, obj, old map[string]any) (map[string]any, *apierrors.StatusError) {
	t.Helper()
	gvk := gvkOf(obj)
	versioned := typed(t, obj)
	legacyscheme.Scheme.Default(versioned)
	internal := toInternal(t, versioned)
	oldVersioned := typed(t, old)
	oldInternal := toInternal(t, oldVersioned)
	err := rest.BeforeUpdate(registry[gvk.Kind].s, requestContext(obj, "update"), internal, oldInternal)
	if err != nil {
		var se *apierrors.StatusError
		if !errors.As(err, &se) {
			t.Fatalf("BeforeUpdate: %v", err)
		}
		return nil, se
	}
	return untyped(t, fromInternal(t, internal, gvk)), nil
}

// kubectlMessage is what kubectl prints for err (cmdutil.CheckErr),
// without its final newline.
func kubectlMessage(err error) string {
	var msg string
	cmdutil.BehaviorOnFatal(func(s string, code int) { msg = s })
	defer cmdutil.DefaultBehaviorOnFatal()
	cmdutil.CheckErr(err)
	return strings.TrimSuffix(msg, "\n")
}
