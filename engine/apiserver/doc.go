// Package apiserver simulates what the Kubernetes API server (v1.37, default
// feature gates) does to an object before it stores it: defaulting (the
// fields the server fills in), the registry strategies (generation, status)
// and validation (the writes it refuses, with the server's words).
//
// It is pure Go and linked into the wasm; the tests of the separate module
// in oracle/kubernetes check it against k8s.io/kubernetes v1.37.2 itself:
// the scheme's defaulting, and rest.BeforeCreate / rest.BeforeUpdate with
// the kinds' registry strategies.
//
// A create, in the server's order: the handler sets metadata.uid,
// creationTimestamp and namespace; then Default (the server defaults while
// it decodes the request), PrepareForCreate, Validate(obj, nil). An update:
// Default, PrepareForUpdate(obj, old), Validate(obj, old). A Service also
// gets ServiceIPFamilies (its families checked against a single-stack
// IPv4 cluster) and AllocateService (cluster IP, IP families, node ports)
// from the cluster, which owns the addresses.
//
// # Defaulting
//
// Decode is the handler's decoding of a request body into the kind's Go
// type (engine/typedjson): wrong types and invalid quantities refused with
// the decoder's words, then the strict decoder's unknown fields; what
// decodes comes back as the type encodes it (quantities canonical).
//
// Default mirrors SetObjectDefaults_<Kind> of pkg/apis/<group>/<version>
// for Pod, PodTemplate, ReplicationController, Service, Secret, Namespace,
// PersistentVolumeClaim, LimitRange (v1); Deployment, ReplicaSet, StatefulSet,
// DaemonSet (apps/v1); Job, CronJob (batch/v1); HorizontalPodAutoscaler
// (autoscaling/v2); NetworkPolicy, IngressClass (networking.k8s.io/v1);
// StorageClass (storage.k8s.io/v1); PriorityClass (scheduling.k8s.io/v1).
// ConfigMap, ServiceAccount, Ingress and PodDisruptionBudget have no
// defaults. The rounding of a ResourceList's quantities to a milli-unit
// (SetDefaults_ResourceList) is done with the decoding. Not mirrored:
// pod-level resources.
//
// # Strategies
//
// PrepareForCreate and PrepareForUpdate mirror the strategies of
// pkg/registry: status cleared on create and kept from the stored object on
// update, metadata.generation 1 and bumped when the spec changes (a
// Deployment: or its annotations), a Job's generated selector and labels,
// a DaemonSet's template generation (the deprecated.daemonset.template.
// generation annotation), a Pod's status (phase Pending, QoS class, the
// SchedulingGated condition), a Namespace's finalizer and phase; and what
// the conversion to the internal type shows (a Secret's stringData moved
// into data, a StatefulSet's volumeClaimTemplates given apiVersion and
// kind).
//
// # Validation
//
// Validate implements these rules only, each with the field, type and
// message Kubernetes produces, in the order it reports them:
//
//   - metadata.name required (unless generateName), and an RFC 1123
//     subdomain (Deployment, ReplicaSet, DaemonSet, Job, CronJob, Pod,
//     ReplicationController, ResourceQuota, PersistentVolumeClaim,
//     Endpoints, IngressClass, StorageClass, PriorityClass, Lease,
//     ConfigMap, Secret, ServiceAccount, HorizontalPodAutoscaler, Ingress,
//     NetworkPolicy) or label (StatefulSet, Namespace, Service), or a path
//     segment (PodDisruptionBudget, Role, ClusterRole, RoleBinding,
//     ClusterRoleBinding), on create; a CronJob's at most 52
//     characters;
//   - metadata.labels (and a pod template's labels): keys are qualified
//     names (an optional DNS subdomain prefix and '/', a name of at most
//     63 bytes), values at most 63 bytes of the label value characters
//     (several bad labels come in key order; the server lists them in Go's
//     map order, which varies);
//   - metadata.annotations: keys are qualified names once lowercased, at
//     most 262144 bytes in all;
//   - spec.replicas not negative (Deployment, ReplicaSet, StatefulSet);
//   - spec.selector required and not empty (Deployment, ReplicaSet,
//     StatefulSet; DaemonSet: not empty), and matching the template's
//     labels;
//   - spec.selector immutable on update (Deployment, ReplicaSet,
//     StatefulSet, DaemonSet);
//   - a pod spec (Pod and the templates of the workloads above) has
//     containers, each container and init container with a name (an RFC
//     1123 label, not used twice) and an image;
//   - the template's restartPolicy: Always for Deployment, ReplicaSet,
//     StatefulSet, DaemonSet; OnFailure or Never for a Job and a CronJob's
//     job template, Never when it has a podFailurePolicy;
//   - a Job's parallelism, completions, activeDeadlineSeconds,
//     backoffLimit, ttlSecondsAfterFinished not negative;
//   - a container's ports (a name that is an IANA service name, used
//     once; containerPort and hostPort port numbers; protocol SCTP, TCP
//     or UDP), imagePullPolicy and terminationMessagePolicy among their
//     values; a pod's restartPolicy among Always, OnFailure, Never; a pod
//     template's annotation keys; a privileged container only when the
//     Settings allow it (kube-apiserver's --allow-privileged);
//   - a Service has ports (unless headless or ExternalName), names each
//     when it has several (an RFC 1123 label, used once), with port
//     numbers, protocols and targetPorts as for containers, a selector of
//     valid labels, sessionAffinity and type among their values, and no
//     nodePort when its type is ClusterIP;
//   - a ReplicationController has a selector (defaulting copies the
//     template's labels), matching its template's labels, replicas not
//     negative, a template restarting Always, without
//     activeDeadlineSeconds; a Job's selector matches its template's
//     labels;
//   - an Ingress path has a pathType;
//   - a Secret has the data keys its type requires (tls.crt and tls.key,
//     .dockerconfigjson, ...), not checking their contents;
//   - a Deployment with strategy Recreate has no rollingUpdate.
//
// A write that breaks another rule of the real server is accepted here.
// StatusError carries both the server's Status message and the text kubectl
// prints for it (KubectlText); NotFound, AlreadyExists and Conflict build
// the other refusals the cluster makes, with Resource's plural names.
package apiserver
