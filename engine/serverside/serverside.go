package serverside

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Defaults kubectl uses.
const (
	// DefaultManager is kubectl apply --server-side's field manager.
	DefaultManager = kube.ManagerKubectl
	// ClientSideManager is the manager client-side apply records.
	ClientSideManager = kube.ManagerClientSideApply
	// LastAppliedManager applies the annotation alone before a migration.
	LastAppliedManager = kube.ManagerLastApplied
)

// Clock is the fixed time the simulated server stamps on what it changes,
// unless a live entry is later (then one second after the latest), so that
// the new entries sort last as they would on a real server.
var Clock = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Request is one `kubectl apply --server-side`.
type Request struct {
	// File is the object kubectl sends, as read from the file (with the
	// context's namespace already set when it names none).
	File map[string]any
	// Live is the live object with its metadata.managedFields; nil when it
	// does not exist yet.
	Live map[string]any
	// Manager is --field-manager; "" means "kubectl".
	Manager string
	// Force is --force-conflicts.
	Force bool
	// CustomResourceDefinitions are the CRDs the server knows (pasted
	// beside the object, or applied earlier in a timeline); the one whose
	// spec.group and spec.names.kind name the object's kind gives its
	// schema (the served version's openAPIV3Schema with its x-kubernetes-*
	// markers). A custom kind without one is treated as the server treats a
	// kind without a schema.
	CustomResourceDefinitions []map[string]any
	// Now is the time stamped on what the apply changes; zero means Clock
	// (or one second after the latest time Live records).
	Now time.Time
	// Store is the server's registry after the field manager, for each
	// request kubectl sends: the apply, then the last-applied hand-over,
	// the migration patch and the apply again when it sends them. It gets
	// the object the field manager made and stores it (defaulted,
	// prepared, with a resourceVersion of its own when it changed); its
	// error refuses that request. The next request works on the field
	// manager's object: what the registry adds (defaults) it adds again
	// to each, and the field manager leaves alone, as it owns none of it.
	Store func(obj map[string]any) error
	// DryRun is --dry-run=server: the server stores nothing, so each of
	// kubectl's requests works on Live, while kubectl reads what it sends
	// next from the previous answer. Outcome.Object is the last answer,
	// the one kubectl prints.
	DryRun bool
}

// Actions of a server-side apply.
const (
	ActionCreate    = "create"
	ActionConfigure = "configure"
	ActionUnchanged = "unchanged"
	ActionConflict  = "conflict"
)

// Outcome is what kubectl and the server did.
type Outcome struct {
	Action string
	// Object is the object the server returns last (the live object for a
	// conflict), with its metadata.managedFields.
	Object map[string]any
	// Patch is the apply patch kubectl sends (JSON, as it encodes it).
	Patch []byte
	// Conflict is set when the server refused the apply.
	Conflict *ConflictError
	// Owners lists every owned field of Object and its managers.
	Owners []Owner
	// Builtin tells whether the kind's schema is built in.
	Builtin bool
	// CustomResourceDefinition names the CRD whose schema merged the
	// custom kind; "" with Builtin false: the kind has no schema and is
	// merged with structured-merge-diff's deduced type.
	CustomResourceDefinition string
	// SavedLastApplied: kubectl first handed the last-applied annotation
	// to "kubectl-last-applied". Migrated: it then moved the client-side
	// managers' fields to the field manager and applied again.
	SavedLastApplied, Migrated bool
	// Warnings are what kubectl prints to stderr after a successful apply
	// (its warningMigration texts, without the final newline).
	Warnings []string
	// Refused is Request.Store's error for the apply itself: the server
	// refused to store the field manager's object (Object), and kubectl
	// sent nothing more.
	Refused error
	// owned holds the managers' sets of Object's managedFields as finish
	// decoded them for Owners, for the steps (ownedDecoded false: decode
	// them from Object).
	owned        []ownedSet
	ownedDecoded bool
}

