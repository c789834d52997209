package kustomize

import (
	"fmt"
	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"sort"
	"sync"

	"sigs.k8s.io/yaml"
)

// fieldSpec is kustomize's types.FieldSpec: where in objects of a kind a
// transformer writes ("spec/template/metadata/labels"; "containers[]"
// walks a list), and whether it creates the field when missing.
type fieldSpec struct {
	gvk    `json:",inline"`
	Path   string `json:"path,omitempty"`
	Create bool   `json:"create,omitempty"`
}

type fsSlice []fieldSpec

func (s fsSlice) Len() int           { return len(s) }
func (s fsSlice) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
func (s fsSlice) Less(i, j int) bool { return s[i].gvk.isLessThan(s[j].gvk) }

// mergeOne is FsSlice.MergeOne: a spec whose kind selects one already
// there with the same path is not added again.
func (s fsSlice) mergeOne(x fieldSpec) (fsSlice, error) {
	for _, y := range s {
		if y.gvk.isSelected(x.gvk) && y.Path == x.Path {
			if y.Create != x.Create {
				return nil, fmt.Errorf("conflicting fieldspecs")
			}
			return s, nil
		}
	}
	return append(s, x), nil
}

// mergeAll is FsSlice.MergeAll: mergeOne of each spec of in, in order.
// Only specs with x's path can stop x, so the specs are filed by path and
// x is compared with those alone, first to last as mergeOne scans: the
// same answer without comparing every pair (merging the few hundred
// default specs into an empty configuration was 6% of a 10-file build
// under wasm).
func (s fsSlice) mergeAll(in fsSlice) (fsSlice, error) {
	byPath := make(map[string][]int, len(s)+len(in))
	for i, y := range s {
		byPath[y.Path] = append(byPath[y.Path], i)
	}
next:
	for _, x := range in {
		for _, i := range byPath[x.Path] {
			if y := s[i]; y.gvk.isSelected(x.gvk) {
				if y.Create != x.Create {
					return nil, fmt.Errorf("conflicting fieldspecs")
				}
				continue next
			}
		}
		byPath[x.Path] = append(byPath[x.Path], len(s))
		s = append(s, x)
	}
	return s, nil
}

// nameBackRef is builtinconfig.NameBackReferences: the fields of other
// objects that hold the name of an object of this kind.
type nameBackRef struct {
	gvk       `json:",inline"`
	Referrers fsSlice `json:"fieldSpecs,omitempty"`
}

type nbrSlice []nameBackRef

func (s nbrSlice) Len() int           { return len(s) }
func (s nbrSlice) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
func (s nbrSlice) Less(i, j int) bool { return s[i].gvk.isLessThan(s[j].gvk) }

// mergeAll is kustomize's nbrSlice.mergeOne of each of in, in order, on s (whose
// entries it changes): every entry of o's kind takes o's referrers
// (mergeAll), and o is added when there is none. kustomize's mergeOne
// copies the list for each o and compares every entry's kind; the kinds'
// index here finds the entries at once.
func (s nbrSlice) mergeAll(in nbrSlice) (nbrSlice, error) {
	byGVK := make(map[gvk][]int, len(s)+len(in))
	for i, c := range s {
		byGVK[c.gvk] = append(byGVK[c.gvk], i)
	}
	for _, o := range in {
		at, found := byGVK[o.gvk]
		for _, i := range at {
			refs, err := append(fsSlice(nil), s[i].Referrers...).mergeAll(o.Referrers)
			if err != nil {
				return nil, err
			}
			s[i].Referrers = refs
		}
		if !found {
			byGVK[o.gvk] = append(byGVK[o.gvk], len(s))
			s = append(s, o)
		}
	}
	return s, nil
}

// transformerConfig is builtinconfig.TransformerConfig.
type transformerConfig struct {
	NamePrefix        fsSlice  `json:"namePrefix,omitempty"`
	NameSuffix        fsSlice  `json:"nameSuffix,omitempty"`
	NameSpace         fsSlice  `json:"namespace,omitempty"`
	CommonLabels      fsSlice  `json:"commonLabels,omitempty"`
	Labels            fsSlice  `json:"labels,omitempty"`
	TemplateLabels    fsSlice  `json:"templateLabels,omitempty"`
	CommonAnnotations fsSlice  `json:"commonAnnotations,omitempty"`
	NameReference     nbrSlice `json:"nameReference,omitempty"`
	VarReference      fsSlice  `json:"varReference,omitempty"`
	Images            fsSlice  `json:"images,omitempty"`
	Replicas          fsSlice  `json:"replicas,omitempty"`
}

