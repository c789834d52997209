package kustomize

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func build(t *testing.T, dir string, files ...string) (*Result, error) {
	t.Helper()
	in := Input{Files: map[string][]byte{}, Dir: dir}
	for i := 0; i+1 < len(files); i += 2 {
		in.Files[files[i]] = []byte(files[i+1])
	}
	return Build(in)
}

// patchSteps are the build's steps of the patches transformer, each as
// "object|field|old|new|rule".
func patchSteps(res *Result) []string {
	var got []string
	for _, s := range res.Steps {
		if s.Transformer == "patches" {
			got = append(got, s.Object+"|"+s.Field+"|"+s.Old+"|"+s.New+"|"+s.Rule)
		}
	}
	return got
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name  string
		files []string
		kind  ErrorKind
		text  string
	}{
		{"a resource given twice", []string{"kustomization.yaml", "resources:\n- a.yaml\n- b.yaml\n",
			"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n", "b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"},
			ErrConflict, "may not add resource with an already registered id: ConfigMap.v1.[noGrp]/c.[noNs]"},
		{"replicas for no object", []string{"kustomization.yaml", "resources:\n- a.yaml\nreplicas:\n- name: zz\n  count: 2\n",
			"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"},
			ErrTransform, "resource with name zz does not match a config with the following GVK [Deployment.[noVer].[noGrp] StatefulSet.[noVer].[noGrp] ReplicaSet.[noVer].[noGrp] ReplicationController.[noVer].[noGrp]]"},
		{"no kustomization", []string{"a.yaml", "x: 1\n"},
			ErrMissing, "unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '/'"},
		{"unknown field", []string{"kustomization.yaml", "resource:\n- a.yaml\n"},
			ErrInput, `invalid Kustomization: json: unknown field "resource"`},
		{"a remote base", []string{"kustomization.yaml", "resources:\n- https://github.com/kubernetes-sigs/kustomize//examples/helloWorld?ref=v5.0.0\n"},
			ErrUnsupported, "no network"},
		{"a Helm chart", []string{"kustomization.yaml", "helmCharts:\n- name: x\n"},
			ErrUnsupported, "Helm charts need helm"},
		{"a transformer plugin", []string{"kustomization.yaml", "transformers:\n- t.yaml\n"},
			ErrUnsupported, "plugins and KRM functions"},
		{"a map in the object, a list in the patch", []string{"kustomization.yaml", "resources:\n- a.yaml\npatches:\n- patch: |-\n    apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: c\n    data: [a]\n",
			"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n"},
			ErrUnsupported, "data is a map in the object and a list in the patch"},
		{"an unknown $patch value", []string{"kustomization.yaml", "resources:\n- a.yaml\npatchesStrategicMerge:\n- p.yaml\n",
			"a.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n",
			"p.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  $patch: keep\n"},
			ErrUnsupported, "`$patch: keep`"},
		// kustomize merges this list ([a, b, c]); without the comment it
		// replaces it (kustomize's merge2 table test merge_primitive_items).
		{"a comment kyaml reads as a JSON schema", []string{"kustomization.yaml", "resources:\n- r.yaml\npatches:\n- path: p.yaml\n",
			"r.yaml", "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: t\nitems:\n- b\n- c\n",
			"p.yaml", "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: t\nitems: # {\"type\":\"array\", \"x-kubernetes-patch-strategy\": \"merge\"}\n- a\n- b\n"},
			ErrUnsupported, "a comment kyaml reads as a schema (JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := build(t, "", c.files...)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want a *Error", err)
			}
			if e.Kind != c.kind || !strings.Contains(e.Message, c.text) {
				t.Fatalf("got kind %d %q, want kind %d containing %q", e.Kind, e.Message, c.kind, c.text)
			}
		})
	}
}

