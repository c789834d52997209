package kustomize

import (
	"bytes"
	"encoding/json"
	"reflect"

	"github.com/applylens/applylens/engine/kustomize/internal/types"
	"sigs.k8s.io/yaml"
)

const editFix = " Run 'kustomize edit fix' to update your Kustomization automatically."

// deprecationWarnings is Kustomization.CheckDeprecatedFields: what
// kustomize prints on stderr for each deprecated field present (even
// empty), in this order, for every kustomization it reads.
func deprecationWarnings(k *types.Kustomization) []string {
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
	get    func(k *types.Kustomization) bool
	reason string
}{
	{"vars", func(k *types.Kustomization) bool { return present(k.Vars) }, "vars (deprecated in kustomize) are not computed"},
	{"crds", func(k *types.Kustomization) bool { return present(k.Crds) }, "CRD field specs are not computed"},
	{"helmGlobals", func(k *types.Kustomization) bool { return present(k.HelmGlobals) }, "Helm charts need helm and the network (kubectl kustomize --enable-helm)"},
	{"helmCharts", func(k *types.Kustomization) bool { return present(k.HelmCharts) }, "Helm charts need helm and the network (kubectl kustomize --enable-helm)"},
	{"helmChartInflationGenerator", func(k *types.Kustomization) bool { return present(k.HelmChartInflationGenerator) }, "Helm charts need helm and the network (kubectl kustomize --enable-helm)"},
	{"configurations", func(k *types.Kustomization) bool { return present(k.Configurations) }, "custom transformer configurations are not computed"},
	{"generators", func(k *types.Kustomization) bool { return present(k.Generators) }, "generator plugins and KRM functions run programs or containers; a playground cannot"},
	{"transformers", func(k *types.Kustomization) bool { return present(k.Transformers) }, "transformer plugins and KRM functions run programs or containers; a playground cannot"},
	{"validators", func(k *types.Kustomization) bool { return present(k.Validators) }, "validator plugins and KRM functions run programs or containers; a playground cannot"},
}

// parseKustomization reads a kustomization file as types.Kustomization's
// Unmarshal, then FixKustomization, CheckEmpty and EnforceFields do.
func parseKustomization(file string, content []byte, root string, warnings *[]string) (*types.Kustomization, error) {
	j, err := yaml.YAMLToJSON(content)
	if err != nil {
		return nil, errorf(ErrInput, file, "invalid Kustomization: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(j))
	dec.DisallowUnknownFields()
	var k types.Kustomization
	if err := dec.Decode(&k); err != nil {
		return nil, errorf(ErrInput, file, "invalid Kustomization: %v", err)
	}
	*warnings = append(*warnings, deprecationWarnings(&k)...)
	if reflect.DeepEqual(k, types.Kustomization{TypeMeta: k.TypeMeta}) {
		return nil, errorf(ErrInput, file, "kustomization.yaml is empty")
	}
	for _, u := range unsupported {
		if u.get(&k) {
			return nil, errorf(ErrUnsupported, file, "%s: %s is not supported here: %s", file, u.field, u.reason)
		}
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
	// FixKustomization, then EnforceFields: a Component's apiVersion is
	// v1alpha1.
	if k.Kind == "" {
		k.Kind = "Kustomization"
	}
	required := "kustomize.config.k8s.io/v1beta1"
	if k.Kind == "Component" {
		required = "kustomize.config.k8s.io/v1alpha1"
	}
	if k.APIVersion != "" && k.APIVersion != required {
		errs = append(errs, "apiVersion for "+k.Kind+" should be "+required)
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

// present says whether a field the engine refuses was given: a non-empty
// list, or raw JSON other than null.
func present(v any) bool {
	switch x := v.(type) {
	case json.RawMessage:
		return len(x) > 0 && string(x) != "null"
	case []string:
		return len(x) > 0
	}
	return false
}
