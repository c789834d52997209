package cluster

// NotSimulated lists what a real cluster does that this simulation does
// not, for the page to say.
var NotSimulated = []string{
	"Conversion of managedFields between apiVersions: server-side apply compares managers recorded at another apiVersion on the object as it is.",
	"Admission: mutating and validating webhooks, admission policies, ResourceQuota and LimitRange.",
	"Controllers, except the `controller status` pseudo-command that writes a healthy status: no ReplicaSets or Pods are created, no rollout happens, nothing becomes ready by itself.",
	"Garbage collection of dependents (ownerReferences) and finalizers; deleting a Namespace removes its objects at once, deleting a CustomResourceDefinition removes its custom resources at once.",
	"Conversion between API versions: an object is stored and returned with the apiVersion it was written with.",
	"Discovery of custom kinds without a CustomResourceDefinition: the simulation assumes them namespaced (with a warning) where kubectl would fail with \"resource mapping not found\", and moves them to the scope the CustomResourceDefinition gives when it comes.",
	"The conversion of a JSON merge patch's or JSON patch's result into the kind's Go type (kubectl patch --type merge or json, label, annotate) and of kubectl edit's and kubectl set's patches: a value the type cannot hold is stored there (its quantities canonical), where the server refuses it. A create or a replace (the decoder's words), kubectl apply over an existing object and kubectl patch's strategic merge (the unstructured converter's words, with the patch as the server prints it) and kubectl scale past an int32 are refused as the server refuses them.",
	"Authentication, authorization (RBAC is stored, not enforced), watches, --wait and timing: the clock advances one second per command.",
	"Cluster IPs and node ports chosen by the user: the cluster (single-stack IPv4, as kind and kubeadm set one up) refuses a Service asking for IPv6 or dual-stack with the allocator's message, but does not check that a chosen clusterIP lies in the service range (10.96.0.0/16) or a chosen nodePort in 30000-32767, nor that it is free, nor the checks of an update that drops a second family of a dual-stack headless Service; a real cluster also picks free addresses at random where the simulation counts up.",
	"Validation rules beyond the ones engine/apiserver's documentation lists (names, labels and annotations, enums, ports, selectors against template labels, references inside the object, IP families, privileged containers): a write that breaks another rule of the real server (a probe's or a resource's fields, environment variables, the name of a kind without a rule, and so on) is stored. Each rule simulated is checked against k8s.io/kubernetes just inside and just outside it; the others would need the same.",
	"Random names and uids: generateName appends a counter, uids and resourceVersions count up from fixed values.",
	"kustomize (kubectl kustomize, -k): what engine/kustomize refuses (remote bases, Helm charts, plugins and KRM functions, and the fields docs/kustomize.md lists), kubectl kustomize's -o, --load-restrictor, --reorder none, --enable-helm and --enable-alpha-plugins, and the line kubectl logs when a kustomization's sortOptions meets apply -k's legacy order.",
}
