package cluster

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema/typedschema"
	"github.com/applylens/applylens/engine/serverside"
	"github.com/applylens/applylens/engine/typedjson"
)

// epoch is the simulated clock's start; it advances one second per
// command, so that outputs are the same on every run.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func (c *Cluster) now() time.Time { return epoch.Add(time.Duration(c.tick) * time.Second) }

func (c *Cluster) timestamp() string { return c.now().Format(time.RFC3339) }

// Field managers kubectl and the control plane write with (kubectl's
// AddFieldManagerFlagVar defaults; "kubectl" is the manager the server
// derives from kubectl's user agent when none is sent).
const (
	managerClientSideApply = kube.ManagerClientSideApply
	managerCreate          = "kubectl-create"
	managerReplace         = "kubectl-replace"
	managerEdit            = "kubectl-edit"
	managerPatch           = "kubectl-patch"
	managerLabel           = "kubectl-label"
	managerAnnotate        = "kubectl-annotate"
	managerSet             = "kubectl-set"
	managerUserAgent       = kube.ManagerKubectl
	managerLastApplied     = kube.ManagerLastApplied
	managerController      = "kube-controller-manager"
)

// write says who writes and how.
type write struct {
	manager     string
	subresource string // "", "scale" or "status"
	dryRun      bool   // --dry-run=server: everything but storing
	// applied: a server-side apply, whose field manager already gave the
	// object's managedFields (appliedFields) before defaulting.
	applied       bool
	appliedFields any
	// validation is the fieldValidation kubectl's --validate asks for
	// (apiserver.FieldValidationStrict when "").
	validation string
	// body marks an update whose request carries the whole object (a PUT:
	// kubectl replace): the server decodes it as a create's body, wrong
	// types and (with validation Strict) unknown fields refused.
	body bool
	// smpPatch is the patch of a strategic merge patch (kubectl apply
	// over an existing object, kubectl patch): the server converts its
	// result into the Go type with the unstructured converter, which
	// refuses with the patch in its message (convertPatched).
	smpPatch map[string]any
}

func objectKeyOf(k *Kind, namespace, name string) objectKey {
	return objectKey{Group: k.Group, Kind: k.Kind, Namespace: namespace, Name: name}
}

func (c *Cluster) get(k *Kind, namespace, name string) map[string]any {
	if !k.Namespaced {
		namespace = ""
	}
	return c.objects.get(objectKeyOf(k, namespace, name))
}

func (c *Cluster) namespaceExists(ns string) bool {
	return c.objects.get(objectKey{Kind: "Namespace", Name: ns}) != nil
}

func (c *Cluster) store(obj map[string]any) {
	key := c.keyOf(obj)
	c.objects.set(key, obj)
	c.crds.set(key, obj)
}

// remove takes the object stored under key out of the store.
func (c *Cluster) remove(key objectKey) {
	c.objects.remove(key)
	c.crds.set(key, nil)
}

func (c *Cluster) nextResourceVersion() string {
	c.resourceVersion++
	return fmt.Sprint(c.resourceVersion)
}

// uidOf is the n-th uid the simulated server gives out, in a UUID's shape.
func uidOf(n int64) string { return fmt.Sprintf("%08x-0000-4000-8000-%012x", n, n) }

// newObject fills in what the server sets on every created object and
// returns obj; managedFields are the field manager's (recordManagers).
func (c *Cluster) newObject(obj map[string]any, managedFields any) map[string]any {
	md := metadataOf(obj)
	c.uids++
	md["uid"] = uidOf(c.uids)
	md["creationTimestamp"] = c.timestamp()
	md["resourceVersion"] = c.nextResourceVersion()
	setManagedFields(md, managedFields)
	return obj
}

// recordManagers is the API server's field manager on a write, where its
// handler runs it: on the decoded and defaulted object (as the typed
// struct encodes it), before the registry strategy prepares, allocates and
// validates. live is nil for a create. It returns the new
// metadata.managedFields (nil: none).
func (c *Cluster) recordManagers(k *Kind, live, obj map[string]any, w write) any {
	view := jsonvalue.CopyObject(obj)
	typedEncoding(k, view)
	out := serverside.Update(serverside.UpdateRequest{Live: live, Object: view, Manager: w.manager, Subresource: w.subresource, Now: c.now(), CustomResourceDefinitions: c.customResourceDefinitions(view)})
	md, _ := out["metadata"].(map[string]any)
	return md["managedFields"]
}

func setManagedFields(md map[string]any, managedFields any) {
	if managedFields == nil {
		delete(md, "managedFields")
	} else {
		md["managedFields"] = managedFields
	}
}

