package ssaschema

import (
	"encoding/json"
	"sort"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/certificates/certificates"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/node"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/replicationcontroller"
	"k8s.io/kubernetes/pkg/registry/core/resourcequota"
	"k8s.io/kubernetes/pkg/registry/core/service"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/flowschema"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/prioritylevelconfiguration"
	"k8s.io/kubernetes/pkg/registry/networking/ingress"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/storage/volumeattachment"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

type resetter interface {
	GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set
}

// resetStrategies are the registry strategies, by kind, whose reset fields
// (GetResetFields: status, mostly) the API server's field manager ignores
// in what a manager applies or updates through the main resource.
var resetStrategies = map[string]resetter{
	"DaemonSet":                  daemonset.Strategy,
	"Deployment":                 deployment.Strategy,
	"ReplicaSet":                 replicaset.Strategy,
	"StatefulSet":                statefulset.Strategy,
	"HorizontalPodAutoscaler":    horizontalpodautoscaler.Strategy,
	"CronJob":                    cronjob.Strategy,
	"Job":                        job.Strategy,
	"CertificateSigningRequest":  certificates.Strategy,
	"Namespace":                  namespace.Strategy,
	"Node":                       node.Strategy,
	"PersistentVolume":           persistentvolume.Strategy,
	"PersistentVolumeClaim":      persistentvolumeclaim.Strategy,
	"Pod":                        pod.Strategy,
	"ReplicationController":      replicationcontroller.Strategy,
	"ResourceQuota":              resourcequota.Strategy,
	"Service":                    service.Strategy,
	"FlowSchema":                 flowschema.Strategy,
	"PriorityLevelConfiguration": prioritylevelconfiguration.Strategy,
	"Ingress":                    ingress.Strategy,
	"PodDisruptionBudget":        poddisruptionbudget.Strategy,
	"VolumeAttachment":           volumeattachment.Strategy,
}

// Reset is one kind's reset fields at one apiVersion, as a field set's JSON.
type Reset struct {
	Key    string // apiVersion/kind
	Fields string
}

// ResetFields returns the reset fields of every kind in resetStrategies.
func ResetFields() ([]Reset, error) {
	var out []Reset
	for kind, s := range resetStrategies {
		for version, set := range s.GetResetFields() {
			data, err := set.ToJSON()
			if err != nil {
				return nil, err
			}
			out = append(out, Reset{Key: string(version) + "/" + kind, Fields: string(data)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// ResetFilter is the filter map the API server builds for a kind's field
// manager (fieldpath.NewExcludeFilterSetMap of GetResetFields), nil when
// the kind has none.
func ResetFilter(kind string) map[fieldpath.APIVersion]fieldpath.Filter {
	s, ok := resetStrategies[kind]
	if !ok {
		return nil
	}
	return fieldpath.NewExcludeFilterSetMap(s.GetResetFields())
}

// ZeroObjects returns, for every kind, the JSON of the Go zero value the
// scheme creates for it (runtime.ObjectCreater.New, then ConvertToVersion,
// which sets apiVersion and kind), which is what the
// server starts a create from and compares an object without managedFields
// with.
func ZeroObjects(kinds []Kind) ([]Reset, error) {
	var out []Reset
	for _, k := range kinds {
		gvk := schema.FromAPIVersionAndKind(k.APIVersion, k.Kind)
		obj, err := legacyscheme.Scheme.New(gvk)
		if err != nil {
			continue
		}
		// The server's converter names the version it converts to.
		obj.GetObjectKind().SetGroupVersionKind(gvk)
		data, err := json.Marshal(obj)
		if err != nil {
			return nil, err
		}
		out = append(out, Reset{Key: k.APIVersion + "/" + k.Kind, Fields: string(data)})
	}
	return out, nil
}
