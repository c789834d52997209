package schema_test

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubectl/pkg/scheme"

	. "github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/schema/schemagen"
	"github.com/applylens/applylens/engine/schema/typedschema"
)

// kubectlRoots lists the kinds of kubectl's scheme as scripts/genschema
// does.
func kubectlRoots() []schemagen.Root {
	var roots []schemagen.Root
	for gvk, t := range scheme.Scheme.AllKnownTypes() {
		if gvk.Version == runtime.APIVersionInternal {
			continue
		}
		roots = append(roots, schemagen.Root{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind, Type: t})
	}
	return roots
}

func TestGeneratedFileIsCurrent(t *testing.T) {
	want, err := schemagen.Generate(kubectlRoots())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("zz_generated.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("engine/schema/zz_generated.go is stale (%d bytes, regenerated %d bytes): run ./scripts/generate", len(got), len(want))
	}
	want, err = schemagen.GenerateTyped(kubectlRoots())
	if err != nil {
		t.Fatal(err)
	}
	got, err = os.ReadFile("typedschema/zz_generated.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("engine/schema/typedschema/zz_generated.go is stale (%d bytes, regenerated %d bytes): run ./scripts/generate", len(got), len(want))
	}
}

func TestBuiltinKindsAreKubectlsScheme(t *testing.T) {
	known := scheme.Scheme.AllKnownTypes()
	n := 0
	for gvk, typ := range known {
		if gvk.Version == runtime.APIVersionInternal {
			if _, ok := Builtin.Root(gvk.GroupVersion().String(), gvk.Kind); ok {
				t.Errorf("internal %v is in Builtin", gvk)
			}
			continue
		}
		n++
		obj, err := scheme.Scheme.New(gvk)
		if err != nil {
			t.Errorf("scheme.New(%v): %v", gvk, err)
			continue
		}
		if got := reflect.TypeOf(obj).Elem(); got != typ {
			t.Errorf("scheme.New(%v) is %v, AllKnownTypes says %v", gvk, got, typ)
		}
		node, ok := Builtin.Root(gvk.GroupVersion().String(), gvk.Kind)
		if !ok {
			t.Errorf("Root(%q, %q) not found", gvk.GroupVersion().String(), gvk.Kind)
			continue
		}
		if node.Name() != "struct" {
			t.Errorf("Root(%v).Name() = %q, want struct", gvk, node.Name())
		}
	}
	if len(Builtin.Kinds) != n {
		t.Errorf("Builtin has %d kinds, kubectl's scheme %d", len(Builtin.Kinds), n)
	}
	for i := 1; i < len(Builtin.Kinds); i++ {
		a, b := Builtin.Kinds[i-1], Builtin.Kinds[i]
		if a.APIVersion > b.APIVersion || (a.APIVersion == b.APIVersion && a.Kind >= b.Kind) {
			t.Errorf("Kinds not sorted: %v before %v", a, b)
		}
	}
	for _, k := range Builtin.Kinds {
		gv, err := schema.ParseGroupVersion(k.APIVersion)
		if err != nil {
			t.Errorf("kind %v: %v", k, err)
			continue
		}
		if _, ok := known[gv.WithKind(k.Kind)]; !ok {
			t.Errorf("Builtin kind %s %s is not in kubectl's scheme", k.APIVersion, k.Kind)
		}
	}
}

// TestBuiltinMatchesStrategicpatch walks every kind of Builtin alongside its
// Go type and checks that every lookup, of every field and of many keys that
// are not fields, answers as strategicpatch.PatchMetaFromStruct does.
func TestBuiltinMatchesStrategicpatch(t *testing.T) {
	var roots []pair
	for gvk, typ := range scheme.Scheme.AllKnownTypes() {
		if gvk.Version == runtime.APIVersionInternal {
			continue
		}
		node, ok := Builtin.Root(gvk.GroupVersion().String(), gvk.Kind)
		if !ok {
			t.Fatalf("Root(%v) not found", gvk)
		}
		roots = append(roots, pair{typ, node.(*Ref)})
	}
	if structs := matchStrategicpatch(t, roots); structs < 500 {
		t.Errorf("walked only %d structs; the walk is broken", structs)
	}
}