// Apply runs kubectl apply --server-side against the simulated server.
// Errors other than conflicts are *ServerError, *VersionError or
// *CRDError.
func Apply(req Request) (*Outcome, error) {
	manager := req.manager()
	apiVersion, _ := req.File["apiVersion"].(string)
	kind, _ := req.File["kind"].(string)
	if req.Live != nil {
		if liveVersion, _ := req.Live["apiVersion"].(string); liveVersion != apiVersion {
			return nil, &VersionError{File: apiVersion, Live: liveVersion}
		}
	}
	fm, err := newFieldManager(apiVersion, kind, req.clock(), req.CustomResourceDefinitions)
	if err != nil {
		return nil, err
	}
	patch, err := jsonvalue.Encode(req.File)
	if err != nil {
		return nil, err
	}
	out := &Outcome{Patch: append(patch, '\n'), Builtin: fm.builtin, CustomResourceDefinition: fm.crd}
	live := req.Live
	if live == nil {
		live = emptyObject(apiVersion, kind) // the server's createNewObject
	}
	store := req.Store
	if store == nil {
		store = func(map[string]any) error { return nil }
	}
	applied := jsonvalue.CopyObject(req.File)
	obj, err := fm.apply(jsonvalue.CopyObject(live), applied, manager, req.Force)
	if err != nil {
		if c, ok := err.(*ConflictError); ok {
			out.Action, out.Conflict, out.Object = ActionConflict, c, req.Live
			out.Owners, _ = Owners(req.Live)
			return out, nil
		}
		return nil, err
	}
	// The object each request hands the registry carries the
	// resourceVersion it sets as a precondition: an apply's, from the file
	// (the same in the apply again); none for the hand-over and the
	// migration (kubectl's test of the resourceVersion it read last holds).
	fileMD, _ := req.File["metadata"].(map[string]any)
	fileRV, _ := fileMD["resourceVersion"].(string)
	precondition := func(obj map[string]any, rv string) map[string]any {
		out := kube.ShallowWithMetadata(obj)
		if md, ok := out["metadata"].(map[string]any); ok {
			if rv == "" {
				delete(md, "resourceVersion")
			} else {
				md["resourceVersion"] = rv
			}
		}
		return out
	}
	if out.Refused = store(precondition(obj, fileRV)); out.Refused != nil {
		// The field manager's answer stays in the outcome: its steps say
		// what the server merged before the registry refused it.
		return out.finish(req.Live, obj)
	}
	// What the server works on for each later request: the stored object.
	base := func() map[string]any {
		if req.DryRun {
			return jsonvalue.CopyObject(live)
		}
		return obj
	}
	// kubectl's requests after a successful apply: each refused one is a
	// warning, and ends the migration (applyOneObject).
	if manager == DefaultManager {
		var saved map[string]any
		saved, out.SavedLastApplied, err = saveLastApplied(fm, obj, base())
		if err == nil && out.SavedLastApplied {
			err = store(precondition(saved, ""))
		}
		if err != nil {
			out.SavedLastApplied = false
			out.Warnings = append(out.Warnings, "Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: "+err.Error())
		} else {
			obj = saved
		}
	}
	if err == nil {
		var migrated map[string]any
		migrated, out.Migrated, err = migrate(fm, obj, base(), manager)
		if err == nil && out.Migrated {
			err = store(precondition(migrated, ""))
		}
		if err != nil {
			out.Migrated = false
			out.Warnings = append(out.Warnings, "Warning: server rejected managed fields migration to Server-Side Apply. This is non-fatal and will be retried next time you apply. Error: "+err.Error())
		} else if out.Migrated {
			obj = migrated
			again, err := fm.apply(jsonvalue.CopyObject(base()), jsonvalue.CopyObject(req.File), manager, req.Force)
			if err == nil {
				err = store(precondition(again, fileRV))
			}
			if err != nil {
				out.Warnings = append(out.Warnings, "Warning: failed to re-apply configuration after performing Server-Side Apply migration. This is non-fatal and will be retried next time you apply. Error: "+err.Error())
			} else {
				obj = again
			}
		}
	}
	if req.DryRun {
		// Nothing was stored: the object kubectl prints is the apply's
		// answer (or the hand-over's), neither handed over nor migrated.
		out.SavedLastApplied, out.Migrated = false, false
	}
	return out.finish(req.Live, obj)
}

