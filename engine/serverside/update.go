package serverside

import (
	"strings"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Subresources a write can go through.
const (
	SubresourceStatus = "status"
	SubresourceScale  = "scale"
)

// UpdateRequest is one write other than an apply: a create, a PUT or a
// PATCH (of any type but apply), as the API server's handler hands it to
// the field manager, after decoding and defaulting and before the
// registry strategy.
type UpdateRequest struct {
	// Live is the stored object with its metadata.managedFields; nil for a
	// create (the field manager then starts from the kind's empty object).
	Live map[string]any
	// Object is the object written, with the managedFields the request
	// carries (a patched object keeps the live ones; nil or absent means
	// "keep the live ones", an empty list resets them). Through a
	// subresource, the request's managedFields are ignored. For the scale
	// subresource, Object is the main resource with its new spec.replicas.
	Object map[string]any
	// Manager is the field manager (kubectl's --field-manager, or the
	// server's default from the user agent).
	Manager string
	// Subresource is "", SubresourceStatus or SubresourceScale.
	Subresource string
	// Now is the time stamped on the entries the write changes.
	Now time.Time
	// CustomResourceDefinitions give a custom kind its schema, as for
	// Request (in the order they were created: the first that serves the
	// kind wins).
	CustomResourceDefinitions []map[string]any
}

// Update is what the API server's field manager does to a write other
// than an apply (FieldManager.UpdateNoErrors): it returns Object with
// metadata.managedFields recomputed, the writer's entry (operation Update)
// owning every field it added or changed, other managers losing the
// fields it changed. On an error of the field manager the live
// managedFields are kept, as the server does.
//
// Through the scale subresource, the entries are converted as the
// registry's managedfields.ScaleHandler does: each main-resource entry
// owning spec.replicas becomes an autoscaling/v1 Scale entry, the Scale's
// field manager records the write, and the result is folded back into the
// main resource's entries (the new scale entry has no time, as on a real
// server: ScaleHandler.ToParent takes the time from the main resource's
// entries, which have none for it).
//
// Through the status subresource, the status strategy's reset fields
// (spec, sometimes labels) are not applied as the updater's ignore
// filter: they only matter to a status write that changes more than the
// status, which the server's status strategy undoes anyway.
func Update(req UpdateRequest) map[string]any {
	// The field manager only replaces metadata.managedFields: a copy of
	// the object's top level and metadata keeps req.Object as it was.
	obj := kube.ShallowWithMetadata(req.Object)
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	var out map[string]any
	var err error
	if req.Subresource == SubresourceScale {
		out, err = updateScale(req.Live, obj, req.Manager, req.Now)
	} else {
		fm, err := newFieldManager(apiVersion, kind, req.Now, req.CustomResourceDefinitions)
		if err != nil {
			// A CRD the server would not have admitted serves nothing.
			fm, _ = newFieldManager(apiVersion, kind, req.Now, nil)
		}
		if req.Subresource != "" {
			fm.subresource = req.Subresource
			fm.updater.IgnoreFilter = nil
		}
		live := req.Live
		if live == nil {
			live = emptyObject(apiVersion, kind)
		}
		out, err = fm.update(live, obj, req.Manager)
	}
	if err != nil || out == nil {
		out = jsonvalue.CopyObject(req.Object)
		md := metadataMap(out)
		liveMD, _ := req.Live["metadata"].(map[string]any)
		if v, ok := liveMD["managedFields"]; ok {
			md["managedFields"] = jsonvalue.Copy(v)
		} else {
			delete(md, "managedFields")
		}
	}
	return out
}

func metadataMap(obj map[string]any) map[string]any {
	md, ok := obj["metadata"].(map[string]any)
	if !ok {
		md = map[string]any{}
		obj["metadata"] = md
	}
	return md
}

var replicasPathInScale = fieldpath.MakePathOrDie("spec", "replicas")

// replicasPath is the registries' ResourcePathMappings: where the built-in
// scalable kinds keep their replicas, by the apiVersion an entry was
// recorded at (nil: the entry is dropped by the conversion).
func replicasPath(parentAPIVersion, entryAPIVersion string) *fieldpath.Path {
	group := ""
	if i := strings.Index(parentAPIVersion, "/"); i >= 0 {
		group = parentAPIVersion[:i]
	}
	known := map[string]bool{}
	switch group {
	case "apps":
		known = map[string]bool{"apps/v1": true, "apps/v1beta1": true, "apps/v1beta2": true}
	case "":
		known = map[string]bool{"v1": true}
	}
	if !known[entryAPIVersion] {
		return nil
	}
	p := fieldpath.MakePathOrDie("spec", "replicas")
	return &p
}

// updateScale is a write of obj's spec.replicas through the scale
// subresource: ScaleHandler.ToSubresource, the Scale's field manager, then
// ScaleHandler.ToParent.
func updateScale(live, obj map[string]any, manager string, now time.Time) (map[string]any, error) {
	parentVersion, _ := obj["apiVersion"].(string)
	entries, err := managedFieldsOf(live)
	if err != nil {
		return nil, err
	}
	parent, err := decodeManaged(entries)
	if err != nil {
		return nil, err
	}
	scaleVersion := "autoscaling/v1"
	scale := emptyManaged()
	for id, vs := range parent.fields {
		if p := replicasPath(parentVersion, string(vs.APIVersion())); p != nil && vs.Set().Has(*p) {
			scale.fields[id] = fieldpath.NewVersionedSet(fieldpath.NewSet(replicasPathInScale), fieldpath.APIVersion(scaleVersion), vs.Applied())
			scale.times[id] = parent.times[id]
		}
	}
	fm, _ := newFieldManager(scaleVersion, "Scale", now, nil)
	fm.subresource = SubresourceScale
	oldScale, newScale := scaleOf(live, scaleVersion), scaleOf(obj, scaleVersion)
	_, scale, err = fm.skipNonAppliedUpdate(oldScale, newScale, scale, manager)
	if err != nil {
		return nil, err
	}
	merged := emptyManaged()
	for id, vs := range parent.fields {
		p := replicasPath(parentVersion, string(vs.APIVersion()))
		if p == nil {
			continue
		}
		if !vs.Set().Has(*p) {
			merged.fields[id], merged.times[id] = vs, parent.times[id]
			continue
		}
		if _, ok := scale.fields[id]; !ok {
			// The scale write took replicas from this entry.
			if set := vs.Set().Difference(fieldpath.NewSet(*p)); !set.Empty() {
				merged.fields[id] = fieldpath.NewVersionedSet(set, vs.APIVersion(), vs.Applied())
				merged.times[id] = parent.times[id]
			}
			continue
		}
		merged.fields[id], merged.times[id] = vs, parent.times[id]
		delete(scale.fields, id)
	}
	for id, vs := range scale.fields {
		if !vs.Set().Has(replicasPathInScale) {
			continue
		}
		merged.fields[id] = fieldpath.NewVersionedSet(fieldpath.NewSet(*replicasPath(parentVersion, parentVersion)), fieldpath.APIVersion(parentVersion), vs.Applied())
		merged.times[id] = parent.times[id]
	}
	out := withoutManagedFields(obj)
	return out, fm.encodeInto(out, merged)
}

// scaleOf is the registry's scaleFrom<Kind>: the Scale the subresource
// shows of obj (the fields the field manager compares).
func scaleOf(obj map[string]any, apiVersion string) map[string]any {
	md, _ := obj["metadata"].(map[string]any)
	meta := map[string]any{}
	for _, f := range []string{"name", "namespace", "uid", "resourceVersion", "creationTimestamp"} {
		if v, ok := md[f]; ok {
			meta[f] = v
		}
	}
	spec, _ := obj["spec"].(map[string]any)
	status, _ := obj["status"].(map[string]any)
	scaleSpec := map[string]any{}
	if v, ok := spec["replicas"]; ok {
		scaleSpec["replicas"] = v
	}
	scaleStatus := map[string]any{"replicas": int64(0)}
	if v, ok := status["replicas"]; ok {
		scaleStatus["replicas"] = v
	}
	return map[string]any{"apiVersion": apiVersion, "kind": "Scale", "metadata": meta, "spec": scaleSpec, "status": scaleStatus}
}
