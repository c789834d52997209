// Package ssaschema builds the structured-merge-diff schema the API server
// of k8s.io/kubernetes uses for server-side apply: the OpenAPI definitions of
// every built-in kind (pkg/generated/openapi, named as the server names them),
// converted by kube-openapi's schemaconv exactly as managedfields.NewTypeConverter
// converts them. cmd/genssaschema writes it into engine/serverside; the tests
// of this module check the file against it and build the oracle's
// TypeConverter from the same definitions.
package ssaschema

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	"k8s.io/kube-openapi/pkg/builder3"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/spec3"
	"k8s.io/kube-openapi/pkg/util"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/admission/install"
	_ "k8s.io/kubernetes/pkg/apis/admissionregistration/install"
	_ "k8s.io/kubernetes/pkg/apis/apiserverinternal/install"
	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/authentication/install"
	_ "k8s.io/kubernetes/pkg/apis/authorization/install"
	_ "k8s.io/kubernetes/pkg/apis/autoscaling/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/certificates/install"
	_ "k8s.io/kubernetes/pkg/apis/coordination/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/discovery/install"
	_ "k8s.io/kubernetes/pkg/apis/events/install"
	_ "k8s.io/kubernetes/pkg/apis/extensions/install"
	_ "k8s.io/kubernetes/pkg/apis/flowcontrol/install"
	_ "k8s.io/kubernetes/pkg/apis/imagepolicy/install"
	_ "k8s.io/kubernetes/pkg/apis/networking/install"
	_ "k8s.io/kubernetes/pkg/apis/node/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/rbac/install"
	_ "k8s.io/kubernetes/pkg/apis/resource/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	_ "k8s.io/kubernetes/pkg/apis/storagemigration/install"
	generatedopenapi "k8s.io/kubernetes/pkg/generated/openapi"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
)

// Kind maps one served group/version/kind to its schema type name.
type Kind struct {
	APIVersion string
	Kind       string
	Type       string
}

// installedGroups are the groups of the install packages imported above:
// a binary that links this package may install more into legacyscheme
// (the Service REST storage the oracle's tests use installs every group
// through the printers), and the schema must not depend on it.
var installedGroups = map[string]bool{
	"": true, "admission.k8s.io": true, "admissionregistration.k8s.io": true, "internal.apiserver.k8s.io": true,
	"apps": true, "authentication.k8s.io": true, "authorization.k8s.io": true, "autoscaling": true, "batch": true,
	"certificates.k8s.io": true, "coordination.k8s.io": true, "discovery.k8s.io": true, "events.k8s.io": true,
	"extensions": true, "flowcontrol.apiserver.k8s.io": true, "imagepolicy.k8s.io": true, "networking.k8s.io": true,
	"node.k8s.io": true, "policy": true, "rbac.authorization.k8s.io": true, "resource.k8s.io": true,
	"scheduling.k8s.io": true, "storage.k8s.io": true, "storagemigration.k8s.io": true,
}

// OpenAPI returns the OpenAPI v3 component schemas of every kind the
// scheme knows in a served (non-internal) version of installedGroups,
// built as the API server builds them (builder3, the server's definition
// namer, which adds the x-kubernetes-group-version-kind extensions).
func OpenAPI() (map[string]*spec.Schema, error) {
	namer := openapinamer.NewDefinitionNamer(legacyscheme.Scheme)
	cfg := &common.OpenAPIV3Config{
		Info:              &spec.Info{InfoProps: spec.InfoProps{Title: "Kubernetes"}},
		DefaultResponse:   &spec3.Response{ResponseProps: spec3.ResponseProps{Description: "Default Response."}},
		GetDefinitionName: namer.GetDefinitionName,
		GetDefinitions:    generatedopenapi.GetOpenAPIDefinitions,
	}
	cfg.Definitions = cfg.GetDefinitions(func(name string) spec.Ref {
		defName, _ := cfg.GetDefinitionName(name)
		return spec.MustCreateRef("#/components/schemas/" + common.EscapeJsonPointer(defName))
	})
	var names []string
	seen := map[string]bool{}
	for gvk, typ := range legacyscheme.Scheme.AllKnownTypes() {
		if gvk.Version == "__internal" || strings.HasSuffix(gvk.Kind, "List") || !installedGroups[gvk.Group] {
			continue
		}
		name := util.GetCanonicalTypeName(reflectNew(typ))
		if _, ok := cfg.Definitions[name]; !ok || seen[name] {
			continue
		}
		seen[name] = true
		names = append(names, name)
	}
	sort.Strings(names)
	return builder3.BuildOpenAPIDefinitionsForResources(cfg, names...)
}

// Build returns the structured-merge-diff schema (types sorted by name) and
// the kinds it serves, sorted by apiVersion and kind.
func Build() (*smdschema.Schema, []Kind, error) {
	defs, err := OpenAPI()
	if err != nil {
		return nil, nil, err
	}
	s, err := schemaconv.ToSchemaFromOpenAPI(defs, false)
	if err != nil {
		return nil, nil, fmt.Errorf("schemaconv: %w", err)
	}
	sort.Slice(s.Types, func(i, j int) bool { return s.Types[i].Name < s.Types[j].Name })
	for _, t := range s.Types {
		// schemaconv lists a map's fields in Go map order; the order means
		// nothing to the merge, so it is fixed for the generated file.
		if t.Map != nil {
			sort.Slice(t.Map.Fields, func(i, j int) bool { return t.Map.Fields[i].Name < t.Map.Fields[j].Name })
		}
	}
	var kinds []Kind
	for name, def := range defs {
		if strings.HasPrefix(name, "io.k8s.apimachinery.") {
			continue // options and watch events: not objects one applies
		}
		for _, gvk := range gvks(def.Extensions) {
			kinds = append(kinds, Kind{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind, Type: name})
		}
	}
	sort.Slice(kinds, func(i, j int) bool {
		if kinds[i].APIVersion != kinds[j].APIVersion {
			return kinds[i].APIVersion < kinds[j].APIVersion
		}
		return kinds[i].Kind < kinds[j].Kind
	})
	return s, kinds, nil
}

// gvks reads x-kubernetes-group-version-kind as managedfields' indexModels does.
func gvks(ext map[string]any) []schema.GroupVersionKind {
	list, _ := ext["x-kubernetes-group-version-kind"].([]any)
	var out []schema.GroupVersionKind
	for _, item := range list {
		var g, v, k string
		switch m := item.(type) {
		case map[string]any:
			g, _ = m["group"].(string)
			v, _ = m["version"].(string)
			k, _ = m["kind"].(string)
		case map[any]any:
			g, _ = m["group"].(string)
			v, _ = m["version"].(string)
			k, _ = m["kind"].(string)
		}
		if k != "" {
			out = append(out, schema.GroupVersionKind{Group: g, Version: v, Kind: k})
		}
	}
	return out
}

func reflectNew(t reflect.Type) any { return reflect.New(t).Interface() }
