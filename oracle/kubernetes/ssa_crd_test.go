package kubernetes

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/applylens/applylens/oracle/kubernetes/ssaschema"
	yaml "go.yaml.in/yaml/v2"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	crdvalidation "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apiextensions-apiserver/pkg/controller/openapi/builder"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresource"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/spec3"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
)

var (
	staticOnce sync.Once
	staticSpec map[string]*spec.Schema
	staticErr  error
)

// crdOf reads a CRD as the API server stores it: decoded into the v1
// types and defaulted.
func crdOf(t testing.TB, m map[string]any) *apiextensionsv1.CustomResourceDefinition {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := json.Unmarshal(data, crd); err != nil {
		t.Fatal(err)
	}
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(crd)
	return crd
}

// crdErrors is what the API server's validation says of creating crd.
func crdErrors(t testing.TB, crd *apiextensionsv1.CustomResourceDefinition) string {
	t.Helper()
	internal := &apiextensions.CustomResourceDefinition{}
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(crd, internal, nil); err != nil {
		t.Fatal(err)
	}
	if errs := crdvalidation.ValidateCustomResourceDefinition(context.Background(), internal); len(errs) > 0 {
		return errs.ToAggregate().Error()
	}
	return ""
}

// openAPIModelsForApply is apiextensions-apiserver's
// buildOpenAPIModelsForApply (pkg/apiserver/customresource_handler.go,
// unexported), line for line: the server's static spec (its paths are nil,
// so MergeSpecsV3 leaves it out, as on the server) merged with the OpenAPI
// the CRD builder publishes for every version.
func openAPIModelsForApply(t testing.TB, crd *apiextensionsv1.CustomResourceDefinition) map[string]*spec.Schema {
	t.Helper()
	staticOnce.Do(func() { staticSpec, staticErr = ssaschema.OpenAPI() })
	if staticErr != nil {
		t.Fatal(staticErr)
	}
	staticSpecV3 := &spec3.OpenAPI{
		Version:    "3.0.0",
		Info:       &spec.Info{InfoProps: spec.InfoProps{Title: "Kubernetes CRD Swagger", Version: "v0.1.0"}},
		Components: &spec3.Components{Schemas: staticSpec},
	}
	specs := []*spec3.OpenAPI{staticSpecV3}
	for _, v := range crd.Spec.Versions {
		s, err := builder.BuildOpenAPIV3(crd, v.Name, builder.Options{})
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, s)
	}
	merged, err := builder.MergeSpecsV3(specs...)
	if err != nil {
		t.Fatal(err)
	}
	return merged.Components.Schemas
}

// crdFieldManager is the real field manager of the endpoint of obj's kind
// when one of crds serves it (the first that names its group and kind), as
// the CRD handler builds it (scopeWithFieldManager): NewTypeConverter on
// the published models, the CR strategy's reset fields,
// NewDefaultCRDFieldManager. Without one it is fakeFieldManager's: the
// deduced type, what the server merges a kind without a schema with.
func crdFieldManager(t testing.TB, crds []map[string]any, obj map[string]any) *managedfields.FieldManager {
	t.Helper()
	gvk := gvkOf(obj)
	for _, m := range crds {
		crd := crdOf(t, m)
		if crd.Spec.Group != gvk.Group || crd.Spec.Names.Kind != gvk.Kind {
			continue
		}
		for _, v := range crd.Spec.Versions {
			if v.Name != gvk.Version || !v.Served {
				continue
			}
			tc, err := managedfields.NewTypeConverter(openAPIModelsForApply(t, crd), crd.Spec.PreserveUnknownFields)
			if err != nil {
				t.Fatal(err)
			}
			var status *apiextensions.CustomResourceSubresourceStatus
			if v.Subresources != nil && v.Subresources.Status != nil {
				status = &apiextensions.CustomResourceSubresourceStatus{}
			}
			strategy := customresource.NewStrategy(nil, crd.Spec.Scope == apiextensionsv1.NamespaceScoped, gvk, nil, nil, nil, status, nil, nil)
			fm, err := managedfields.NewDefaultCRDFieldManager(tc, unconverted{}, undefaulted{}, emptyCreater{}, gvk, gvk.GroupVersion(), "",
				fieldpath.NewExcludeFilterSetMap(strategy.GetResetFields()))
			if err != nil {
				t.Fatal(err)
			}
			return fm
		}
		break
	}
	return fakeFieldManager(t, obj)
}

// realSchemaType is the type schemaconv gives the custom kind, as
// managedfields.NewTypeConverter reads the models.
func realSchemaType(t testing.TB, crd *apiextensionsv1.CustomResourceDefinition, gvk schema.GroupVersionKind) *smdschema.TypeDef {
	t.Helper()
	s := realSchema(t, crd)
	groupParts := strings.Split(gvk.Group, ".")
	for i, j := 0, len(groupParts)-1; i < j; i, j = i+1, j-1 {
		groupParts[i], groupParts[j] = groupParts[j], groupParts[i]
	}
	name := strings.Join(groupParts, ".") + "." + gvk.Version + "." + gvk.Kind
	for i := range s.Types {
		if s.Types[i].Name == name {
			return &s.Types[i]
		}
	}
	t.Fatalf("no type %s", name)
	return nil
}

// realSchema is the schema managedfields.NewTypeConverter makes of the
// CRD's models.
func realSchema(t testing.TB, crd *apiextensionsv1.CustomResourceDefinition) *smdschema.Schema {
	t.Helper()
	s, err := schemaconv.ToSchemaFromOpenAPI(openAPIModelsForApply(t, crd), crd.Spec.PreserveUnknownFields)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// atomYAML is an atom as YAML with the fields of every map sorted (the
// converter's order is the order of a Go map).
func atomYAML(t testing.TB, a smdschema.Atom) string {
	t.Helper()
	sortAtom(&a)
	out, err := yaml.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func sortAtom(a *smdschema.Atom) {
	if a.Map != nil {
		m := smdschema.Map{Fields: append([]smdschema.StructField(nil), a.Map.Fields...), Unions: a.Map.Unions,
			ElementType: a.Map.ElementType, ElementRelationship: a.Map.ElementRelationship}
		sort.Slice(m.Fields, func(i, j int) bool { return m.Fields[i].Name < m.Fields[j].Name })
		for i := range m.Fields {
			sortAtom(&m.Fields[i].Type.Inlined)
			m.Fields[i].Default = roundTripAny(m.Fields[i].Default)
		}
		sortAtom(&m.ElementType.Inlined)
		a.Map = &m
	}
	if a.List != nil {
		l := *a.List
		sortAtom(&l.ElementType.Inlined)
		a.List = &l
	}
}

// roundTripAny spells a default the same whichever numbers decoded it.
func roundTripAny(v any) any {
	if v == nil {
		return nil
	}
	data, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// firstDiff is the first line where two texts differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return al[i] + " | want " + bl[i]
		}
	}
	return "lengths differ"
}