// allocateService is the Service REST storage's allocation of cluster
// IPs and node ports; it returns the paths it set. A variable so that
// tests can replace it.
var allocateService = apiserver.AllocateService

// admit is what the API server does to an object after the strategy and
// before storing it (old nil for a create): the allocations, then
// validation; the object is then in the kind's typed encoding.
func (c *Cluster) admit(k *Kind, obj, old map[string]any, defaulted []string, dryRun bool, name string) ([]string, *cmdError) {
	defaulted, se := c.allocate(k, obj, old, defaulted, dryRun)
	if se != nil {
		return nil, fromAPIServer(se, k, name)
	}
	if se := c.settings.Validate(obj, old); se != nil {
		return nil, fromAPIServer(se, k, name)
	}
	typedEncoding(k, obj)
	return defaulted, nil
}

// allocate runs allocateService on a Service with the cluster's next
// free addresses: cluster IPs from 10.96.0.10 and node ports from 30000,
// in order (a real cluster picks them at random). A dry run gives out
// addresses without taking them. The cluster is single-stack IPv4, as
// kind and kubeadm set one up: a Service asking for IPv6 is refused first
// (apiserver.ServiceIPFamilies). old is the stored Service on an update.
func (c *Cluster) allocate(k *Kind, obj, old map[string]any, defaulted []string, dryRun bool) ([]string, *apiserver.StatusError) {
	if allocateService == nil || k.Group != "" || k.Kind != "Service" {
		return defaulted, nil
	}
	if se := apiserver.ServiceIPFamilies(obj, old); se != nil {
		return nil, se
	}
	ips, ports := c.clusterIPs, c.nodePorts
	ip := fmt.Sprintf("10.96.%d.%d", (10+ips)/256, (10+ips)%256)
	nodePort := func() int64 {
		c.nodePorts++
		return 30000 + c.nodePorts - 1
	}
	set := allocateService(obj, ip, nodePort)
	spec, _ := obj["spec"].(map[string]any)
	if spec["clusterIP"] == ip {
		c.clusterIPs++
	}
	if dryRun {
		c.clusterIPs, c.nodePorts = ips, ports
	}
	if len(set) == 0 {
		return defaulted, nil
	}
	out := append(append([]string(nil), defaulted...), set...)
	sort.Strings(out)
	return out, nil
}

// normalize does what storing a typed object does to a built-in kind's
// metadata: ObjectMeta omits empty label and annotation maps. Custom
// resources are stored as they are.
func normalize(k *Kind, obj map[string]any) {
	if k.Custom {
		return
	}
	md := metadataOf(obj)
	for _, f := range []string{"labels", "annotations"} {
		if m, ok := md[f].(map[string]any); (ok && len(m) == 0) || (md[f] == nil && !ok) {
			delete(md, f) // empty or null
		}
	}
}

// serverCreate does what the API server does with a POST: the namespace
// must exist and the name be free; then the strategy prepares, defaults
// and validates the object before it is stored. It returns the stored
// object and the fields defaulting set.
func (c *Cluster) serverCreate(k *Kind, obj map[string]any, w write) (map[string]any, []string, *cmdError) {
	md := metadataOf(obj)
	name := metaString(obj, "name")
	if name == "" {
		gn := metaString(obj, "generateName")
		if gn == "" {
			return nil, nil, &cmdError{status: &serverStatus{Reason: "Invalid", Kind: k.Kind,
				Message: fmt.Sprintf("%s %q is invalid: metadata.name: Required value: name or generateName is required", k.qualifiedKind(), ""),
				Causes:  []apiserver.Cause{{Field: "metadata.name", Type: "FieldValueRequired", Message: "Required value: name or generateName is required"}}}}
		}
		// The server appends five random characters; the simulation
		// counts instead.
		name = fmt.Sprintf("%s%05d", gn, c.uids+1)
		md["name"] = name
	}
	if k.Namespaced {
		ns := metaString(obj, "namespace")
		if !c.namespaceExists(ns) {
			return nil, nil, statusError("NotFound", "namespaces %q not found", ns)
		}
	} else {
		delete(md, "namespace") // rest.BeforeCreate clears it for cluster-scoped kinds
	}
	if c.get(k, metaString(obj, "namespace"), name) != nil {
		return nil, nil, statusError("AlreadyExists", "%s %q already exists", k.groupResource(), name)
	}
	for _, f := range []string{"uid", "resourceVersion", "creationTimestamp", "generation", "deletionTimestamp"} {
		delete(md, f)
	}
	normalize(k, obj)
	if w.applied {
		// A server-side apply: the field manager refused unknown fields
		// already; how the apply path words a decoding error is not
		// simulated, only what the typed object keeps.
		apiserver.Canonicalize(obj)
	} else {
		warnings, se := apiserver.Decode(obj, w.validation)
		if se != nil {
			return nil, nil, fromAPIServer(se, k, name)
		}
		c.serverWarnings = append(c.serverWarnings, warnings...)
	}
	// The server defaults while it decodes the request, runs the field
	// manager (which keeps managedFields the request sets), then the
	// registry strategy, which reads the uid (a Job's selector).
	defaulted := apiserver.Default(obj)
	managedFields := w.appliedFields
	if !w.applied {
		managedFields = c.recordManagers(k, nil, obj, w)
	}
	delete(md, "managedFields")
	md["uid"] = uidOf(c.uids + 1)
	apiserver.PrepareForCreate(obj)
	defaulted, cerr := c.admit(k, obj, nil, defaulted, w.dryRun, name)
	if cerr != nil {
		return nil, nil, cerr
	}
	if w.dryRun {
		// A dry run answers with what the server would have set, but
		// takes no resourceVersion and consumes no uid.
		md["creationTimestamp"] = c.timestamp()
		setManagedFields(md, managedFields)
		return obj, defaulted, nil
	}
	c.newObject(obj, managedFields)
	c.store(obj)
	c.afterWrite(k, obj)
	return obj, defaulted, nil
}