// finish sets the outcome's object, action and owners.
func (out *Outcome) finish(live, obj map[string]any) (*Outcome, error) {
	out.Object = obj
	switch {
	case live == nil:
		out.Action = ActionCreate
	case equalJSON(obj, live):
		out.Action = ActionUnchanged
	default:
		out.Action = ActionConfigure
	}
	var err error
	out.Owners, out.owned, err = ownersOf(obj)
	out.ownedDecoded = err == nil
	return out, err
}

func equalJSON(a, b map[string]any) bool {
	x, err1 := jsonvalue.Encode(a)
	y, err2 := jsonvalue.Encode(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

// manager is the request's field manager, kubectl's when it names none.
func (req Request) manager() string {
	if req.Manager == "" {
		return DefaultManager
	}
	return req.Manager
}

// clock is the time the server writes in managedFields: the request's, else
// clockFor the live object.
func (req Request) clock() time.Time {
	if req.Now.IsZero() {
		return clockFor(req.Live)
	}
	return req.Now
}

// clockFor is Clock, or one second after the latest time live records.
func clockFor(live map[string]any) time.Time {
	now := Clock
	entries, _ := managedHeadersOf(live)
	for _, e := range entries {
		if e.when != nil && !e.when.Before(now) {
			now = e.when.Add(time.Second).Truncate(time.Second)
		}
	}
	return now
}

var lastAppliedPath = fieldpath.MakePathOrDie("metadata", "annotations", LastAppliedAnnotation)

// owners is csaupgrade.FindFieldsOwners for the last-applied annotation.
func owners(obj map[string]any, operation string) []managerEntryValue {
	entries, _ := managedFieldsOf(obj)
	var out []managerEntryValue
	for _, e := range entries {
		if e.Operation != operation {
			continue
		}
		set, err := decodeSet(e.FieldsV1)
		if err != nil {
			continue
		}
		if set.Has(lastAppliedPath) {
			out = append(out, e)
		}
	}
	return out
}

// saveLastApplied is kubectl's saveLastApplyAnnotationIfNecessary: when the
// object kubectl holds (the last answer) has the annotation and no Apply
// manager owns it, the annotation alone is applied by
// "kubectl-last-applied" to the stored object so that the migration does
// not orphan it.
func saveLastApplied(fm *fieldManager, obj, stored map[string]any) (map[string]any, bool, error) {
	a := annotations(obj)
	value, has := a[LastAppliedAnnotation]
	if !has || len(owners(obj, OperationApply)) > 0 {
		return obj, false, nil
	}
	md, _ := obj["metadata"].(map[string]any)
	meta := map[string]any{"annotations": map[string]any{LastAppliedAnnotation: value}}
	if name, _ := md["name"].(string); name != "" {
		meta["name"] = name
	}
	if ns, _ := md["namespace"].(string); ns != "" {
		meta["namespace"] = ns
	}
	justAnnotation := map[string]any{"apiVersion": fm.apiVersion, "kind": fm.kind, "metadata": meta}
	out, err := fm.apply(jsonvalue.CopyObject(stored), justAnnotation, LastAppliedManager, false)
	if err != nil {
		return obj, false, err
	}
	return out, true, nil
}

// migrate is kubectl's migrateToSSAIfNecessary: the Update managers that
// own the last-applied annotation (client-side apply) are folded into the
// field manager's Apply entry (csaupgrade.UpgradeManagedFields) by a JSON
// patch of metadata.managedFields, which the server records as an Update.
// kubectl computes the patch from obj (the last answer); the server
// applies it to stored.
func migrate(fm *fieldManager, obj, stored map[string]any, manager string) (map[string]any, bool, error) {
	entries, err := managedFieldsOf(obj)
	if err != nil || entries == nil {
		return obj, false, err
	}
	names := map[string]bool{}
	for _, e := range owners(obj, OperationUpdate) {
		names[e.Manager] = true
	}
	var sorted []string
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	upgraded := entries
	changed := false
	for _, csa := range sorted {
		var c bool
		upgraded, c, err = upgradeManagedFields(upgraded, csa, manager)
		if err != nil {
			return obj, false, err
		}
		changed = changed || c
	}
	if !changed {
		return obj, false, nil
	}
	patched := kube.ShallowWithMetadata(stored)
	md := patched["metadata"].(map[string]any)
	if len(upgraded) == 0 {
		md["managedFields"] = nil
	} else {
		list := make([]any, len(upgraded))
		for i, e := range upgraded {
			list[i] = entryValue(e.managerEntry, e.when)
		}
		md["managedFields"] = list
	}
	out, err := fm.update(jsonvalue.CopyObject(stored), jsonvalue.CopyObject(patched), manager)
	if err != nil {
		return obj, false, err
	}
	return out, true, nil
}

// upgradeManagedFields is csaupgrade's upgradedManagedFields (no
// subresource): the csa manager's Update entry becomes, or is merged into,
// the ssa manager's Apply entry.
func upgradeManagedFields(entries []managerEntryValue, csa, ssa string) ([]managerEntryValue, bool, error) {
	if entries == nil {
		return nil, false, nil
	}
	entries = append([]managerEntryValue(nil), entries...)
	isCSA := func(e managerEntryValue) bool {
		return e.Manager == csa && e.Operation == OperationUpdate && e.Subresource == ""
	}
	target := -1
	for i, e := range entries {
		if e.Manager == ssa && e.Operation == OperationApply && e.Subresource == "" {
			target = i
			break
		}
	}
	changed := false
	if target < 0 {
		for i, e := range entries {
			if isCSA(e) {
				target = i
				break
			}
		}
		if target < 0 {
			return entries, false, nil
		}
		entries[target].Operation = OperationApply
		entries[target].Manager = ssa
		changed = true
	}
	set, err := decodeSet(entries[target].FieldsV1)
	if err != nil {
		return nil, false, err
	}
	before := set
	for _, e := range entries {
		if isCSA(e) && e.APIVersion == entries[target].APIVersion {
			other, err := decodeSet(e.FieldsV1)
			if err != nil {
				return nil, false, err
			}
			set = set.Union(other)
			break
		}
	}
	data, err := set.ToJSON()
	if err != nil {
		return nil, false, err
	}
	if !set.Equals(before) {
		changed = true
	}
	raw := json.RawMessage(data)
	entries[target].FieldsV1 = &raw
	var kept []managerEntryValue
	for _, e := range entries {
		if isCSA(e) {
			changed = true
			continue
		}
		kept = append(kept, e)
	}
	return kept, changed, nil
}

// VersionError: the live object is of another apiVersion than the file.
// The server would convert it to the file's version first; this package
// does not convert between versions.
type VersionError struct{ File, Live string }

func (e *VersionError) Error() string {
	return "the live object is " + e.Live + " and the file " + e.File +
		": the API server would convert the live object to " + e.File + " first, which applylens does not simulate; paste the live object as `kubectl get` prints it at " + e.File
}

// ServerApply is the API server's part alone: one apply patch by manager
// to live (nil: create), without kubectl's requests around it. Errors are
// *ConflictError or *ServerError.
func ServerApply(live, applied map[string]any, manager string, force bool) (map[string]any, error) {
	return ApplyPatch(Request{File: applied, Live: live, Manager: manager, Force: force})
}

// ApplyPatch is ServerApply for a Request (its Now; Manager "" is
// "kubectl"): the one request kubectl diff --server-side sends, as a dry
// run.
func ApplyPatch(req Request) (map[string]any, error) {
	manager := req.manager()
	apiVersion, _ := req.File["apiVersion"].(string)
	kind, _ := req.File["kind"].(string)
	fm, err := newFieldManager(apiVersion, kind, req.clock(), req.CustomResourceDefinitions)
	if err != nil {
		return nil, err
	}
	live := req.Live
	if live == nil {
		live = emptyObject(apiVersion, kind)
	}
	return fm.apply(jsonvalue.CopyObject(live), jsonvalue.CopyObject(req.File), manager, req.Force)
}