func TestBuiltinKnownFields(t *testing.T) {
	type step struct {
		key   string
		items bool // Items instead of Field
	}
	tests := []struct {
		name       string
		apiVersion string
		kind       string
		path       []step
		strategies []string
		mergeKey   string
		nodeName   string
	}{
		{"deployment containers", "apps/v1", "Deployment",
			[]step{{"spec", false}, {"template", false}, {"spec", false}, {"containers", true}},
			[]string{"merge"}, "name", "struct"},
		{"deployment strategy", "apps/v1", "Deployment",
			[]step{{"spec", false}, {"strategy", false}},
			[]string{"retainKeys"}, "", "struct"},
		{"pod volumes", "v1", "Pod",
			[]step{{"spec", false}, {"volumes", true}},
			[]string{"merge", "retainKeys"}, "name", "struct"},
		{"pod container ports", "v1", "Pod",
			[]step{{"spec", false}, {"containers", true}, {"ports", true}},
			[]string{"merge"}, "containerPort", "struct"},
		{"service ports", "v1", "Service",
			[]step{{"spec", false}, {"ports", true}},
			[]string{"merge"}, "port", "struct"},
		{"finalizers", "v1", "ConfigMap",
			[]step{{"metadata", false}, {"finalizers", true}},
			[]string{"merge"}, "", "string"},
		{"labels", "v1", "ConfigMap",
			[]step{{"metadata", false}, {"labels", false}},
			[]string{""}, "", "map"},
		{"pointer field", "apps/v1", "Deployment",
			[]step{{"spec", false}, {"replicas", false}},
			[]string{""}, "", "ptr"},
		{"case-insensitive", "apps/v1", "Deployment",
			[]step{{"Spec", false}, {"TEMPLATE", false}, {"spec", false}, {"Containers", true}, {"IMAGE", false}},
			[]string{""}, "", "string"},
		{"kelvin sign", "batch/v1", "Job",
			[]step{{"\u212aind", false}},
			[]string{""}, "", "string"},
		{"long s", "v1", "Pod",
			[]step{{"\u017fpec", false}},
			[]string{""}, "", "struct"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, ok := Builtin.Root(tt.apiVersion, tt.kind)
			if !ok {
				t.Fatalf("Root(%q, %q) not found", tt.apiVersion, tt.kind)
			}
			var m Meta
			var err error
			for _, s := range tt.path {
				if s.items {
					n, m, err = n.Items(s.key)
				} else {
					n, m, err = n.Field(s.key)
				}
				if err != nil {
					t.Fatalf("%q: %v", s.key, err)
				}
			}
			if !slices.Equal(m.Strategies, tt.strategies) || m.MergeKey != tt.mergeKey {
				t.Errorf("meta %q/%q, want %q/%q", m.Strategies, m.MergeKey, tt.strategies, tt.mergeKey)
			}
			if n.Name() != tt.nodeName {
				t.Errorf("Name() = %q, want %q", n.Name(), tt.nodeName)
			}
		})
	}
}

