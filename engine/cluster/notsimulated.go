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
	"IP families: the cluster is single-stack IPv4 and gives every Service an IPv4 cluster IP; a real single-stack cluster refuses a Service asking for IPv6 or dual-stack (ipFamilies, ipFamilyPolicy: RequireDualStack) with its allocator's message, which the simulation does not give.",
	"Random names and uids: generateName appends a counter, uids and resourceVersions count up from fixed values.",
}
