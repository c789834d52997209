package serverside

import (
	"errors"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// widgetCRD is a CRD of example.com's Widget whose ports are a list-type
// map keyed by port; versions are "name" or "name:unserved".
func widgetCRD(t *testing.T, name, kind string, versions ...string) map[string]any {
	t.Helper()
	var vs []string
	for _, v := range versions {
		served := "true"
		if n, ok := strings.CutSuffix(v, ":unserved"); ok {
			v, served = n, "false"
		}
		vs = append(vs, `{"name":"`+v+`","served":`+served+`,"storage":true,"subresources":{"status":{}},"schema":{"openAPIV3Schema":
{"type":"object","properties":{"spec":{"type":"object","properties":{"ports":{"type":"array","x-kubernetes-list-type":"map",
"x-kubernetes-list-map-keys":["port"],"items":{"type":"object","required":["port"],"properties":{"port":{"type":"integer"},"name":{"type":"string"}}}}}},
"status":{"type":"object","properties":{"ready":{"type":"boolean"}}}}}}}`)
	}
	return object(t, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"`+name+`"},
"spec":{"group":"example.com","names":{"kind":"`+kind+`","plural":"x"},"scope":"Namespaced","versions":[`+strings.Join(vs, ",")+`]}}`)
}

func widget(t *testing.T, apiVersion, spec string) map[string]any {
	return object(t, `{"apiVersion":"`+apiVersion+`","kind":"Widget","metadata":{"name":"w","namespace":"default"},"spec":`+spec+`}`)
}

// TestCustomResourceSchema: which CRD, if any, gives a custom kind its
// schema, and what that changes (a list-type map merges by key, where the
// deduced type keeps lists atomic and conflicts).
func TestCustomResourceSchema(t *testing.T) {
	served := widgetCRD(t, "widgets.example.com", "Widget", "v1", "v2:unserved")
	for _, tc := range []struct {
		name       string
		crds       []map[string]any
		apiVersion string
		crd        string // the CRD whose schema merged; "" = none
	}{
		{name: "the CRD that serves the version", crds: []map[string]any{served}, apiVersion: "example.com/v1", crd: "widgets.example.com"},
		{name: "an unserved version", crds: []map[string]any{served}, apiVersion: "example.com/v2"},
		{name: "a version the CRD lacks", crds: []map[string]any{served}, apiVersion: "example.com/v3"},
		{name: "a CRD for another kind", crds: []map[string]any{widgetCRD(t, "gadgets.example.com", "Gadget", "v1")}, apiVersion: "example.com/v1"},
		{name: "another group", crds: []map[string]any{served}, apiVersion: "other.example.com/v1"},
		{name: "no CRD", apiVersion: "example.com/v1"},
		{name: "the first CRD naming the kind holds it",
			crds:       []map[string]any{widgetCRD(t, "widgets.example.com", "Widget", "v2:unserved"), widgetCRD(t, "widgets2.example.com", "Widget", "v2")},
			apiVersion: "example.com/v2"},
		{name: "a CRD of another apiVersion is not one",
			crds:       []map[string]any{withField(served, "apiVersion", "apiextensions.k8s.io/v1beta1"), widgetCRD(t, "second.example.com", "Widget", "v1")},
			apiVersion: "example.com/v1", crd: "second.example.com"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first, err := Apply(Request{File: widget(t, tc.apiVersion, `{"ports":[{"port":80,"name":"http"}]}`), CustomResourceDefinitions: tc.crds})
			if err != nil {
				t.Fatal(err)
			}
			if first.CustomResourceDefinition != tc.crd || first.Builtin {
				t.Fatalf("schema of %q (built in %v), want %q", first.CustomResourceDefinition, first.Builtin, tc.crd)
			}
			second, err := Apply(Request{File: widget(t, tc.apiVersion, `{"ports":[{"port":9090,"name":"metrics"}]}`), Live: first.Object,
				Manager: "mesh", CustomResourceDefinitions: tc.crds})
			if err != nil {
				t.Fatal(err)
			}
			want := ActionConflict // the deduced type: the list is atomic, kubectl owns it
			if tc.crd != "" {
				want = ActionConfigure // merged by key: mesh adds its port
			}
			if second.Action != want {
				t.Fatalf("second apply: %s, want %s (%v)", second.Action, want, second.Conflict)
			}
			if want == ActionConfigure {
				if ports := second.Object["spec"].(map[string]any)["ports"].([]any); len(ports) != 2 {
					t.Errorf("ports %v", ports)
				}
			}
		})
	}
}

func withField(obj map[string]any, key string, v any) map[string]any {
	obj = jsonvalue.CopyObject(obj)
	obj[key] = v
	return obj
}

// TestCustomResourceStatusIgnored: with the status subresource, an apply
// to the main resource owns no status field (the CR strategy's reset
// fields).
func TestCustomResourceStatusIgnored(t *testing.T) {
	crds := []map[string]any{widgetCRD(t, "widgets.example.com", "Widget", "v1")}
	file := widget(t, "example.com/v1", `{"ports":[{"port":80}]}`)
	file["status"] = map[string]any{"ready": true}
	out, err := Apply(Request{File: file, CustomResourceDefinitions: crds})
	if err != nil {
		t.Fatal(err)
	}
	var fields []string
	for _, o := range out.Owners {
		fields = append(fields, o.Field)
	}
	if got := strings.Join(fields, " "); strings.Contains(got, "status") || !strings.Contains(got, ".spec.ports") {
		t.Errorf("owned fields %s", got)
	}
}

// TestCRDErrors: a schema the API server would not admit is refused,
// naming the CRD and the field.
func TestCRDErrors(t *testing.T) {
	for _, tc := range []struct{ name, schema, path, message string }{
		{"root not an object", `{"type":"array","items":{"type":"string"}}`, "spec.versions[0].schema.openAPIV3Schema.type", "must be object at the root"},
		{"a property without a type", `{"type":"object","properties":{"spec":{"properties":{}}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.spec.type", "must not be empty"},
		{"an array without items", `{"type":"object","properties":{"l":{"type":"array"}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.l.items", "must be specified on arrays"},
		{"an unknown list type", `{"type":"object","properties":{"l":{"type":"array","x-kubernetes-list-type":"bag","items":{"type":"string"}}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.l.x-kubernetes-list-type", "unknown list type bag"},
		{"a list map without keys", `{"type":"object","properties":{"l":{"type":"array","x-kubernetes-list-type":"map","items":{"type":"object"}}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.l.x-kubernetes-list-map-keys", "must be set"},
		{"an unknown map type", `{"type":"object","properties":{"m":{"type":"object","x-kubernetes-map-type":"loose"}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.m.x-kubernetes-map-type", "unknown map type loose"},
		{"an embedded resource not an object", `{"type":"object","properties":{"e":{"type":"string","x-kubernetes-embedded-resource":true}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.e.type", "must be object"},
		{"an unknown type", `{"type":"object","properties":{"e":{"type":"date"}}}`, "spec.versions[0].schema.openAPIV3Schema.properties.e.type", `unrecognized type "date"`},
		{"a property name with a dot", `{"type":"object","properties":{"a.b":{}}}`, `spec.versions[0].schema.openAPIV3Schema.properties["a.b"].type`, "must not be empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			crd := object(t, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},
"spec":{"group":"example.com","names":{"kind":"Widget"},"versions":[{"name":"v1","served":true,"schema":{"openAPIV3Schema":`+tc.schema+`}}]}}`)
			_, err := Apply(Request{File: widget(t, "example.com/v1", `{}`), CustomResourceDefinitions: []map[string]any{crd}})
			var ce *CRDError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v, want a *CRDError", err)
			}
			if ce.CRD != "widgets.example.com" || ce.Path != tc.path || !strings.Contains(ce.Message, tc.message) {
				t.Errorf("%+v, want path %s and %q", ce, tc.path, tc.message)
			}
		})
	}
}

// FuzzCustomResourceSchema applies an object with any CRD schema: the
// conversion never panics, refuses only with a *CRDError or what the
// server says (a *ServerError), and answers the same twice.
func FuzzCustomResourceSchema(f *testing.F) {
	f.Add(`{"type":"object","properties":{"spec":{"type":"object","properties":{"l":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["k"],"items":{"type":"object","properties":{"k":{"type":"string","default":"x"}}}}}}}}`,
		`{"l":[{"k":"a"},{}]}`)
	f.Add(`{"type":"object","x-kubernetes-preserve-unknown-fields":true,"properties":{"spec":{"x-kubernetes-int-or-string":true}}}`, `"80"`)
	f.Add(`{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-embedded-resource":true,"additionalProperties":true}}}`, `{"metadata":{"labels":{"a":"b"}}}`)
	f.Add(`{"type":"object","properties":{"spec":{"type":"array","items":{"type":"string","format":"date-time"},"x-kubernetes-list-type":"set"}}}`, `["a","a"]`)
	f.Fuzz(func(t *testing.T, schemaJSON, specJSON string) {
		s, err := jsonvalue.Decode([]byte(schemaJSON))
		if err != nil {
			return
		}
		spec, err := jsonvalue.Decode([]byte(specJSON))
		if err != nil {
			return
		}
		crd := map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": map[string]any{"name": "widgets.example.com"},
			"spec": map[string]any{"group": "example.com", "names": map[string]any{"kind": "Widget"},
				"versions": []any{map[string]any{"name": "v1", "served": true, "schema": map[string]any{"openAPIV3Schema": s}}}}}
		file := map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": map[string]any{"name": "w"}, "spec": spec}
		apply := func() string {
			out, err := Apply(Request{File: jsonvalue.CopyObject(file), CustomResourceDefinitions: []map[string]any{crd}})
			if err != nil {
				var ce *CRDError
				var se *ServerError
				if !errors.As(err, &ce) && !errors.As(err, &se) {
					t.Fatalf("error %T %v", err, err)
				}
				return err.Error()
			}
			data, err := jsonvalue.Encode(out.Object)
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		if a, b := apply(), apply(); a != b {
			t.Fatalf("two answers:\n%s\n%s", a, b)
		}
	})
}

// TestSeveralErrorsInOrder: a value with several errors is refused with
// them in one order, whatever the order of Go's maps.
func TestSeveralErrorsInOrder(t *testing.T) {
	crd := object(t, `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"widgets.example.com"},
"spec":{"group":"example.com","names":{"kind":"Widget"},"versions":[{"name":"v1","served":true,"schema":{"openAPIV3Schema":
{"type":"object","properties":{"spec":{"type":"object","additionalProperties":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}}}}}]}}`)
	file := widget(t, "example.com/v1", `{"a":["x","x"],"b":["y","y"],"c":["z","z"],"d":["w","w"],"e":["v","v"]}`)
	var first string
	for i := 0; i < 20; i++ {
		_, err := Apply(Request{File: file, CustomResourceDefinitions: []map[string]any{crd}})
		if err == nil || strings.Count(err.Error(), "duplicate entries") != 5 {
			t.Fatalf("error %v, want five", err)
		}
		if i == 0 {
			first = err.Error()
		} else if err.Error() != first {
			t.Fatalf("two messages:\n%s\n%s", first, err)
		}
	}
}
