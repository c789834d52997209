package kustomize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkBuild10Files is a recomputation after a keystroke in a
// 10-file kustomization (goal: well under 50 ms; docs/kustomize.md).
// The tree is testdata/build/bench-10-files.txtar (a base with a
// generator and five resource files, an overlay), whose output
// oracle/kustomize checks like every other case.
func BenchmarkBuild10Files(b *testing.B) {
	var in Input
	for _, a := range readArchives(b) {
		if a.name == "bench-10-files" {
			in = Input{Files: map[string][]byte{}, Dir: a.dir}
			for p, c := range a.files {
				in.Files[p] = []byte(c)
			}
		}
	}
	noIndexChecks(b)
	if len(in.Files) != 10 {
		b.Fatalf("%d files, want 10", len(in.Files))
	}
	if _, err := Build(in); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(in); err != nil {
			b.Fatal(err)
		}
	}
}

// fanOutInput is web/e2e's fanOutTree: a base with one Deployment and
// depth levels of two kustomizations (namePrefix a- and b-), each taking
// the two of the level below, so the build outputs 2^depth Deployments
// from 2·depth+2 small files (issue 21: the build was quadratic).
func fanOutInput(depth int) Input {
	files := map[string][]byte{
		"base/kustomization.yaml": []byte("resources:\n- deployment.yaml\n"),
		"base/deployment.yaml":    []byte("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n"),
	}
	below := []string{"base"}
	for l := depth; l >= 1; l-- {
		for _, side := range []string{"a", "b"} {
			text := "namePrefix: " + side + "-\nresources:\n"
			for _, d := range below {
				text += "- ../" + d + "\n"
			}
			files[fmt.Sprintf("l%d%s/kustomization.yaml", l, side)] = []byte(text)
		}
		below = []string{fmt.Sprintf("l%da", l), fmt.Sprintf("l%db", l)}
	}
	files["kustomization.yaml"] = []byte("resources:\n- " + below[0] + "\n- " + below[1] + "\n")
	return Input{Files: files}
}

// manyInput is one kustomization of pairs files, each a Deployment, its
// Service and the ConfigMap it names, with a namespace, namePrefix and
// nameSuffix, a generated ConfigMap every Deployment mounts, and patches
// (strategic merge by target, JSON 6902, patchesStrategicMerge): 3·pairs+1
// objects, whose name references, patches and transformers all work at
// that scale.
func manyInput(pairs int) Input {
	var k strings.Builder
	k.WriteString("namespace: prod\nnamePrefix: p-\nnameSuffix: -s\nresources:\n")
	files := map[string][]byte{}
	for i := range pairs {
		name := fmt.Sprintf("r%d.yaml", i)
		fmt.Fprintf(&k, "- %s\n", name)
		files[name] = fmt.Appendf(nil, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web%[1]d
  labels:
    tier: web
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        envFrom:
        - configMapRef:
            name: env%[1]d
      volumes:
      - name: conf
        configMap:
          name: conf
---
apiVersion: v1
kind: Service
metadata:
  name: web%[1]d
spec:
  selector:
    app: web%[1]d
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: env%[1]d
data:
  n: "%[1]d"
`, i)
	}
	k.WriteString(`configMapGenerator:
- name: conf
  literals:
  - a=b
patches:
- target:
    kind: Deployment
    labelSelector: tier=web
  patch: |-
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: any
    spec:
      replicas: 2
- target:
    kind: Deployment
    name: web0
  patch: |-
    - op: add
      path: /metadata/annotations
      value: {first: "yes"}
patchesStrategicMerge:
- |-
  apiVersion: v1
  kind: Service
  metadata:
    name: web1
  spec:
    type: NodePort
`)
	files["kustomization.yaml"] = []byte(k.String())
	return Input{Files: files}
}

// BenchmarkBuildFanOut and BenchmarkBuildMany measure how a build's cost
// grows with its output (docs/performance.md): doubling the objects
// should about double the time.
func BenchmarkBuildFanOut(b *testing.B) {
	for _, depth := range []int{8, 10, 12} {
		benchBuild(b, fanOutInput(depth), 1<<depth)
	}
}

func BenchmarkBuildMany(b *testing.B) {
	for _, pairs := range []int{85, 341, 1365} {
		benchBuild(b, manyInput(pairs), 3*pairs+1)
	}
}

func benchBuild(b *testing.B, in Input, objects int) {
	b.Run(fmt.Sprintf("objects=%d", objects), func(b *testing.B) {
		noIndexChecks(b)
		r, err := Build(in)
		if err != nil {
			b.Fatal(err)
		}
		if got := bytes.Count(r.YAML, []byte("\nkind: ")); got != objects {
			b.Fatalf("%d objects built, want %d", got, objects)
		}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Build(in); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// noIndexChecks measures the build as it runs outside the tests.
func noIndexChecks(b *testing.B) {
	checkIndexes = false
	b.Cleanup(func() { checkIndexes = true })
}

// BenchmarkKeyedList merges a patch of n Service ports into an object of n
// (half of them the object's, all with port and protocol): kyaml's walk,
// which the engine follows step by step, looks every element up in both
// lists and sets each back by its keys, so its cost grows with n².
func BenchmarkKeyedList(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var obj, patch strings.Builder
			obj.WriteString("apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n")
			patch.WriteString("apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n")
			for i := 0; i < n; i++ {
				fmt.Fprintf(&obj, "  - port: %d\n    protocol: TCP\n    targetPort: 8080\n", i)
				fmt.Fprintf(&patch, "  - port: %d\n    protocol: TCP\n    targetPort: 9090\n", i+n/2)
			}
			o, p := obj.String(), patch.String()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := MergeYAML(o, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