func TestSteps(t *testing.T) {
	res, err := build(t, "",
		"kustomization.yaml", "namePrefix: p-\nresources:\n- r.yaml\n",
		"r.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\n---\n"+
			"apiVersion: v1\nkind: Pod\nmetadata:\n  name: pod\nspec:\n  volumes:\n  - name: v\n    configMap:\n      name: cfg\n")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Steps {
		if s.Transformer == "resources" {
			continue
		}
		got = append(got, s.Transformer+" "+s.Object+" "+s.Field+" "+s.Old+" -> "+s.New)
	}
	want := []string{
		"namePrefix ConfigMap cfg metadata/name cfg -> p-cfg",
		"namePrefix Pod pod metadata/name pod -> p-pod",
		"nameReference Pod p-pod spec/volumes/configMap/name cfg -> p-cfg",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestJSONPatchSteps(t *testing.T) {
	res, err := build(t, "",
		"kustomization.yaml", "resources:\n- cm.yaml\npatches:\n- target:\n    kind: ConfigMap\n  patch: |-\n"+
			"    - op: replace\n      path: /data/a\n      value: \"2\"\n    - op: move\n      from: /data/a\n      path: /data/b\n"+
			"    - op: add\n      path: /metadata/finalizers/-\n      value: z\n"+
			"- target:\n    kind: Secret\n  patch: '[{\"op\": \"remove\", \"path\": \"/data\"}]'\n",
		"cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  finalizers: [x, y]\ndata:\n  a: \"1\"\n")
	if err != nil {
		t.Fatal(err)
	}
	got := patchSteps(res)
	want := []string{
		`ConfigMap c|data/a|"1"|"2"|JSON 6902 replace`,
		`ConfigMap c|data/b|"2"|"2"|JSON 6902 move from /data/a`,
		`ConfigMap c|metadata/finalizers/-||"z"|JSON 6902 add`,
		`||||the target Secret.[noVer].[noGrp]/[noName].[noNs]:a=:l= matches no object: kustomize applies the patch to nothing, without an error`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStepsPerTransformer: every transformer says what it changed, in
// kustomize's order, with the object as it was named before the change.
func TestStepsPerTransformer(t *testing.T) {
	res, err := build(t, "",
		"kustomization.yaml", `resources:
- d.yaml
namespace: prod
nameSuffix: -v2
commonLabels:
  app: web
commonAnnotations:
  owner: me
images:
- name: nginx
  newTag: "1.28"
replicas:
- name: web
  count: 3
configMapGenerator:
- name: cfg
  literals:
  - A=1
`,
		"d.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: c\n        image: nginx\n        envFrom:\n        - configMapRef:\n            name: cfg\n")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, transformer, object, field, old, new string
		// rule, when set, is the step's rule: a file named as the tree
		// names it, without kustomize's leading slash.
		rule string
	}{
		{"read", "resources", "Deployment web", "", "", "", "read from d.yaml"},
		{"generated", "configMapGenerator", "ConfigMap cfg", "", "", "", "generated from kustomization.yaml with 1 key(s)"},
		{"namespace", "namespace", "Deployment web", "metadata/namespace", "", "prod", ""},
		{"suffix", "nameSuffix", "Deployment web (namespace prod)", "metadata/name", "web", "web-v2", ""},
		{"label in the selector", "commonLabels", "Deployment web-v2 (namespace prod)", "spec/selector/matchLabels/app", "", "web", ""},
		{"annotation on the template", "commonAnnotations", "Deployment web-v2 (namespace prod)", "spec/template/metadata/annotations/owner", "", "me", ""},
		{"replicas", "replicas", "Deployment web-v2 (namespace prod)", "spec/replicas", "", "3", ""},
		{"image", "images", "Deployment web-v2 (namespace prod)", "spec/template/spec/containers[]/image", "nginx", "nginx:1.28", ""},
		{"hash suffix", "hash suffix", "ConfigMap cfg-v2 (namespace prod)", "metadata/name", "cfg-v2", "cfg-v2-" + strings.TrimPrefix(res.Steps[len(res.Steps)-2].New, "cfg-v2-"), ""},
		{"reference", "nameReference", "Deployment web-v2 (namespace prod)", "spec/template/spec/containers/envFrom/configMapRef/name", "cfg", res.Steps[len(res.Steps)-1].New, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range res.Steps {
				if s.Transformer == c.transformer && s.Object == c.object && s.Field == c.field && s.Old == c.old && s.New == c.new {
					if s.Rule == "" {
						t.Fatalf("step without a rule: %+v", s)
					}
					if c.rule != "" && s.Rule != c.rule {
						t.Errorf("rule %q, want %q", s.Rule, c.rule)
					}
					return
				}
			}
			var all []string
			for _, s := range res.Steps {
				all = append(all, fmt.Sprintf("%s|%s|%s|%s|%s", s.Transformer, s.Object, s.Field, s.Old, s.New))
			}
			t.Fatalf("no step %+v in\n%s", c, strings.Join(all, "\n"))
		})
	}
	if !strings.Contains(string(res.YAML), "name: "+res.Steps[len(res.Steps)-1].New) {
		t.Fatalf("the reference's new name %q is not in the output:\n%s", res.Steps[len(res.Steps)-1].New, res.YAML)
	}
}

// TestStrategicMergeSteps: each merge decision is a step with its rule.
func TestStrategicMergeSteps(t *testing.T) {
	res, err := build(t, "",
		"kustomization.yaml", "resources:\n- d.yaml\n- cr.yaml\npatches:\n- patch: |-\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata:\n      name: d\n      labels:\n        old: null\n    spec:\n      replicas: 2\n      template:\n        spec:\n          containers:\n          - name: side\n            image: s\n          - name: app\n            image: y\n"+
			"- patch: |-\n    apiVersion: example.com/v1\n    kind: Thing\n    metadata:\n      name: t\n    spec:\n      items: [c]\n",
		"d.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  labels:\n    old: x\nspec:\n  replicas: 1\n  template:\n    spec:\n      containers:\n      - name: app\n        image: x\n",
		"cr.yaml", "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: t\nspec:\n  items: [a, b]\n")
	if err != nil {
		t.Fatal(err)
	}
	got := patchSteps(res)
	want := []string{
		"Deployment d|metadata/labels/old|x||null in the patch deletes the field",
		"Deployment d|spec/replicas|1|2|the patch's value replaces the object's",
		"Deployment d|spec/template/spec/containers[name=side]||name: side\nimage: s|added by merge key name=side: no element of the object has it (kyaml puts the patch's elements first)",
		"Deployment d|spec/template/spec/containers[name=app]/image|x|y|the patch's value replaces the object's",
		"Thing t|spec/items|[a, b]|[c]|the patch's list replaces the object's: kyaml has no schema for this kind (a custom resource, or a kind newer than its v1.21.2 swagger), so no list of it has a merge key",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
