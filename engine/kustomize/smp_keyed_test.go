package kustomize

import (
	"strings"
	"testing"
)

// TestKeyedListShapes: keyed lists whose elements lack a merge key or
// repeat one, merged as kyaml merges them (each want is kustomize
// v5.8.1's output for the same files, from oracle/kustomize), with the
// step that says what decided it.
func TestKeyedListShapes(t *testing.T) {
	svc := "apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n"
	dep := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n      containers:\n"
	cases := []struct {
		name, object, patch, want, step string
	}{
		{"a patch's port without protocol is ignored",
			svc + "  - port: 80\n    protocol: TCP\n    targetPort: 8080\n", svc + "  - port: 80\n    targetPort: 9090\n",
			svc + "  - port: 80\n    protocol: TCP\n    targetPort: 8080\n",
			"spec/ports[port=80,protocol=]|port: 80\ntargetPort: 9090||the patch's element is ignored: it has no protocol: kyaml took it for the element with protocol TCP"},
		{"an object's port without protocol puts itself back over the patch's",
			svc + "  - port: 80\n    targetPort: 8080\n", svc + "  - port: 80\n    protocol: TCP\n    targetPort: 9090\n",
			svc + "  - port: 80\n    targetPort: 8080\n",
			"spec/ports|port=80,protocol=TCP|- port: 80\n  targetPort: 8080|elements dropped: the object's element port=80 has no protocol"},
		{"ports without protocol on both sides merge by port",
			svc + "  - port: 80\n    targetPort: 8080\n", svc + "  - port: 80\n    targetPort: 9090\n",
			svc + "  - port: 80\n    targetPort: 9090\n",
			"spec/ports[port=80]/targetPort|8080|9090|the patch's value replaces the object's"},
		{"a patch's container without a name deletes the named ones",
			dep + "      - name: app\n        image: x\n", dep + "      - image: y\n",
			dep[:len(dep)-1] + " []\n",
			"spec/template/spec/containers[name=]|name=app||elements deleted: an element of the patch has no name"},
		{"an object's container without a name replaces the list",
			dep + "      - name: app\n        image: x\n      - image: y\n", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: 2\n",
			"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - image: \"y\"\n",
			"spec/template/spec/containers|name=app|- image: y|elements dropped: the object's list has an element with no name"},
		{"two containers with one name: the last is left, unpatched",
			dep + "      - name: a\n        image: x\n      - name: a\n        image: y\n", dep + "      - name: a\n        image: z\n",
			dep + "      - image: \"y\"\n        name: a\n",
			"spec/template/spec/containers|name=a|- name: a\n  image: y|elements dropped: two elements have the same name"},
		{"a patch's second container with one name is ignored",
			dep + "      - name: a\n        image: x\n", dep + "      - name: a\n        image: z\n      - name: a\n        image: w\n",
			dep + "      - image: z\n        name: a\n",
			"spec/template/spec/containers[name=a]|name: a\nimage: w||the patch's element is ignored: an earlier element of the patch has the same name=a"},
		{"a bare `$patch` element where the object has no such list stays",
			dep + "      - name: app\n        image: x\n", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  template:\n    spec:\n      volumes:\n      - $patch: delete\n",
			dep + "      - image: x\n        name: app\n      volumes:\n      - $patch: delete\n",
			"spec/template/spec/volumes||$patch: delete|kyaml reads a list's `$patch` element only when the object has the list"},
		{"a finalizer repeated in the object is left once",
			"apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n  finalizers:\n  - a\n  - b\n  - a\nspec:\n  ports:\n  - port: 80\n",
			"apiVersion: v1\nkind: Service\nmetadata:\n  name: s\n  finalizers:\n  - c\n  - a\n  - c\n",
			"apiVersion: v1\nkind: Service\nmetadata:\n  finalizers:\n  - c\n  - a\n  - b\n  name: s\nspec:\n  ports:\n  - port: 80\n",
			"metadata/finalizers[c]||c|added by merge key c"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := build(t, "", "kustomization.yaml", "resources:\n- r.yaml\npatches:\n- path: p.yaml\n", "r.yaml", c.object, "p.yaml", c.patch)
			if err != nil {
				t.Fatal(err)
			}
			if string(res.YAML) != c.want {
				t.Fatalf("got\n%s\nwant\n%s", res.YAML, c.want)
			}
			var steps []string
			for _, s := range res.Steps {
				if s.Transformer == "patches" {
					st := s.Field + "|" + s.Old + "|" + s.New + "|" + s.Rule
					if strings.HasPrefix(st, c.step) {
						return
					}
					steps = append(steps, st)
				}
			}
			t.Fatalf("no step starting %q in\n%s", c.step, strings.Join(steps, "\n"))
		})
	}
}
