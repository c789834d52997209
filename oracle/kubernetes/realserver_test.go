package kubernetes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/oracle/kubernetes/served"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/cli-runtime/pkg/resource"
	"k8s.io/client-go/discovery"
	restclient "k8s.io/client-go/rest"
	"k8s.io/client-go/restmapper"
	aggregatorscheme "k8s.io/kube-aggregator/pkg/apiserver/scheme"
	"k8s.io/kube-aggregator/pkg/registry/apiservice"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/admissionregistration/install"
	_ "k8s.io/kubernetes/pkg/apis/certificates/install"
	_ "k8s.io/kubernetes/pkg/apis/coordination/install"
	_ "k8s.io/kubernetes/pkg/apis/discovery/install"
	_ "k8s.io/kubernetes/pkg/apis/events/install"
	_ "k8s.io/kubernetes/pkg/apis/flowcontrol/install"
	_ "k8s.io/kubernetes/pkg/apis/node/install"
	_ "k8s.io/kubernetes/pkg/apis/rbac/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/apps/controllerrevision"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/certificates/certificates"
	"k8s.io/kubernetes/pkg/registry/coordination/lease"
	"k8s.io/kubernetes/pkg/registry/core/configmap"
	"k8s.io/kubernetes/pkg/registry/core/endpoint"
	"k8s.io/kubernetes/pkg/registry/core/event"
	"k8s.io/kubernetes/pkg/registry/core/limitrange"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/podtemplate"
	"k8s.io/kubernetes/pkg/registry/core/replicationcontroller"
	"k8s.io/kubernetes/pkg/registry/core/resourcequota"
	"k8s.io/kubernetes/pkg/registry/core/secret"
	"k8s.io/kubernetes/pkg/registry/core/service"
	"k8s.io/kubernetes/pkg/registry/core/serviceaccount"
	"k8s.io/kubernetes/pkg/registry/discovery/endpointslice"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/flowschema"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/prioritylevelconfiguration"
	"k8s.io/kubernetes/pkg/registry/networking/ingress"
	"k8s.io/kubernetes/pkg/registry/networking/ingressclass"
	"k8s.io/kubernetes/pkg/registry/networking/networkpolicy"
	"k8s.io/kubernetes/pkg/registry/node/runtimeclass"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/rbac/clusterrole"
	"k8s.io/kubernetes/pkg/registry/rbac/clusterrolebinding"
	"k8s.io/kubernetes/pkg/registry/rbac/role"
	"k8s.io/kubernetes/pkg/registry/rbac/rolebinding"
	"k8s.io/kubernetes/pkg/registry/scheduling/priorityclass"
	"k8s.io/kubernetes/pkg/registry/storage/csidriver"
	"k8s.io/kubernetes/pkg/registry/storage/storageclass"
	"k8s.io/kubernetes/pkg/registry/storage/volumeattachment"
)

// This file is a real API server for the real-manifest test: kubectl's
// resource builder (cli-runtime, with a RESTMapper made from the
// discovery documents of a default 1.37 kube-apiserver) reads a file,
// and each object goes through what the create handler and the registry
// do: the strict decoder (kubectl's default --validate=strict asks for
// fieldValidation=Strict), defaulting and conversion to the internal
// type, the request namespace check, rest.BeforeCreate with the kind's
// strategy (PrepareForCreate, validation), and the encoding of the
// stored object at the requested version. A Service first goes through
// its REST storage's allocation (realalloc_test.go). Admission plugins
// are not run, except the NamespaceLifecycle check that the namespace
// exists.