// sortFields sorts as kustomize does, with sort.Sort (not stable: the
// order of equal kinds is the one Go's sort leaves, the same here as there).
func (t *transformerConfig) sortFields() {
	sort.Sort(t.NamePrefix)
	sort.Sort(t.NameSuffix)
	sort.Sort(t.NameSpace)
	sort.Sort(t.CommonLabels)
	sort.Sort(t.Labels)
	sort.Sort(t.TemplateLabels)
	sort.Sort(t.CommonAnnotations)
	sort.Sort(t.NameReference)
	sort.Sort(t.VarReference)
	sort.Sort(t.Images)
	sort.Sort(t.Replicas)
}

// merge is TransformerConfig.Merge: a new config, each list merged, sorted.
func (t *transformerConfig) merge(in *transformerConfig) (*transformerConfig, error) {
	m := &transformerConfig{}
	var err error
	pairs := []struct {
		dst      *fsSlice
		a, b     fsSlice
		fieldFor string
	}{
		{&m.NamePrefix, t.NamePrefix, in.NamePrefix, "NamePrefix"},
		{&m.NameSuffix, t.NameSuffix, in.NameSuffix, "NameSuffix"},
		{&m.NameSpace, t.NameSpace, in.NameSpace, "NameSpace"},
		{&m.CommonAnnotations, t.CommonAnnotations, in.CommonAnnotations, "CommonAnnotations"},
		{&m.CommonLabels, t.CommonLabels, in.CommonLabels, "CommonLabels"},
		{&m.Labels, t.Labels, in.Labels, "Labels"},
		{&m.TemplateLabels, t.TemplateLabels, in.TemplateLabels, "TemplateLabels"},
		{&m.VarReference, t.VarReference, in.VarReference, "VarReference"},
	}
	for _, p := range pairs {
		if *p.dst, err = append(fsSlice(nil), p.a...).mergeAll(p.b); err != nil {
			return nil, fmt.Errorf("failed to merge %s fieldSpec: %w", p.fieldFor, err)
		}
	}
	if m.NameReference, err = append(nbrSlice(nil), t.NameReference...).mergeAll(in.NameReference); err != nil {
		return nil, fmt.Errorf("failed to merge NameReference fieldSpec: %w", err)
	}
	if m.Images, err = append(fsSlice(nil), t.Images...).mergeAll(in.Images); err != nil {
		return nil, fmt.Errorf("failed to merge Images fieldSpec: %w", err)
	}
	if m.Replicas, err = append(fsSlice(nil), t.Replicas...).mergeAll(in.Replicas); err != nil {
		return nil, fmt.Errorf("failed to merge Replicas fieldSpec: %w", err)
	}
	m.sortFields()
	return m, nil
}

var (
	defaultConfigOnce sync.Once
	defaultConfigVal  *transformerConfig
)

// defaultConfig is builtinconfig.MakeDefaultConfig: the generated field
// specs, read and sorted once, copied for each use.
func defaultConfig() *transformerConfig {
	defaultConfigOnce.Do(func() {
		var t transformerConfig
		if err := yaml.UnmarshalStrict([]byte(defaultFieldSpecs), &t); err != nil {
			panic("kustomize: default field specs: " + err.Error())
		}
		t.sortFields()
		defaultConfigVal = &t
	})
	c := *defaultConfigVal
	cp := func(s fsSlice) fsSlice { return append(fsSlice(nil), s...) }
	c.NamePrefix, c.NameSuffix, c.NameSpace = cp(c.NamePrefix), cp(c.NameSuffix), cp(c.NameSpace)
	c.CommonLabels, c.Labels, c.TemplateLabels = cp(c.CommonLabels), cp(c.Labels), cp(c.TemplateLabels)
	c.CommonAnnotations, c.VarReference = cp(c.CommonAnnotations), cp(c.VarReference)
	c.Images, c.Replicas = cp(c.Images), cp(c.Replicas)
	c.NameReference = append(nbrSlice(nil), c.NameReference...)
	return &c
}

// fieldSpecs converts a kustomization's field specs (labels' fields).
func fieldSpecs(in []types.FieldSpec) fsSlice {
	out := make(fsSlice, 0, len(in))
	for _, f := range in {
		out = append(out, fieldSpec{gvk: gvk{Group: f.Group, Version: f.Version, Kind: f.Kind}, Path: f.Path, Create: f.CreateIfNotPresent})
	}
	return out
}