func TestBuiltinLookupErrors(t *testing.T) {
	deployment, _ := Builtin.Root("apps/v1", "Deployment")
	spec, _, _ := deployment.Field("spec")
	replicas, _, _ := spec.Field("replicas")
	podSpec, _, _ := spec.Field("template")
	podSpec, _, _ = podSpec.Field("spec")
	labels, _, _ := deployment.Field("metadata")
	labels, _, _ = labels.Field("labels")
	tests := []struct {
		name    string
		lookup  func() (Node, Meta, error)
		message string
		target  any
	}{
		{"unknown field", func() (Node, Meta, error) { return deployment.Field("sepc") },
			`unable to find api field in struct Deployment for the json field "sepc"`, new(*ErrNotFound)},
		{"dotted path is one key", func() (Node, Meta, error) { return deployment.Field("spec.replicas") },
			`unable to find api field in struct Deployment for the json field "spec.replicas"`, new(*ErrNotFound)},
		{"kelvin sign only folds k", func() (Node, Meta, error) { return deployment.Field("\u212apec") },
			"unable to find api field in struct Deployment for the json field \"\u212apec\"", new(*ErrNotFound)},
		{"field of a map", func() (Node, Meta, error) { return labels.Field("app") },
			"merging an object in json but data type is not struct, instead is: map", new(*ErrNotStruct)},
		{"items of a map", func() (Node, Meta, error) { return labels.Items("app") },
			"merging an object in json but data type is not struct, instead is: map", new(*ErrNotStruct)},
		{"field of a pointer to a scalar", func() (Node, Meta, error) { return replicas.Field("x") },
			"merging an object in json but data type is not struct, instead is: int32", new(*ErrNotStruct)},
		{"items of a struct field", func() (Node, Meta, error) { return deployment.Items("spec") },
			"expected slice or array type, but got: struct", new(*ErrNotList)},
		{"items of a scalar field", func() (Node, Meta, error) { return podSpec.Items("hostname") },
			"expected slice or array type, but got: struct", new(*ErrNotList)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, _, err := tt.lookup()
			if err == nil {
				t.Fatalf("no error, node %v", n)
			}
			if err.Error() != tt.message {
				t.Errorf("error %q, want %q", err, tt.message)
			}
			if !errors.As(err, tt.target) {
				t.Errorf("error %T is not %T", err, tt.target)
			}
		})
	}
}

func TestBuiltinLookupsDoNotAllocate(t *testing.T) {
	deployment, _ := Builtin.Root("apps/v1", "Deployment")
	spec, _, _ := deployment.Field("spec")
	template, _, _ := spec.Field("template")
	podSpec, _, _ := template.Field("spec")
	allocs := testing.AllocsPerRun(100, func() {
		deployment.Field("spec")
		spec.Field("strategy")
		podSpec.Items("containers")
		podSpec.Items("volumes")
		spec.Field("Replicas")
		Builtin.Root("v1", "Pod")
	})
	if allocs != 0 {
		t.Errorf("lookups allocate %v times", allocs)
	}
}

func TestSuggest(t *testing.T) {
	tests := []struct {
		name       string
		apiVersion string
		kind       string
		want       []string // "apiVersion Kind", best first; nil for none
		first      string   // only the best, when the rest may vary
	}{
		{name: "built in", apiVersion: "apps/v1", kind: "Deployment"},
		{name: "removed version", apiVersion: "apps/v1beta3", kind: "Deployment", first: "apps/v1 Deployment"},
		{name: "old group", apiVersion: "extensions/v1beta1", kind: "Deployment"},
		{name: "core kind in a group", apiVersion: "apps/v1", kind: "Pod", want: []string{"v1 Pod"}},
		{name: "typo", apiVersion: "apps/v1", kind: "Deploymnet", first: "apps/v1 Deployment"},
		{name: "lower case", apiVersion: "v1", kind: "configmap", want: []string{"v1 ConfigMap"}},
		{name: "custom resource", apiVersion: "example.com/v1", kind: "Frobnicator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, k := range Builtin.Suggest(tt.apiVersion, tt.kind) {
				got = append(got, k.APIVersion+" "+k.Kind)
			}
			if tt.first != "" {
				if len(got) == 0 || got[0] != tt.first {
					t.Errorf("Suggest = %q, want %q first", got, tt.first)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Suggest = %q, want %q", got, tt.want)
			}
		})
	}
	names := Builtin.KindNames()
	if !slices.IsSorted(names) || !slices.Contains(names, "Deployment") || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("KindNames() = %d names, not sorted and distinct or without Deployment", len(names))
	}
}

func BenchmarkField(b *testing.B) {
	pod, _ := Builtin.Root("v1", "Pod")
	spec, _, _ := pod.Field("spec")
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			spec.Field("terminationGracePeriodSeconds")
		}
	})
	b.Run("items", func(b *testing.B) {
		for b.Loop() {
			spec.Items("containers")
		}
	})
	b.Run("fold", func(b *testing.B) {
		for b.Loop() {
			spec.Field("TERMINATIONGRACEPERIODSECONDS")
		}
	})
	b.Run("unknown", func(b *testing.B) {
		for b.Loop() {
			spec.Field("$setElementOrder/containers")
		}
	})
}

