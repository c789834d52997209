package kubernetes

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
	sigsyaml "sigs.k8s.io/yaml"
)

// widgetSchema is a CRD schema with every marker the server's conversion
// reads.
const widgetSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      ports:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [port, protocol]
        items:
          type: object
          required: [port]
          properties:
            port: {type: integer}
            protocol: {type: string, default: TCP}
            name: {type: string}
      tags: {type: array, x-kubernetes-list-type: set, items: {type: string}}
      args: {type: array, x-kubernetes-list-type: atomic, items: {type: string}}
      plain: {type: array, items: {type: string}}
      selector: {type: object, x-kubernetes-map-type: atomic, additionalProperties: {type: string}}
      labels: {type: object, additionalProperties: {type: string}}
      limits:
        type: object
        x-kubernetes-map-type: granular
        properties:
          cpu: {type: string}
          memory: {type: string}
      frozen:
        type: object
        x-kubernetes-map-type: atomic
        properties:
          a: {type: string}
          b: {type: string}
      config: {type: object, x-kubernetes-preserve-unknown-fields: true}
      template:
        type: object
        x-kubernetes-embedded-resource: true
        x-kubernetes-preserve-unknown-fields: true
      target: {x-kubernetes-int-or-string: true}
      when: {type: string, format: date-time}
      data: {type: string, format: byte}
      note: {type: string, nullable: true}
      replicas: {type: integer}
      ratio: {type: number}
      enabled: {type: boolean}
      anything: {x-kubernetes-preserve-unknown-fields: true}
  status:
    type: object
    properties:
      ready: {type: boolean}