// serverUpdate does what the API server does with a PUT or a PATCH that
// produced obj from old: identity and server-owned metadata kept,
// prepared, defaulted and validated; a write that changes nothing is not
// stored (the resourceVersion stays).
func (c *Cluster) serverUpdate(k *Kind, obj, old map[string]any, w write) (map[string]any, []string, *cmdError) {
	name := metaString(old, "name")
	if w.body && !k.Custom {
		warnings, se := apiserver.Decode(obj, w.validation)
		if se != nil {
			return nil, nil, fromAPIServer(se, k, name)
		}
		c.serverWarnings = append(c.serverWarnings, warnings...)
	}
	if w.smpPatch != nil && !k.Custom {
		if cerr := c.convertPatched(obj, w); cerr != nil {
			return nil, nil, cerr
		}
	}
	md := metadataOf(obj)
	oldMD := metadataOf(old)
	if rv, ok := md["resourceVersion"].(string); ok && rv != "" && rv != oldMD["resourceVersion"] {
		return nil, nil, statusError("Conflict", "Operation cannot be fulfilled on %s %q: the object has been modified; please apply your changes to the latest version and try again", k.groupResource(), name)
	}
	for _, f := range []string{"uid", "creationTimestamp", "managedFields", "resourceVersion", "namespace", "name"} {
		if v, ok := oldMD[f]; ok {
			md[f] = jsonvalue.Copy(v)
		} else {
			delete(md, f)
		}
	}
	normalize(k, obj)
	apiserver.Canonicalize(obj)
	// Defaulted first, as the server decodes, so that the strategy's
	// generation bump compares defaulted specs.
	defaulted := apiserver.Default(obj)
	managedFields := w.appliedFields
	if !w.applied {
		managedFields = c.recordManagers(k, old, obj, w)
	}
	if w.subresource != "status" {
		apiserver.PrepareForUpdate(obj, old)
	}
	defaulted, cerr := c.admit(k, obj, old, defaulted, w.dryRun, name)
	if cerr != nil {
		return nil, nil, cerr
	}
	setManagedFields(md, managedFields)
	if reflect.DeepEqual(obj, old) {
		return old, defaulted, nil
	}
	if w.dryRun {
		return obj, defaulted, nil
	}
	md["resourceVersion"] = c.nextResourceVersion()
	c.store(obj)
	c.afterWrite(k, obj)
	return obj, defaulted, nil
}

// serverDelete removes an object and what the simulated controllers
// remove with it at once: a namespace's objects (the namespace
// controller), a CustomResourceDefinition's custom resources. It returns
// those dependents, sorted, for the command's Changes.
func (c *Cluster) serverDelete(k *Kind, obj map[string]any, dryRun bool) []map[string]any {
	var dependents []map[string]any
	switch {
	case k.Group == "" && k.Kind == "Namespace":
		ns := metaString(obj, "name")
		dependents = c.sortedObjects(func(o map[string]any) bool { return metaString(o, "namespace") == ns })
	case k.Group == "apiextensions.k8s.io" && k.Kind == "CustomResourceDefinition":
		if ck, ok := kindFromCRD(obj); ok {
			dependents = sortedOf(c.objects.ofKind(ck.Group, ck.Kind), func(map[string]any) bool { return true })
			if !dryRun {
				defer c.kinds.unregister(ck.Group, ck.Kind)
			}
		}
	}
	if dryRun {
		return dependents
	}
	c.remove(objectKeyOf(k, metaString(obj, "namespace"), metaString(obj, "name")))
	for _, d := range dependents {
		c.remove(c.keyOf(d))
	}
	return dependents
}

