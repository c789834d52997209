package apiserver

import "github.com/applylens/applylens/engine/jsonvalue"

// Default fills in, in place, the fields the API server defaults for obj's
// kind on create and update, and returns the field paths it set (in the
// syntax of engine/document's paths, e.g.
// "spec.template.spec.containers[name=nginx].imagePullPolicy"), sorted, so
// the page can label them "set by the server". A kind it does not know is
// left as it is.
func Default(obj map[string]any) []string {
	apiVersion, kind := stringAt(obj, "apiVersion"), stringAt(obj, "kind")
	f := defaulters[apiVersion+"/"+kind]
	if f == nil {
		return nil
	}
	before := jsonvalue.CopyObject(obj)
	f(obj)
	return changedPaths(apiVersion, kind, before, obj)
}

// defaulters holds SetObjectDefaults_<Kind> for each apiVersion/kind.
var defaulters = map[string]func(map[string]any){
	"v1/Pod":                                 defaultPod,
	"v1/PodTemplate":                         func(o map[string]any) { defaultPodTemplate(ensureObject(o, "template")) },
	"v1/ReplicationController":               defaultReplicationController,
	"v1/Service":                             defaultService,
	"v1/Secret":                              defaultSecret,
	"v1/Namespace":                           defaultNamespace,
	"v1/PersistentVolumeClaim":               defaultPVC,
	"v1/LimitRange":                          defaultLimitRange,
	"apps/v1/Deployment":                     defaultDeployment,
	"apps/v1/ReplicaSet":                     defaultReplicaSet,
	"apps/v1/StatefulSet":                    defaultStatefulSet,
	"apps/v1/DaemonSet":                      defaultDaemonSet,
	"batch/v1/Job":                           defaultJob,
	"batch/v1/CronJob":                       defaultCronJob,
	"autoscaling/v2/HorizontalPodAutoscaler": defaultHPA,
	"networking.k8s.io/v1/NetworkPolicy":     defaultNetworkPolicy,
	"networking.k8s.io/v1/IngressClass":      defaultIngressClass,
	"admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration": defaultWebhooks(false),
	"admissionregistration.k8s.io/v1/MutatingWebhookConfiguration":   defaultWebhooks(true),
	"apiregistration.k8s.io/v1/APIService":                           defaultAPIService,
	"storage.k8s.io/v1/StorageClass":                                 defaultStorageClass,
	"scheduling.k8s.io/v1/PriorityClass":                             defaultPriorityClass,
}

// StatusError is a write the API server refuses, as kubectl prints it
// (`The Deployment "x" is invalid: spec.selector: ...`).
type StatusError struct {
	// Reason is the Status reason: "Invalid", "AlreadyExists", "NotFound",
	// "Conflict", "BadRequest".
	Reason string
	// Message is the whole message kubectl prints after "Error from
	// server (Reason): ", or alone for Invalid: `The Deployment "x" is
	// invalid: <cause>`, or with several causes, one a line after "\n* ".
	Message string
	// ServerMessage is the Status message the server sends
	// (`Deployment.apps "x" is invalid: [<cause>, <cause>]`).
	ServerMessage string
	// Causes are the fields at fault, in the order the server lists them.
	Causes []Cause
}

// Cause is one field the server names in a StatusError.
type Cause struct {
	Field   string // e.g. "spec.strategy.rollingUpdate"
	Type    string // e.g. "FieldValueForbidden"
	Message string
}

func (e *StatusError) Error() string { return e.Message }

// Strategy tells, for a kind, what the simulated server does with it.
type Strategy struct {
	// Generation: metadata.generation is set and bumped.
	Generation bool
	// StatusSubresource: the kind has a status subresource, so writes to
	// the object keep the old status and a controller writes it apart.
	StatusSubresource bool
}