`

// crdDoc is a v1 CRD of group example.com; versions are "name:served"
// with the schema (YAML) and the status subresource for every version.
func crdDoc(t testing.TB, kind, plural, schemaYAML string, versions ...string) map[string]any {
	t.Helper()
	var s any
	if err := sigsyaml.Unmarshal([]byte(schemaYAML), &s); err != nil {
		t.Fatal(err)
	}
	var vs []any
	for i, v := range versions {
		name, served := v, true
		if n, ok := cutSuffix(v, ":unserved"); ok {
			name, served = n, false
		}
		vs = append(vs, map[string]any{"name": name, "served": served, "storage": i == 0,
			"schema":       map[string]any{"openAPIV3Schema": s},
			"subresources": map[string]any{"status": map[string]any{}}})
	}
	doc := map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": plural + ".example.com"},
		"spec": map[string]any{"group": "example.com", "scope": "Namespaced",
			"names":    map[string]any{"kind": kind, "listKind": kind + "List", "plural": plural, "singular": plural[:len(plural)-1]},
			"versions": vs},
	}
	out, err := jsonvalue.DecodeObject([]byte(mustJSON(doc)))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func cutSuffix(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}

// customObject is a namespaced object of example.com; rest is the JSON
// after metadata (e.g. `"spec":{…}`).
func customObject(apiVersion, kind, rest string) map[string]any {
	return obj(fmt.Sprintf(`{"apiVersion":%q,"kind":%q,"metadata":{"name":"w","namespace":"default"},%s}`, apiVersion, kind, rest))
}

// crdStep is one request to the custom kind's endpoint.
type crdStep struct {
	manager string
	update  bool // an Update (a controller, kubectl edit) instead of an apply
	force   bool
	object  map[string]any
}

// runCRDSteps applies each step with both the engine and the real field
// manager (an update only with the real one), compares them at every
// apply, and carries the real result forward. It returns the engine's
// last outcome.
func runCRDSteps(t testing.TB, name string, crds []map[string]any, steps []crdStep) *serverside.Outcome {
	t.Helper()
	var live map[string]any
	var last *serverside.Outcome
	managers := map[schema.GroupVersionKind]*managedfields.FieldManager{}
	for i, s := range steps {
		at := t0.Add(time.Duration(i) * time.Minute)
		fm := managers[gvkOf(s.object)]
		if fm == nil {
			fm = crdFieldManager(t, crds, s.object)
			managers[gvkOf(s.object)] = fm
		}
		stepName := fmt.Sprintf("%s, step %d (%s)", name, i+1, s.manager)
		if s.update {
			newObj := jsonvalue.CopyObject(s.object)
			if live != nil {
				newObj["metadata"].(map[string]any)["managedFields"] = jsonvalue.Copy(live["metadata"].(map[string]any)["managedFields"])
			}
			out, err := fm.Update(liveOrEmpty(live, s.object), unstr(newObj), s.manager)
			if err != nil {
				t.Fatalf("%s: real update: %v", stepName, err)
			}
			live = stamp(t, asMap(t, out), at)
			continue
		}
		checkSSAWith(t, stepName, fm, crds, live, s.object, s.manager, s.force)
		out, err := serverside.Apply(serverside.Request{File: jsonvalue.CopyObject(s.object), Live: jsonvalue.CopyObject(live),
			Manager: s.manager, Force: s.force, CustomResourceDefinitions: crds})
		if err != nil {
			t.Logf("%s: both refuse: %v", stepName, err) // checkSSAWith compared the errors
			return nil
		}
		last = out
		real, err := realSSAWith(t, fm, live, s.object, s.manager, s.force)
		if err != nil {
			t.Fatalf("%s: real: %v", stepName, err)
		}
		if real.conflict == nil {
			live = stamp(t, real.obj, at)
		}
	}
	return last
}

func liveOrEmpty(live, file map[string]any) runtime.Object {
	if live == nil {
		return emptyLive(file)
	}
	return unstr(live)
}

// TestSSACRDNamedCases compares engine/serverside with the API server's
// CRD handler (the CRD's OpenAPI as apiextensions-apiserver builds it, the
// type converter managedfields.NewTypeConverter makes of it, the CR
// strategy's reset fields) on each marker of a CRD schema, and with the
// deduced type where no CRD serves the kind.
func TestSSACRDNamedCases(t *testing.T) {
	widgets := crdDoc(t, "Widget", "widgets", widgetSchema, "v1", "v2:unserved")
	crds := []map[string]any{widgets}
	if errs := crdErrors(t, crdOf(t, widgets)); errs != "" {
		t.Fatalf("the widget CRD is invalid: %s", errs)
	}
	w := func(spec string) map[string]any { return customObject("example.com/v1", "Widget", `"spec":`+spec) }
	apply := func(manager, spec string) crdStep { return crdStep{manager: manager, object: w(spec)} }
	forced := func(manager, spec string) crdStep { return crdStep{manager: manager, object: w(spec), force: true} }
	preserveRoot := crdDoc(t, "Gadget", "gadgets", `{type: object, x-kubernetes-preserve-unknown-fields: true, properties: {spec: {type: object, properties: {a: {type: string}}}}}`, "v1")
	// spec.preserveUnknownFields, which a CRD kept from v1beta1 may still
	// have: every object keeps unknown fields, ObjectMeta too.
	legacy := crdDoc(t, "Gizmo", "gizmos", `{type: object, properties: {spec: {type: object, properties: {a: {type: object, properties: {b: {type: string}}}}}}}`, "v1")
	legacy["spec"].(map[string]any)["preserveUnknownFields"] = true

	for _, tc := range []struct {
		name   string
		crds   []map[string]any
		steps  []crdStep
		action string
		crd    string // the CRD whose schema the engine used
	}{
		{name: "list-type map merges by key", steps: []crdStep{
			apply("kubectl", `{"ports":[{"port":80,"name":"http"}]}`),
			apply("mesh", `{"ports":[{"port":9090,"protocol":"TCP","name":"metrics"}]}`),
			apply("kubectl", `{"ports":[{"port":80,"name":"web"}]}`)}, action: "configure"},
		{name: "list-type map conflicts on a field of one key", steps: []crdStep{
			apply("kubectl", `{"ports":[{"port":80,"name":"http"}]}`),
			apply("mesh", `{"ports":[{"port":80,"name":"other"}]}`)}, action: "conflict"},
		{name: "list-type map key defaulted by the schema", steps: []crdStep{
			apply("kubectl", `{"ports":[{"port":53,"protocol":"UDP"},{"port":53}]}`),
			apply("mesh", `{"ports":[{"port":53,"protocol":"TCP","name":"dns"}]}`)}, action: "configure"},
		{name: "list-type map duplicate keys refused", steps: []crdStep{
			apply("kubectl", `{"ports":[{"port":80},{"port":80}]}`)}, action: ""},
		{name: "set keeps other managers' elements", steps: []crdStep{
			apply("kubectl", `{"tags":["a","b"]}`),
			apply("ci", `{"tags":["c"]}`),
			apply("kubectl", `{"tags":["a"]}`)}, action: "configure"},
		{name: "atomic list conflicts whole", steps: []crdStep{
			apply("kubectl", `{"args":["x"]}`),
			apply("ci", `{"args":["y"]}`)}, action: "conflict"},
		{name: "atomic list forced takes it over", steps: []crdStep{
			apply("kubectl", `{"args":["x"],"plain":["p"]}`),
			forced("ci", `{"args":["y"],"plain":["q"]}`),
			apply("kubectl", `{}`)}, action: "configure"},
		{name: "map-type atomic", steps: []crdStep{
			apply("kubectl", `{"selector":{"app":"a"},"frozen":{"a":"1"}}`),
			apply("ci", `{"selector":{"tier":"b"},"frozen":{"b":"2"}}`)}, action: "conflict"},
		{name: "map-type granular and additionalProperties", steps: []crdStep{
			apply("kubectl", `{"labels":{"app":"a"},"limits":{"cpu":"1"}}`),
			apply("ci", `{"labels":{"tier":"b"},"limits":{"memory":"1Gi"}}`),
			apply("kubectl", `{"labels":{"app":"a2"}}`)}, action: "configure"},
		{name: "preserve-unknown-fields", steps: []crdStep{
			apply("kubectl", `{"config":{"a":{"b":1},"list":[1,2]},"anything":{"x":[{"y":1}]}}`),
			apply("ci", `{"config":{"a":{"c":2},"list":[3]},"anything":"scalar now"}`)}, action: "conflict"},
		{name: "preserve-unknown-fields granular below", steps: []crdStep{
			apply("kubectl", `{"config":{"a":{"b":1}}}`),
			apply("ci", `{"config":{"a":{"c":2},"d":true}}`),
			apply("kubectl", `{"config":{}}`)}, action: "configure"},
		{name: "embedded resource", steps: []crdStep{
			apply("kubectl", `{"template":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"app":"a"}},"spec":{"x":1}}}`),
			apply("ci", `{"template":{"apiVersion":"v1","kind":"Pod","metadata":{"labels":{"tier":"b"},"annotations":{"n":"v"}},"spec":{"y":2}}}`),
			apply("kubectl", `{"template":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"}}}`)}, action: "configure"},
		{name: "int-or-string", steps: []crdStep{
			apply("kubectl", `{"target":80}`),
			apply("ci", `{"target":"http"}`)}, action: "conflict"},
		{name: "int-or-string forced", steps: []crdStep{
			apply("kubectl", `{"target":80}`),
			forced("ci", `{"target":"http"}`),
			apply("kubectl", `{"target":"http"}`)}, action: "configure"},
		{name: "scalars: date-time, byte, nullable, numbers, boolean", steps: []crdStep{
			apply("kubectl", `{"when":"2026-01-01T00:00:00Z","data":"aGk=","note":null,"replicas":2,"ratio":0.5,"enabled":true}`),
			apply("ci", `{"note":"n","replicas":2,"ratio":0.5}`),
			apply("kubectl", `{"when":"2026-01-02T00:00:00Z"}`)}, action: "configure"},
		{name: "a value of the wrong type is refused", steps: []crdStep{
			apply("kubectl", `{"replicas":"two"}`)}, action: ""},
		{name: "an unknown field is refused", steps: []crdStep{
			apply("kubectl", `{"unknown":1}`)}, action: ""},
		{name: "metadata is ObjectMeta", steps: []crdStep{
			{manager: "kubectl", object: customObject("example.com/v1", "Widget", `"spec":{}`)},
			{manager: "ci", object: obj(`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"default","labels":{"a":"b"},"finalizers":["f"],"ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"c","uid":"u1"}]}}`)},
		}, action: "configure"},
		{name: "status is reset on the main resource", steps: []crdStep{
			{manager: "kubectl", object: customObject("example.com/v1", "Widget", `"spec":{"replicas":1},"status":{"ready":true}`)},
			{manager: "ci", object: customObject("example.com/v1", "Widget", `"spec":{"replicas":1},"status":{"ready":false}`)},
		}, action: "configure"},
		{name: "an update then an apply", steps: []crdStep{
			apply("kubectl", `{"ports":[{"port":80}],"replicas":1}`),
			{manager: "controller", update: true, object: w(`{"ports":[{"port":80},{"port":81}],"replicas":3}`)},
			apply("kubectl", `{"ports":[{"port":80,"name":"n"}],"replicas":2}`)}, action: "conflict"},
		{name: "migration from client-side apply", steps: []crdStep{
			{manager: "kubectl-client-side-apply", update: true, object: withLastApplied(w(`{"tags":["a"],"replicas":1}`))},
			apply("kubectl", `{"tags":["a","b"],"replicas":1}`)}, action: "configure"},
		{name: "an unserved version has no schema", steps: []crdStep{
			{manager: "kubectl", object: customObject("example.com/v2", "Widget", `"spec":{"ports":[{"port":80}]}`)},
			{manager: "mesh", object: customObject("example.com/v2", "Widget", `"spec":{"ports":[{"port":9090}]}`)},
		}, action: "conflict"},
		{name: "a CRD for another kind", steps: []crdStep{
			{manager: "kubectl", object: customObject("example.com/v1", "Gizmo", `"spec":{"tags":["a"]}`)},
			{manager: "ci", object: customObject("example.com/v1", "Gizmo", `"spec":{"tags":["b"]}`)},
		}, action: "conflict"},
		{name: "another group", steps: []crdStep{
			{manager: "kubectl", object: customObject("other.example.com/v1", "Widget", `"spec":{"tags":["a"]}`)},
		}, action: "create"},
		{name: "preserve-unknown-fields at the root", crds: []map[string]any{preserveRoot}, steps: []crdStep{
			{manager: "kubectl", object: customObject("example.com/v1", "Gadget", `"spec":{"a":"x"},"extra":{"b":1}`)},
			{manager: "ci", object: customObject("example.com/v1", "Gadget", `"spec":{"a":"x"},"extra":{"c":2}`)},
		}, action: "configure", crd: "gadgets.example.com"},
		{name: "spec.preserveUnknownFields", crds: []map[string]any{legacy}, steps: []crdStep{
			{manager: "kubectl", object: customObject("example.com/v1", "Gizmo", `"spec":{"a":{"b":"x","c":{"d":1}}},"extra":[1]`)},
			{manager: "ci", object: obj(`{"apiVersion":"example.com/v1","kind":"Gizmo","metadata":{"name":"w","namespace":"default","unknown":{"u":1}},"spec":{"a":{"c":{"e":2}}}}`)},
		}, action: "configure", crd: "gizmos.example.com"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.crds
			if c == nil {
				c = crds
			}
			out := runCRDSteps(t, tc.name, c, tc.steps)
			got := ""
			if out != nil {
				got = out.Action
			}
			if got != tc.action {
				t.Errorf("last action %q, want %q", got, tc.action)
			}
			last := tc.steps[len(tc.steps)-1].object
			want := tc.crd
			if want == "" && last["apiVersion"] == "example.com/v1" && last["kind"] == "Widget" {
				want = "widgets.example.com"
			}
			if out != nil && out.CustomResourceDefinition != want {
				t.Errorf("schema of %q, want %q", out.CustomResourceDefinition, want)
			}
		})
	}
}

