// Package types holds a kustomization file's fields as kustomize's own
// package types declares them: the same type names in a package of the
// same name, so that the JSON decoder's errors on a malformed
// kustomization ("cannot unmarshal number into Go struct field
// Kustomization.resources of type []string", "... of type
// types.Kustomization") read as kustomize's do.
package types

import "encoding/json"

// Kustomization is a kustomization.yaml (types.Kustomization). Fields
// engine/kustomize does not compute are kept raw or as strings, to be
// refused by name.
type Kustomization struct {
	TypeMeta          `json:",inline"`
	MetaData          *ObjectMeta       `json:"metadata,omitempty"`
	OpenAPI           map[string]string `json:"openapi,omitempty"`
	NamePrefix        string            `json:"namePrefix,omitempty"`
	NameSuffix        string            `json:"nameSuffix,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	CommonLabels      map[string]string `json:"commonLabels,omitempty"`
	Labels            []Label           `json:"labels,omitempty"`
	CommonAnnotations map[string]string `json:"commonAnnotations,omitempty"`

	PatchesStrategicMerge []PatchStrategicMerge `json:"patchesStrategicMerge,omitempty"`
	PatchesJson6902       []Patch               `json:"patchesJson6902,omitempty"`
	Patches               []Patch               `json:"patches,omitempty"`
	Images                []Image               `json:"images,omitempty"`
	ImageTags             []Image               `json:"imageTags,omitempty"`
	Replacements          []ReplacementField    `json:"replacements,omitempty"`
	Replicas              []Replica             `json:"replicas,omitempty"`
	Vars                  json.RawMessage       `json:"vars,omitempty"`
	SortOptions           *SortOptions          `json:"sortOptions,omitempty"`

	Resources  []string `json:"resources,omitempty"`
	Components []string `json:"components,omitempty"`
	Crds       []string `json:"crds,omitempty"`
	Bases      []string `json:"bases,omitempty"`

	ConfigMapGenerator          []ConfigMapArgs   `json:"configMapGenerator,omitempty"`
	SecretGenerator             []SecretArgs      `json:"secretGenerator,omitempty"`
	HelmGlobals                 json.RawMessage   `json:"helmGlobals,omitempty"`
	HelmCharts                  json.RawMessage   `json:"helmCharts,omitempty"`
	HelmChartInflationGenerator json.RawMessage   `json:"helmChartInflationGenerator,omitempty"`
	GeneratorOptions            *GeneratorOptions `json:"generatorOptions,omitempty"`
	Configurations              []string          `json:"configurations,omitempty"`
	Generators                  []string          `json:"generators,omitempty"`
	Transformers                []string          `json:"transformers,omitempty"`
	Validators                  []string          `json:"validators,omitempty"`
	BuildMetadata               []string          `json:"buildMetadata,omitempty"`
}

// TypeMeta is the kustomization's kind and apiVersion.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

// PatchStrategicMerge is one entry of patchesStrategicMerge: patch text
// or a file's path.
type PatchStrategicMerge string

// ObjectMeta is the kustomization's own metadata.
type ObjectMeta struct {
	Name        string            `json:"name,omitempty"`
	Namespace   string            `json:"namespace,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

// Gvk is kyaml's resid.Gvk as kustomize's configuration spells it.
type Gvk struct {
	Group   string `json:"group,omitempty"`
	Version string `json:"version,omitempty"`
	Kind    string `json:"kind,omitempty"`
}

// ResId is kyaml's resid.ResId.
type ResId struct {
	Gvk       `json:",inline,omitempty"`
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
}

// FieldSpec is a field a transformer writes in objects of a kind.
type FieldSpec struct {
	Gvk                `json:",inline,omitempty"`
	Path               string `json:"path,omitempty"`
	CreateIfNotPresent bool   `json:"create,omitempty"`
}

// Label is one entry of labels.
type Label struct {
	Pairs            map[string]string `json:"pairs,omitempty"`
	IncludeSelectors bool              `json:"includeSelectors,omitempty"`
	IncludeTemplates bool              `json:"includeTemplates,omitempty"`
	FieldSpecs       []FieldSpec       `json:"fields,omitempty"`
}

// Image is one entry of images.
type Image struct {
	Name      string `json:"name,omitempty"`
	NewName   string `json:"newName,omitempty"`
	TagSuffix string `json:"tagSuffix,omitempty"`
	NewTag    string `json:"newTag,omitempty"`
	Digest    string `json:"digest,omitempty"`
}

// Replica is one entry of replicas.
type Replica struct {
	Name  string `json:"name,omitempty"`
	Count int64  `json:"count"`
}

// Selector is a patch's target.
type Selector struct {
	ResId              `json:",inline,omitempty"`
	AnnotationSelector string `json:"annotationSelector,omitempty"`
	LabelSelector      string `json:"labelSelector,omitempty"`
}

// PatchArgs are a patch's options.
type PatchArgs struct {
	AllowNameChange bool `json:"allowNameChange,omitempty"`
	AllowKindChange bool `json:"allowKindChange,omitempty"`
}

// Patch is one entry of patches or patchesJson6902.
type Patch struct {
	Path    string     `json:"path,omitempty"`
	Patch   string     `json:"patch,omitempty"`
	Target  *Selector  `json:"target,omitempty"`
	Options *PatchArgs `json:"options,omitempty"`
}

// SortOptions is the output order.
type SortOptions struct {
	Order             string             `json:"order,omitempty"`
	LegacySortOptions *LegacySortOptions `json:"legacySortOptions,omitempty"`
}

// LegacySortOptions are the kinds the legacy order puts first and last.
type LegacySortOptions struct {
	OrderFirst []string `json:"orderFirst"`
	OrderLast  []string `json:"orderLast"`
}

// GeneratorOptions apply to generated objects.
type GeneratorOptions struct {
	Labels                map[string]string `json:"labels,omitempty"`
	Annotations           map[string]string `json:"annotations,omitempty"`
	DisableNameSuffixHash bool              `json:"disableNameSuffixHash,omitempty"`
	Immutable             bool              `json:"immutable,omitempty"`
}

// KvPairSources are where a generator's keys come from.
type KvPairSources struct {
	LiteralSources []string `json:"literals,omitempty"`
	FileSources    []string `json:"files,omitempty"`
	EnvSources     []string `json:"envs,omitempty"`
	EnvSource      string   `json:"env,omitempty"`
}

// GeneratorArgs are a generator entry's fields.
type GeneratorArgs struct {
	Namespace     string `json:"namespace,omitempty"`
	Name          string `json:"name,omitempty"`
	Behavior      string `json:"behavior,omitempty"`
	KvPairSources `json:",inline,omitempty"`
	Options       *GeneratorOptions `json:"options,omitempty"`
}

// ConfigMapArgs is one configMapGenerator entry.
type ConfigMapArgs struct {
	GeneratorArgs `json:",inline,omitempty"`
}

// SecretArgs is one secretGenerator entry.
type SecretArgs struct {
	GeneratorArgs `json:",inline,omitempty"`
	Type          string `json:"type,omitempty"`
}

// ReplacementField is one entry of replacements: a replacement written
// inline, or the path of a file holding one or a list of them.
type ReplacementField struct {
	Replacement `json:",inline,omitempty"`
	Path        string `json:"path,omitempty"`
}

// Replacement copies a source's value (a field of one object, or a
// literal) into fields of the targets.
type Replacement struct {
	Source      *SourceSelector   `json:"source,omitempty"`
	Targets     []*TargetSelector `json:"targets,omitempty"`
	SourceValue *string           `json:"sourceValue,omitempty"`
}

// SourceSelector is a replacement's source: one object and its field.
type SourceSelector struct {
	ResId     `json:",inline,omitempty"`
	FieldPath string        `json:"fieldPath,omitempty"`
	Options   *FieldOptions `json:"options,omitempty"`
}

// TargetSelector is a replacement's target: the objects selected and not
// rejected, and their fields.
type TargetSelector struct {
	Select     *Selector     `json:"select"`
	Reject     []*Selector   `json:"reject,omitempty"`
	FieldPaths []string      `json:"fieldPaths,omitempty"`
	Options    *FieldOptions `json:"options,omitempty"`
}

// FieldOptions refine how a source's or target's field is read or written.
type FieldOptions struct {
	Delimiter string `json:"delimiter,omitempty"`
	Index     int    `json:"index,omitempty"`
	Encoding  string `json:"encoding,omitempty"`
	Create    bool   `json:"create,omitempty"`
}