// keyOf is the store's key of a stored object.
func (c *Cluster) keyOf(obj map[string]any) objectKey {
	group, _ := splitAPIVersion(fmt.Sprint(obj["apiVersion"]))
	kind, _ := obj["kind"].(string)
	return objectKey{Group: group, Kind: kind, Namespace: metaString(obj, "namespace"), Name: metaString(obj, "name")}
}

// recordDependents adds the objects removed with another to the
// command's changes, saying why.
func (c *Cluster) recordDependents(r *run, owner string, dependents []map[string]any, dryRun bool) {
	for _, d := range dependents {
		k := c.kindOf(d)
		r.out.Changes = append(r.out.Changes, Change{Ref: refOf(k, metaString(d, "namespace"), metaString(d, "name")), Action: "deleted", DryRun: dryRun, Before: encode(d)})
		r.warn(fmt.Sprintf("%s/%s was removed with %s: the simulation does at once what a controller does in the background.", k.kindGroup(), metaString(d, "name"), owner))
	}
}

// afterWrite registers the kind a CustomResourceDefinition names, noting
// a change of scope for bringToScope.
func (c *Cluster) afterWrite(k *Kind, obj map[string]any) {
	if k.Group == "apiextensions.k8s.io" && k.Kind == "CustomResourceDefinition" {
		if ck, ok := kindFromCRD(obj); ok {
			c.noteScope(ck, metaString(obj, "name"))
			c.kinds.register(ck)
		}
	}
}

// convertPatched is the patch handler's applyPatchToObject after the
// strategic merge: the result converted into the Go type
// (typedjson.Convert: integers cut to their size in obj, a value of
// another type refused), then its unknown fields refused (validation
// Strict, kubectl apply's default) or sent back as warnings (Warn, the
// default of a request that asks for nothing: kubectl patch). A refusal
// is Invalid with the patch as Go prints it: kubectl says "The request
// is invalid: patch: Invalid value: "map[spec:map[replicas:three]]":
// unrecognized type: int32".
func (c *Cluster) convertPatched(obj map[string]any, w write) *cmdError {
	invalid := func(msg string) *cmdError {
		shown := jsonvalue.Copy(w.smpPatch)
		consumeMergedLists(shown)
		cause := apiserver.Cause{Field: "patch", Type: "FieldValueInvalid", Message: "Invalid value: " + strconv.Quote(fmt.Sprintf("%+v", shown)) + ": " + msg}
		return &cmdError{status: &serverStatus{Reason: "Invalid", Message: ` "" is invalid: patch: ` + cause.Message, Causes: []apiserver.Cause{cause}}}
	}
	if err := typedjson.Convert(typedschema.Builtin, obj); err != "" {
		return invalid(err)
	}
	unknown := typedschema.Builtin.UnknownFields(obj)
	if len(unknown) == 0 {
		return nil
	}
	msgs := make([]string, len(unknown))
	for i, p := range unknown {
		msgs[i] = fmt.Sprintf("unknown field %q", p)
	}
	sort.Strings(msgs)
	switch w.validation {
	case apiserver.FieldValidationIgnore:
	case apiserver.FieldValidationWarn:
		c.serverWarnings = append(c.serverWarnings, msgs...)
	default:
		return invalid("strict decoding error: " + strings.Join(msgs, ", "))
	}
	return nil
}

// consumeMergedLists does to a patch what StrategicMergeMapPatch does to
// the map it is given, which the handler prints afterwards: a list merged
// under a $setElementOrder directive is deleted with the directive, and so
// are $retainKeys and a "$patch: replace" marker; what is left of every
// map is visited the same way.
func consumeMergedLists(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k := range x {
			if list, ok := strings.CutPrefix(k, "$setElementOrder/"); ok {
				delete(x, k)
				delete(x, list)
			}
		}
		delete(x, "$retainKeys")
		if x["$patch"] == "replace" {
			delete(x, "$patch")
		}
		for _, e := range x {
			consumeMergedLists(e)
		}
	case []any:
		for _, e := range x {
			consumeMergedLists(e)
		}
	}
}