func withLastApplied(o map[string]any) map[string]any {
	o = jsonvalue.CopyObject(o)
	o["metadata"].(map[string]any)["annotations"] = map[string]any{serverside.LastAppliedAnnotation: mustLine(o)}
	return o
}

// TestSSACRDSchema compares the schema engine/serverside makes of a CRD
// (the kind's type and every type it refers to) with the one schemaconv
// makes of the OpenAPI the CRD builder publishes.
func TestSSACRDSchema(t *testing.T) {
	for _, tc := range []struct {
		name, schema          string
		preserveUnknownFields bool // spec.preserveUnknownFields
	}{
		{name: "every marker", schema: widgetSchema},
		{name: "spec.preserveUnknownFields", schema: `{type: object, properties: {spec: {type: object, properties: {a: {type: object, properties: {b: {type: string}}}}}}}`, preserveUnknownFields: true},
		{name: "root preserves unknown fields", schema: `{type: object, x-kubernetes-preserve-unknown-fields: true, properties: {spec: {type: object, properties: {a: {type: string}}}}}`},
		{name: "nested embedded resources", schema: `{type: object, properties: {spec: {type: object, properties: {
  items: {type: array, items: {type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: object, properties: {inner: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}}}},
  byName: {type: object, additionalProperties: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}}}}`},
		{name: "only a root", schema: `{type: object}`},
		{name: "nullable objects and lists", schema: `{type: object, properties: {spec: {type: object, nullable: true, properties: {l: {type: array, nullable: true, items: {type: object, nullable: true, properties: {k: {type: string}}}}}}}}`},
		{name: "defaults", schema: `{type: object, properties: {spec: {type: object, default: {}, properties: {n: {type: integer, default: 3}, s: {type: string, default: "x"}, m: {type: object, default: {a: "b"}, additionalProperties: {type: string}}}}}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := crdDoc(t, "Widget", "widgets", tc.schema, "v1")
			if tc.preserveUnknownFields {
				doc["spec"].(map[string]any)["preserveUnknownFields"] = true
			}
			crd := crdOf(t, doc)
			// A new CRD cannot set spec.preserveUnknownFields; one kept
			// from v1beta1 still has it, and the server serves it.
			if errs := crdErrors(t, crd); errs != "" && !tc.preserveUnknownFields {
				t.Fatalf("invalid CRD: %s", errs)
			}
			gvk := schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Widget"}
			want := realSchemaType(t, crd, gvk)
			got, name, err := serverside.CustomResourceSchema([]map[string]any{doc}, "example.com/v1", "Widget")
			if err != nil {
				t.Fatal(err)
			}
			kind, _ := got.FindNamedType(name)
			g, w := atomYAML(t, kind.Atom), atomYAML(t, want.Atom)
			if g != w {
				t.Errorf("type differs (%s):\n%s\nwant\n%s", firstDiff(g, w), g, w)
			}
			// So are the types it refers to (ObjectMeta and below).
			real := realSchema(t, crd)
			for _, name := range namedTypes(real, want.Atom) {
				def, _ := real.FindNamedType(name)
				b, ok := got.FindNamedType(def.Name)
				if !ok {
					t.Errorf("%s is missing", def.Name)
					continue
				}
				if g, w := atomYAML(t, b.Atom), atomYAML(t, def.Atom); g != w {
					t.Errorf("%s differs (%s)", def.Name, firstDiff(g, w))
				}
			}
		})
	}
}

// namedTypes lists the types an atom refers to, directly or not.
func namedTypes(s *smdschema.Schema, a smdschema.Atom) []string {
	seen := map[string]bool{}
	var visitAtom func(a smdschema.Atom)
	visitRef := func(r smdschema.TypeRef) {
		if r.NamedType == nil {
			visitAtom(r.Inlined)
			return
		}
		if seen[*r.NamedType] {
			return
		}
		seen[*r.NamedType] = true
		if def, ok := s.FindNamedType(*r.NamedType); ok {
			visitAtom(def.Atom)
		}
	}
	visitAtom = func(a smdschema.Atom) {
		if a.Map != nil {
			for _, f := range a.Map.Fields {
				visitRef(f.Type)
			}
			visitRef(a.Map.ElementType)
		}
		if a.List != nil {
			visitRef(a.List.ElementType)
		}
	}
	visitAtom(a)
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