// realStrategies are the registry strategies of the built-in kinds, by
// group and kind (the strategy a kind's REST storage uses; most kinds of
// a group share one, whatever the version).
var realStrategies = map[schema.GroupKind]strategy{
	{Group: "", Kind: "ConfigMap"}:                                                  configmap.Strategy,
	{Group: "", Kind: "Endpoints"}:                                                  endpoint.Strategy,
	{Group: "", Kind: "Event"}:                                                      event.Strategy,
	{Group: "events.k8s.io", Kind: "Event"}:                                         event.Strategy,
	{Group: "", Kind: "LimitRange"}:                                                 limitrange.Strategy,
	{Group: "", Kind: "Namespace"}:                                                  namespace.Strategy,
	{Group: "", Kind: "PersistentVolume"}:                                           persistentvolume.Strategy,
	{Group: "", Kind: "PersistentVolumeClaim"}:                                      persistentvolumeclaim.Strategy,
	{Group: "", Kind: "Pod"}:                                                        pod.Strategy,
	{Group: "", Kind: "PodTemplate"}:                                                podtemplate.Strategy,
	{Group: "", Kind: "ReplicationController"}:                                      replicationcontroller.Strategy,
	{Group: "", Kind: "ResourceQuota"}:                                              resourcequota.Strategy,
	{Group: "", Kind: "Secret"}:                                                     secret.Strategy,
	{Group: "", Kind: "Service"}:                                                    service.Strategy,
	{Group: "", Kind: "ServiceAccount"}:                                             serviceaccount.Strategy,
	{Group: "admissionregistration.k8s.io", Kind: "MutatingWebhookConfiguration"}:   mutatingwebhookconfiguration.Strategy,
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"}: validatingwebhookconfiguration.Strategy,
	{Group: "apiregistration.k8s.io", Kind: "APIService"}:                           apiservice.NewStrategy(aggregatorscheme.Scheme),
	{Group: "apps", Kind: "ControllerRevision"}:                                     controllerrevision.Strategy,
	{Group: "apps", Kind: "DaemonSet"}:                                              daemonset.Strategy,
	{Group: "apps", Kind: "Deployment"}:                                             deployment.Strategy,
	{Group: "apps", Kind: "ReplicaSet"}:                                             replicaset.Strategy,
	{Group: "apps", Kind: "StatefulSet"}:                                            statefulset.Strategy,
	{Group: "autoscaling", Kind: "HorizontalPodAutoscaler"}:                         horizontalpodautoscaler.Strategy,
	{Group: "batch", Kind: "CronJob"}:                                               cronjob.Strategy,
	{Group: "batch", Kind: "Job"}:                                                   job.Strategy,
	{Group: "certificates.k8s.io", Kind: "CertificateSigningRequest"}:               certificates.Strategy,
	{Group: "coordination.k8s.io", Kind: "Lease"}:                                   lease.Strategy,
	{Group: "discovery.k8s.io", Kind: "EndpointSlice"}:                              endpointslice.Strategy,
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "FlowSchema"}:                     flowschema.Strategy,
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "PriorityLevelConfiguration"}:     prioritylevelconfiguration.Strategy,
	{Group: "networking.k8s.io", Kind: "Ingress"}:                                   ingress.Strategy,
	{Group: "networking.k8s.io", Kind: "IngressClass"}:                              ingressclass.Strategy,
	{Group: "networking.k8s.io", Kind: "NetworkPolicy"}:                             networkpolicy.Strategy,
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:                                    runtimeclass.Strategy,
	{Group: "policy", Kind: "PodDisruptionBudget"}:                                  poddisruptionbudget.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRole"}:                       clusterrole.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRoleBinding"}:                clusterrolebinding.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "Role"}:                              role.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "RoleBinding"}:                       rolebinding.Strategy,
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}:                             priorityclass.Strategy,
	{Group: "storage.k8s.io", Kind: "CSIDriver"}:                                    csidriver.Strategy,
	{Group: "storage.k8s.io", Kind: "StorageClass"}:                                 storageclass.Strategy,
	{Group: "storage.k8s.io", Kind: "VolumeAttachment"}:                             volumeattachment.Strategy,
}

// clientGetter gives kubectl's resource builder the RESTMapper of the
// discovery; nothing is ever sent to the REST config's address.
type clientGetter struct{ mapper meta.RESTMapper }

func (g clientGetter) ToRESTConfig() (*restclient.Config, error) {
	return &restclient.Config{Host: "https://127.0.0.1:1"}, nil
}
func (g clientGetter) ToDiscoveryClient() (discovery.CachedDiscoveryInterface, error) {
	return nil, errors.New("no discovery client in the test")
}
func (g clientGetter) ToRESTMapper() (meta.RESTMapper, error) { return g.mapper, nil }

// realKubectl reads files as `kubectl create -f` does and sends each
// object to a real API server's create path.
type realKubectl struct {
	getter clientGetter
	// namespaces are the namespaces that exist, for the NamespaceLifecycle
	// admission plugin's check.
	namespaces map[string]bool
	// services is the Service REST storage's allocation.
	services *serviceAllocation
}

// reset makes the server a fresh cluster's: the namespaces kube-apiserver
// creates, no address given out.
func (k *realKubectl) reset() {
	k.namespaces = map[string]bool{"default": true, "kube-node-lease": true, "kube-public": true, "kube-system": true}
	k.services.reset()
}

// createNamespace creates ns as `kubectl create namespace` does, when the
// server accepts it.
func (k *realKubectl) createNamespace(t testing.TB, ns string) {
	t.Helper()
	out := k.create(t, "namespace.yaml", "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: "+strconv.Quote(ns)+"\n")
	if len(out) == 1 && out[0].stored != nil {
		k.namespaces[ns] = true
	}
}