// TestBuiltinGoTypes checks what the typed decoding reads of the typed table
// against the Go types of kubectl's scheme: every field's GoType is its
// reflect.Type.String(), its Via the embedded structs it is promoted
// through, Unmarshaler set exactly on the types with UnmarshalJSON, and a
// map's Elem its value type.
func TestBuiltinGoTypes(t *testing.T) {
	unmarshaler := reflect.TypeFor[interface{ UnmarshalJSON([]byte) error }]()
	seen := map[reflect.Type]bool{}
	checked := 0
	var walk func(rt reflect.Type, st int32, path string)
	walk = func(rt reflect.Type, st int32, path string) {
		ty := typedschema.Builtin.Types[st]
		if got := typedschema.Builtin.GoType(st); got != rt.String() {
			t.Errorf("%s: GoType %q, want %q", path, got, rt.String())
		}
		isU := rt.Kind() != reflect.Pointer && reflect.PointerTo(rt).Implements(unmarshaler)
		if ty.Unmarshaler != isU {
			t.Errorf("%s (%v): Unmarshaler %v, want %v", path, rt, ty.Unmarshaler, isU)
		}
		if seen[rt] {
			return
		}
		seen[rt] = true
		checked++
		switch rt.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			walk(rt.Elem(), ty.Elem, path+"[]")
		case reflect.Struct:
			for _, f := range ty.Fields {
				var via []string
				cur := rt
				found := false
				var sf reflect.StructField
				for !found {
					for i := 0; i < cur.NumField(); i++ {
						c := cur.Field(i)
						name, _, _ := strings.Cut(c.Tag.Get("json"), ",")
						if name == "" {
							name = c.Name
						}
						embedsStruct := c.Anonymous && c.Tag.Get("json") == "" && c.Type.Kind() == reflect.Struct
						if c.IsExported() && name == f.Name && !embedsStruct {
							sf, found = c, true
							break
						}
					}
					if found {
						break
					}
					// Into the embedded struct that promotes it.
					next := false
					for i := 0; i < cur.NumField() && !next; i++ {
						c := cur.Field(i)
						if !c.Anonymous || c.Tag.Get("json") != "" && !strings.HasPrefix(c.Tag.Get("json"), ",") {
							continue
						}
						ct := c.Type
						if ct.Kind() == reflect.Pointer {
							ct = ct.Elem()
						}
						if ct.Kind() == reflect.Struct && hasJSONField(ct, f.Name) {
							via = append(via, c.Name)
							cur, next = ct, true
						}
					}
					if !next {
						t.Fatalf("%s: no Go field for %q in %v", path, f.Name, rt)
					}
				}
				if got, want := f.Via, strings.Join(via, "."); got != want {
					t.Errorf("%s.%s: Via %q, want %q", path, f.Name, got, want)
				}
				walk(sf.Type, f.Type, path+"."+f.Name)
			}
		}
	}
	for gvk, rt := range scheme.Scheme.AllKnownTypes() {
		if gvk.Version == runtime.APIVersionInternal {
			continue
		}
		root, ok := typedschema.Builtin.Root(gvk.GroupVersion().String(), gvk.Kind)
		if !ok {
			t.Fatalf("%v not in Builtin", gvk)
		}
		walk(rt, root.(*Ref).T, gvk.Kind)
	}
	if checked < 1000 {
		t.Errorf("checked only %d Go types", checked)
	}
}

// hasJSONField reports a struct declaring (or promoting) a JSON field name.
func hasJSONField(t reflect.Type, name string) bool {
	for i := 0; i < t.NumField(); i++ {
		c := t.Field(i)
		n, _, _ := strings.Cut(c.Tag.Get("json"), ",")
		if n == name {
			return true
		}
		ct := c.Type
		if ct.Kind() == reflect.Pointer {
			ct = ct.Elem()
		}
		if c.Anonymous && n == "" && ct.Kind() == reflect.Struct && hasJSONField(ct, name) {
			return true
		}
	}
	return false
}
