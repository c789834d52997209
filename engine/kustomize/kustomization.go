package kustomize

import (
	"bytes"
	"encoding/json"
	"reflect"

	"sigs.k8s.io/yaml"
)

// labelArgs is one entry of `labels`.
type labelArgs struct {
	Pairs            map[string]string `json:"pairs,omitempty"`
	IncludeSelectors bool              `json:"includeSelectors,omitempty"`
	IncludeTemplates bool              `json:"includeTemplates,omitempty"`
	FieldSpecs       []fieldSpec       `json:"fields,omitempty"`
}

// imageArgs is one entry of `images`.
type imageArgs struct {
	Name      string `json:"name,omitempty"`
	NewName   string `json:"newName,omitempty"`
	TagSuffix string `json:"tagSuffix,omitempty"`
	NewTag    string `json:"newTag,omitempty"`
	Digest    string `json:"digest,omitempty"`
}

// replicaArgs is one entry of `replicas`.
type replicaArgs struct {
	Name  string `json:"name,omitempty"`
	Count int64  `json:"count"`
}

// Kustomization is kustomize's types.Kustomization (the same name, which
// shows in its JSON errors), read the way it reads it (YAML to JSON, then JSON with unknown fields refused). Fields
// this engine does not compute are kept raw, to be refused by name.
type Kustomization struct {
	APIVersion        string            `json:"apiVersion,omitempty"`
	Kind              string            `json:"kind,omitempty"`
	MetaData          json.RawMessage   `json:"metadata,omitempty"`
	OpenAPI           map[string]string `json:"openapi,omitempty"`
	NamePrefix        string            `json:"namePrefix,omitempty"`
	NameSuffix        string            `json:"nameSuffix,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	CommonLabels      map[string]string `json:"commonLabels,omitempty"`
	Labels            []labelArgs       `json:"labels,omitempty"`
	CommonAnnotations map[string]string `json:"commonAnnotations,omitempty"`
	Images            []imageArgs       `json:"images,omitempty"`
	ImageTags         []imageArgs       `json:"imageTags,omitempty"`
	Replicas          []replicaArgs     `json:"replicas,omitempty"`
	Resources         []string          `json:"resources,omitempty"`
	Bases             []string          `json:"bases,omitempty"`
	BuildMetadata     []string          `json:"buildMetadata,omitempty"`

	PatchesStrategicMerge       []string          `json:"patchesStrategicMerge,omitempty"`
	PatchesJson6902             []Patch           `json:"patchesJson6902,omitempty"`
	Patches                     []Patch           `json:"patches,omitempty"`
	Replacements                json.RawMessage   `json:"replacements,omitempty"`
	Vars                        json.RawMessage   `json:"vars,omitempty"`
	SortOptions                 *SortOptions      `json:"sortOptions,omitempty"`
	Components                  json.RawMessage   `json:"components,omitempty"`
	Crds                        json.RawMessage   `json:"crds,omitempty"`
	ConfigMapGenerator          []ConfigMapArgs   `json:"configMapGenerator,omitempty"`
	SecretGenerator             []SecretArgs      `json:"secretGenerator,omitempty"`
	HelmGlobals                 json.RawMessage   `json:"helmGlobals,omitempty"`
	HelmCharts                  json.RawMessage   `json:"helmCharts,omitempty"`
	HelmChartInflationGenerator json.RawMessage   `json:"helmChartInflationGenerator,omitempty"`
	GeneratorOptions            *GeneratorOptions `json:"generatorOptions,omitempty"`
	Configurations              json.RawMessage   `json:"configurations,omitempty"`
	Generators                  json.RawMessage   `json:"generators,omitempty"`
	Transformers                json.RawMessage   `json:"transformers,omitempty"`
	Validators                  json.RawMessage   `json:"validators,omitempty"`

	// warnings are the deprecation warnings kustomize prints for this file.
	warnings []string
}

// SortOptions is kustomize's types.SortOptions: the output order.
type SortOptions struct {
	Order             string             `json:"order,omitempty"`
	LegacySortOptions *LegacySortOptions `json:"legacySortOptions,omitempty"`
}

// LegacySortOptions are the kinds the legacy order puts first and last.
type LegacySortOptions struct {
	OrderFirst []string `json:"orderFirst"`
	OrderLast  []string `json:"orderLast"`
}

const editFix = " Run 'kustomize edit fix' to update your Kustomization automatically."

// deprecationWarnings is Kustomization.CheckDeprecatedFields: what
// kustomize prints on stderr for each deprecated field present (even
// empty), in this order, for every kustomization it reads.
func deprecationWarnings(k *Kustomization) []string {
	var w []string
	if k.Bases != nil {
		w = append(w, "# Warning: 'bases' is deprecated. Please use 'resources' instead."+editFix)
	}
	if k.CommonLabels != nil {
		w = append(w, "# Warning: 'commonLabels' is deprecated. Please use 'labels' instead."+editFix)
	}
	if k.ImageTags != nil {
		w = append(w, "# Warning: 'imageTags' is deprecated. Please use 'images' instead."+editFix)
	}
	if k.PatchesJson6902 != nil {
		w = append(w, "# Warning: 'patchesJson6902' is deprecated. Please use 'patches' instead."+editFix)
	}
	if k.PatchesStrategicMerge != nil {
		w = append(w, "# Warning: 'patchesStrategicMerge' is deprecated. Please use 'patches' instead."+editFix)
	}
	if len(k.Vars) > 0 && string(k.Vars) != "null" {
		w = append(w, "# Warning: 'vars' is deprecated. Please use 'replacements' instead. [EXPERIMENTAL] Run 'kustomize edit fix' to update your Kustomization automatically.")
	}
	return w
}

// unsupported names the fields this engine refuses, each with why.
var unsupported = []struct {
	field  string
	get    func(k *Kustomization) json.RawMessage
	reason string
}{
	{"replacements", func(k *Kustomization) json.RawMessage { return k.Replacements }, "replacements are not computed"},
	{"vars", func(k *Kustomization) json.RawMessage { return k.Vars }, "vars (deprecated in kustomize) are not computed"},
	{"components", func(k *Kustomization) json.RawMessage { return k.Components }, "components are not computed"},
	{"crds", func(k *Kustomization) json.RawMessage { return k.Crds }, "CRD field specs are not computed"},
	{"helmGlobals", func(k *Kustomization) json.RawMessage { return k.HelmGlobals }, "Helm charts need helm and the network (kubectl kustomize --enable-helm)"},
	{"helmCharts", func(k *Kustomization) json.RawMessage { return k.HelmCharts }, "Helm charts need helm and the network (kubectl kustomize --enable-helm)"},
	{"helmChartInflationGenerator", func(k *Kustomization) json.RawMessage { return k.HelmChartInflationGenerator }, "Helm charts need helm and the network (kubectl kustomize --enable-helm)"},
	{"configurations", func(k *Kustomization) json.RawMessage { return k.Configurations }, "custom transformer configurations are not computed"},
	{"generators", func(k *Kustomization) json.RawMessage { return k.Generators }, "generator plugins and KRM functions run programs or containers; a playground cannot"},
	{"transformers", func(k *Kustomization) json.RawMessage { return k.Transformers }, "transformer plugins and KRM functions run programs or containers; a playground cannot"},
	{"validators", func(k *Kustomization) json.RawMessage { return k.Validators }, "validator plugins and KRM functions run programs or containers; a playground cannot"},
}

// parseKustomization reads a kustomization file as types.Kustomization's
// Unmarshal, then FixKustomization, CheckEmpty and EnforceFields do.
func parseKustomization(file string, content []byte, root string, warnings *[]string) (*Kustomization, error) {
	j, err := yaml.YAMLToJSON(content)
	if err != nil {
		return nil, errorf(ErrInput, file, "invalid Kustomization: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.DisallowUnknownFields()
	var k Kustomization
	if err := dec.Decode(&k); err != nil {
		return nil, errorf(ErrInput, file, "invalid Kustomization: %v", err)
	}
	k.warnings = deprecationWarnings(&k)
	*warnings = append(*warnings, k.warnings...)
	if reflect.DeepEqual(k, Kustomization{APIVersion: k.APIVersion, Kind: k.Kind, warnings: k.warnings}) {
		return nil, errorf(ErrInput, file, "kustomization.yaml is empty")
	}
	for _, u := range unsupported {
		if raw := u.get(&k); len(raw) > 0 && string(raw) != "null" {
			return nil, errorf(ErrUnsupported, file, "%s: %s is not supported here: %s", file, u.field, u.reason)
		}
	}
	if len(k.OpenAPI) > 0 {
		return nil, errorf(ErrUnsupported, file, "%s: openapi is not supported here yet", file)
	}
	for _, m := range k.BuildMetadata {
		if m == "originAnnotations" || m == "transformerAnnotations" || m == "managedByLabel" {
			return nil, errorf(ErrUnsupported, file, "%s: buildMetadata %s is not supported here", file, m)
		}
	}
	var errs []string
	if k.Kind != "" && k.Kind != "Kustomization" && k.Kind != "Component" {
		errs = append(errs, "kind should be Kustomization or Component")
	}
	if k.Kind == "Component" {
		return nil, errorf(ErrUnsupported, file, "%s: components are not supported here", file)
	}
	if k.APIVersion != "" && k.APIVersion != "kustomize.config.k8s.io/v1beta1" {
		kind := k.Kind
		if kind == "" {
			kind = "Kustomization"
		}
		errs = append(errs, "apiVersion for "+kind+" should be kustomize.config.k8s.io/v1beta1")
	}
	if len(errs) > 0 {
		msg := "Failed to read kustomization file under " + root + ":"
		for _, e := range errs {
			msg += "\n" + e
		}
		return nil, errorf(ErrInput, file, "%s", msg)
	}
	k.Resources = append(k.Resources, k.Bases...)
	k.Bases = nil
	k.Images = append(k.Images, k.ImageTags...)
	k.ImageTags = nil
	return &k, nil
}
