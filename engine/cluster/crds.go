package cluster

import (
	"fmt"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// groupKind is the group and kind a CustomResourceDefinition names
// (spec.group, spec.names.kind).
type groupKind struct{ group, kind string }

// crdIndex is the stored CustomResourceDefinitions by the group and kind
// they name, kept as objects are stored and removed: the field manager
// runs on every write and needs the CRD of the written kind, which a scan
// of the store would find in time proportional to everything stored.
type crdIndex struct {
	byKind map[groupKind]map[objectKey]bool
	// names is what each indexed key was indexed under, so that it is
	// taken out where it was put in.
	names map[objectKey]groupKind
}

// isCRD tells whether a stored object is a CustomResourceDefinition.
func isCRD(o map[string]any) bool {
	return o["kind"] == "CustomResourceDefinition" && strings.HasPrefix(fmt.Sprint(o["apiVersion"]), "apiextensions.k8s.io/")
}

// set indexes obj, stored under key (nil: removed).
func (x *crdIndex) set(key objectKey, obj map[string]any) {
	if gk, ok := x.names[key]; ok {
		delete(x.byKind[gk], key)
		if len(x.byKind[gk]) == 0 {
			delete(x.byKind, gk)
		}
		delete(x.names, key)
	}
	if obj == nil || !isCRD(obj) {
		return
	}
	spec, _ := obj["spec"].(map[string]any)
	names, _ := spec["names"].(map[string]any)
	gk := groupKind{}
	gk.group, _ = spec["group"].(string)
	gk.kind, _ = names["kind"].(string)
	if x.byKind == nil {
		x.byKind, x.names = map[groupKind]map[objectKey]bool{}, map[objectKey]groupKind{}
	}
	if x.byKind[gk] == nil {
		x.byKind[gk] = map[objectKey]bool{}
	}
	x.byKind[gk][key] = true
	x.names[key] = gk
}

func (x crdIndex) clone() crdIndex {
	out := crdIndex{byKind: make(map[groupKind]map[objectKey]bool, len(x.byKind)), names: make(map[objectKey]groupKind, len(x.names))}
	for gk, keys := range x.byKind {
		out.byKind[gk] = make(map[objectKey]bool, len(keys))
		for k := range keys {
			out.byKind[gk][k] = true
		}
	}
	for k, gk := range x.names {
		out.names[k] = gk
	}
	return out
}

// customResourceDefinitions are the stored CustomResourceDefinitions that
// may serve obj's apiVersion and kind, copied, in the store's order
// (Objects): those the field manager reads a custom kind's schema from
// (serverside's findCustomResource takes the first that names the group
// and kind; no other one serves it).
func (c *Cluster) customResourceDefinitions(obj map[string]any) []map[string]any {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	group, _, ok := strings.Cut(apiVersion, "/")
	if !ok {
		return nil // the core group has no custom kinds
	}
	var objs []map[string]any
	for key := range c.crds.byKind[groupKind{group, kind}] {
		objs = append(objs, c.objects.get(key))
	}
	sort.Slice(objs, func(i, j int) bool { return lessObject(objs[i], objs[j]) })
	out := make([]map[string]any, len(objs))
	for i, o := range objs {
		out[i] = jsonvalue.CopyObject(o)
	}
	return out
}
