package kustomize

import "testing"

func TestProbe(t *testing.T) {
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n"
	for _, c := range []map[string]string{
		{"b/kustomization.yaml": "resources:\n- a.yaml\n", "kustomization.yaml": "resources:\n- b\n"},
		{"b/x.yaml": cm, "kustomization.yaml": "resources:\n- b\n"},
		{"o/kustomization.yaml": "resources:\n- ../x.yaml\n", "x.yaml": cm, ".dir": "o"},
		{"kustomization.yaml": "resources:\n- a.yaml\n", "a.yaml": "a: [\n"},
		{"kustomization.yaml": "resources:\n- a.yaml\n", "a.yaml": "apiVersion: v1\nmetadata:\n  name: x\n"},
		{"kustomization.yaml": "resources:\n- a.yaml\n", "a.yaml": "apiVersion: v1\nkind: X\nmetadata:\n  namespace: x\n"},
		{"kustomization.yaml": "resources:\n- .\n"},
		{"kustomization.yaml": "resources:\n- b\n", "b/kustomization.yaml": "resources:\n- ..\n"},
		{"kustomization.yaml": "resources:\n- a.yaml\n- b\n", "a.yaml": cm, "b/kustomization.yaml": "resources:\n- a.yaml\n", "b/a.yaml": cm},
		{"kustomization.yaml": ""},
		{"kustomization.yaml": "kind: Foo\n"},
		{"kustomization.yaml": "resources: 3\n"},
		{"kustomization.yaml": "commonLabels:\n  a: 1\n"},
		{"kustomization.yaml": "namespace: x\nresources:\n- a.yaml\n", "a.yaml": cm + "---\n" + cm + "  namespace: x\n"},
		{"kustomization.yaml": "resources:\n- a.yaml\n", "a.yaml": "- a\n"},
		{"kustomization.yaml": "resources:\n- a.yaml\n", "a.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  x:\n  - a\n  -\n"},
	} {
		dir := c[".dir"]
		delete(c, ".dir")
		_, err := krustyBuild(c, dir)
		t.Logf("%v", err)
	}
}