func loadDiscovery(t testing.TB) *served.Discovery {
	t.Helper()
	d, err := served.Load()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func newRealKubectl(t testing.TB) *realKubectl {
	k := &realKubectl{getter: clientGetter{mapper: restmapper.NewDiscoveryRESTMapper(loadDiscovery(t).Groups)}, services: newServiceAllocation(t)}
	k.reset()
	return k
}

// realOutcome is what one object of `kubectl create -f` came to: the
// stored object, or kubectl's error text (as cmdutil.CheckErr prints it).
type realOutcome struct {
	stored map[string]any
	err    string
}

// create runs `kubectl create -f name` on text, in the "default"
// namespace of kubectl's context: one outcome per object, and kubectl's
// error text for what failed before an object was read.
func (k *realKubectl) create(t testing.TB, name, text string) []realOutcome {
	t.Helper()
	r := resource.NewBuilder(k.getter).Unstructured().ContinueOnError().
		NamespaceParam(testNamespace).DefaultNamespace().
		Stream(strings.NewReader(text), name).Flatten().Do()
	if err := r.Err(); err != nil {
		return []realOutcome{{err: kubectlMessage(err)}}
	}
	var out []realOutcome
	err := r.Visit(func(info *resource.Info, err error) error {
		if err != nil {
			return err
		}
		stored, serr := k.serverCreate(t, info)
		if serr != nil {
			out = append(out, realOutcome{err: kubectlMessage(cmdutil.AddSourceToErr("creating", info.Source, serr))})
			return nil
		}
		out = append(out, realOutcome{stored: stored})
		return nil
	})
	if err != nil {
		out = append(out, realOutcome{err: kubectlMessage(err)})
	}
	return out
}

// serverCreate is the API server's create path for one object kubectl
// sends.
func (k *realKubectl) serverCreate(t testing.TB, info *resource.Info) (map[string]any, error) {
	t.Helper()
	gvk := info.Mapping.GroupVersionKind
	body, err := json.Marshal(info.Object)
	if err != nil {
		t.Fatal(err)
	}
	scheme, codecs := legacyscheme.Scheme, legacyscheme.Codecs
	if aggregatorscheme.Scheme.Recognizes(gvk) {
		scheme, codecs = aggregatorscheme.Scheme, aggregatorscheme.Codecs
	}
	s, ok := realStrategies[gvk.GroupKind()]
	if !ok {
		t.Fatalf("%s: no registry strategy in realStrategies", gvk)
	}
	// The handler's decoder: strict (fieldValidation=Strict), defaulting,
	// converting to the group's internal version.
	strict := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme, kjson.SerializerOptions{Strict: true})
	decoder := codecs.DecoderToVersion(strict, schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal})
	original, err := scheme.New(gvk.GroupKind().WithVersion(runtime.APIVersionInternal))
	if err != nil {
		t.Fatalf("%s: %v", gvk, err)
	}
	obj, decodedGVK, err := decoder.Decode(body, &gvk, original)
	if err != nil {
		return nil, transformDecodeError(scheme, err, original, decodedGVK)
	}
	accessor, err := meta.Accessor(obj)
	if err != nil {
		t.Fatal(err)
	}
	namespaced := info.Mapping.Scope.Name() == meta.RESTScopeNameNamespace
	ns := ""
	if namespaced {
		ns = info.Namespace
	}
	if err := rest.EnsureObjectNamespaceMatchesRequestNamespace(rest.ExpectedNamespaceForScope(ns, namespaced), accessor); err != nil {
		return nil, err
	}
	// The NamespaceLifecycle admission plugin (mutating, before the
	// store): the namespace must exist.
	if namespaced && !k.namespaces[ns] {
		return nil, apierrors.NewNotFound(schema.GroupResource{Resource: "namespaces"}, ns)
	}
	ctx := genericapirequest.WithNamespace(context.Background(), ns)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: "create", APIGroup: gvk.Group, APIVersion: gvk.Version,
		Resource: info.Mapping.Resource.Resource, Name: info.Name, Namespace: ns,
	})
	// The store's create: system fields, a generated name, then
	// BeforeCreate.
	rest.FillObjectMetaSystemFields(accessor)
	if accessor.GetGenerateName() != "" && accessor.GetName() == "" {
		accessor.SetName(s.GenerateName(accessor.GetGenerateName()))
	}
	if gvk.Group == "" && gvk.Kind == "Service" {
		finish, err := k.services.begin(ctx, obj)
		if err != nil {
			return nil, err
		}
		if err := rest.BeforeCreate(s, ctx, obj); err != nil {
			finish(false)
			return nil, err
		}
		finish(true)
	} else if err := rest.BeforeCreate(s, ctx, obj); err != nil {
		return nil, err
	}
	out, err := scheme.New(gvk)
	if err != nil {
		t.Fatal(err)
	}
	if err := scheme.Convert(obj, out, nil); err != nil {
		t.Fatal(err)
	}
	out.GetObjectKind().SetGroupVersionKind(gvk)
	return untyped(t, out), nil
}

// transformDecodeError is the create handler's message for a body it
// cannot decode (k8s.io/apiserver/pkg/endpoints/handlers/rest.go,
// unexported there).
func transformDecodeError(typer runtime.ObjectTyper, baseErr error, into runtime.Object, gvk *schema.GroupVersionKind) error {
	objGVKs, _, err := typer.ObjectKinds(into)
	if err != nil {
		return apierrors.NewBadRequest(err.Error())
	}
	if gvk != nil && len(gvk.Kind) > 0 {
		return apierrors.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", gvk.Kind, gvk.Version, objGVKs[0].Kind, baseErr))
	}
	return apierrors.NewBadRequest(fmt.Sprintf("the object provided is unrecognized (must be of type %s): %v", objGVKs[0].Kind, baseErr))
}
