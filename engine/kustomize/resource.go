package kustomize

import (
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Build annotations: kustomize records an object's history in annotations
// while it builds (its earlier names, the prefixes and suffixes it was
// given) and removes them before writing it out. They are kept the same
// way here, so that the name references find what kustomize finds.
const (
	annoPreviousKinds      = "internal.config.kubernetes.io/previousKinds"
	annoPreviousNames      = "internal.config.kubernetes.io/previousNames"
	annoPrefixes           = "internal.config.kubernetes.io/prefixes"
	annoSuffixes           = "internal.config.kubernetes.io/suffixes"
	annoPreviousNamespaces = "internal.config.kubernetes.io/previousNamespaces"
	annoRefBy              = "internal.config.kubernetes.io/refBy"
	annoOrigin             = "config.kubernetes.io/origin"
	annoTransformations    = "alpha.config.kubernetes.io/transformations"
	annoLocalConfig        = "config.kubernetes.io/local-config"
)

// BuildAnnotations is kustomize's resource.BuildAnnotations: removed before
// output (oracle/kustomize checks the list).
var BuildAnnotations = []string{
	annoPreviousKinds, annoPreviousNames, annoPrefixes, annoSuffixes, annoPreviousNamespaces,
	"internal.config.kubernetes.io/allowNameChange",
	"internal.config.kubernetes.io/allowKindChange",
	annoRefBy,
	"internal.config.kubernetes.io/generatorBehavior",
	"internal.config.kubernetes.io/needsHashSuffix",
	"internal.config.kubernetes.io/path",
	"internal.config.kubernetes.io/index",
	"internal.config.kubernetes.io/seqindent",
	"internal.config.kubernetes.io/id",
	"internal.config.kubernetes.io/annotations-migration-resource-id",
	"config.kubernetes.io/path",
	"config.kubernetes.io/index",
	"config.k8s.io/id",
	"internal.config.kubernetes.io/helm-generated",
}

// object is one resource being built: its YAML (a mapping node) and the
// file it was read from.
type object struct {
	node *yaml.Node
	file string
}

func (o *object) meta() *yaml.Node { return field(o.node, "metadata") }

func (o *object) metaString(name string) string {
	if v := field(o.meta(), name); v != nil {
		return v.Value
	}
	return ""
}

func (o *object) apiVersion() string {
	if v := field(o.node, "apiVersion"); v != nil {
		return v.Value
	}
	return ""
}

func (o *object) kind() string {
	if v := field(o.node, "kind"); v != nil {
		return v.Value
	}
	return ""
}

func (o *object) name() string      { return o.metaString("name") }
func (o *object) namespace() string { return o.metaString("namespace") }

func (o *object) gvk() gvk {
	g, v := parseGroupVersion(o.apiVersion())
	return gvk{Group: g, Version: v, Kind: o.kind()}
}

// curID is the object's id now.
func (o *object) curID() resID {
	return resID{gvk: o.gvk(), Name: o.name(), Namespace: o.namespace()}
}

func (o *object) annotations() map[string]string { return o.metaMap("annotations") }

func (o *object) labels() map[string]string { return o.metaMap("labels") }

// metaMap is kyaml's getMapFromMeta: the first such field of metadata
// (when the input gives it twice), its keys read in order (a key given
// twice: the last value).
func (o *object) metaMap(name string) map[string]string {
	return stringMap(field(o.meta(), name))
}

func (o *object) setAnnotation(key, value string) {
	meta := lookupCreate(o.node, "metadata", yaml.MappingNode, tagMap)
	m := lookupCreate(meta, "annotations", yaml.MappingNode, tagMap)
	if m.Kind != yaml.MappingNode || m.Tag == tagNull {
		*m = yaml.Node{Kind: yaml.MappingNode, Tag: tagMap}
	}
	setEntry(m, key, strNode(value))
}

func (o *object) csvAnnotation(name string) []string {
	a := o.annotations()
	v, ok := a[name]
	if !ok {
		return nil
	}
	return strings.Split(v, ",")
}

func (o *object) appendCsvAnnotation(name, value string) {
	if value == "" {
		return
	}
	o.setAnnotation(name, strings.Join(append(o.csvAnnotation(name), value), ","))
}

// storePreviousID records the current id before a rename
// (Resource.StorePreviousId).
func (o *object) storePreviousID() {
	id := o.curID()
	o.appendCsvAnnotation(annoPreviousNames, id.Name)
	o.appendCsvAnnotation(annoPreviousNamespaces, id.effectiveNamespace())
	o.appendCsvAnnotation(annoPreviousKinds, id.Kind)
}

// prevIDs is utils.PrevIds: the ids recorded before each rename, oldest
// first.
func (o *object) prevIDs() []resID {
	names := o.csvAnnotation(annoPreviousNames)
	nss := o.csvAnnotation(annoPreviousNamespaces)
	kinds := o.csvAnnotation(annoPreviousKinds)
	if len(names) != len(nss) || len(names) != len(kinds) {
		return nil
	}
	g := o.gvk()
	ids := make([]resID, 0, len(names))
	for i := range names {
		// utils.PrevIds builds these ids' kinds without their scope: they
		// count as namespaced even when the kind is cluster-scoped.
		ids = append(ids, resID{gvk: gvk{Group: g.Group, Version: g.Version, Kind: kinds[i]}, Name: names[i], Namespace: nss[i], scopeUnknown: true})
	}
	return ids
}

// orgID is the id the object had when it was read.
func (o *object) orgID() resID {
	if ids := o.prevIDs(); len(ids) > 0 {
		return ids[0]
	}
	return o.curID()
}

// matchesAnyID says whether the current or an earlier id satisfies f.
func (o *object) matchesAnyID(f func(resID) bool) bool {
	if f(o.curID()) {
		return true
	}
	for _, id := range o.prevIDs() {
		if f(id) {
			return true
		}
	}
	return false
}

// sameEndingSubSlice is utils.SameEndingSubSlice.
func sameEndingSubSlice(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == 0 && len(b) == 0
	}
	i, j := len(a)-1, len(b)-1
	for i >= 0 && j >= 0 {
		if a[i] != b[j] {
			return false
		}
		i--
		j--
	}
	return true
}

func (o *object) prefixesSuffixesEqual(other *object, allowEmpty bool) bool {
	p1, p2 := o.csvAnnotation(annoPrefixes), other.csvAnnotation(annoPrefixes)
	s1, s2 := o.csvAnnotation(annoSuffixes), other.csvAnnotation(annoSuffixes)
	if allowEmpty {
		return (len(p1) == 0 || len(p2) == 0 || sameEndingSubSlice(p1, p2)) &&
			(len(s1) == 0 || len(s2) == 0 || sameEndingSubSlice(s1, s2))
	}
	return sameEndingSubSlice(p1, p2) && sameEndingSubSlice(s1, s2)
}
