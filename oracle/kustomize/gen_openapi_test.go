package kustomize

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// genOpenAPITop puts a generated kustomization under a top overlay that
// names a custom schema in its openapi field (JSON or YAML, several
// shapes: a merge key, list-map keys, a primitive set, a map of lists, a
// $ref, with or without a definition for Deployment) or a builtin
// version, adds a custom resource whose lists the schema may key, and
// strategic merge patches for it and for the Deployments below, which the
// custom schema leaves without one unless it defines them.
func genOpenAPITop(r *rand.Rand, files map[string]string, below string) string {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	files["top/gadget.yaml"] = restyle(r, "apiVersion: example.com/v1\nkind: Gadget\nmetadata:\n  name: g\nspec:\n  ports:\n  - name: a\n    port: 1\n  - name: b\n    port: 2\n  tags:\n  - x\n  - y\n  pools:\n    blue:\n    - name: one\n      weight: 1\n")
	portsKeys := pick(`"x-kubernetes-patch-merge-key": "name"`,
		`"x-kubernetes-patch-merge-key": "name", "x-kubernetes-list-map-keys": ["name", "port"]`,
		`"x-kubernetes-patch-merge-key": "port"`)
	portsStrategy := pick(`"x-kubernetes-patch-strategy": "merge", `, `"x-kubernetes-patch-strategy": "merge", `, `"x-kubernetes-patch-strategy": "replace", `, ``)
	gadget := `"com.example.v1.Gadget": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Gadget"}],
      "properties": {"spec": {"$ref": "#/definitions/com.example.v1.GadgetSpec"}}},
    "com.example.v1.GadgetSpec": {"type": "object", "properties": {
      "ports": {"type": "array", "items": {"$ref": "#/definitions/com.example.v1.Port"}, ` + portsStrategy + portsKeys + `},
      "tags": {"type": "array", "items": {"type": "string"}` + pick(`, "x-kubernetes-patch-strategy": "merge"`, ``) + `},
      "pools": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "object"}` + pick(`, "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"`, ``) + `}}}},
    "com.example.v1.Port": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}`
	defs := gadget
	if r.Intn(2) == 0 {
		defs += `,
    "io.k8s.api.apps.v1.Deployment": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "apps", "version": "v1", "kind": "Deployment"}],
      "properties": {"spec": {"type": "object", "properties": {"template": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "containers": {"type": "array", "items": {"type": "object"}, "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"}}}}}}}}}`
	}
	schema := "{\"definitions\": {\n    " + defs + "\n}}\n"
	var kust strings.Builder
	kust.WriteString("resources:\n- ../" + below + "\n- gadget.yaml\n")
	switch r.Intn(6) {
	case 0:
		kust.WriteString("openapi:\n  version: v1.21.2\n")
	case 1, 2:
		files["top/schema.json"] = schema
		kust.WriteString("openapi:\n  path: schema.json\n")
	default:
		y, err := jsonToYAML([]byte(schema))
		if err != nil {
			panic(err)
		}
		files["top/schema.yaml"] = y
		kust.WriteString("openapi:\n  path: schema.yaml\n")
	}
	frags := []string{
		"spec:\n  ports:\n  - name: " + pick("a", "b", "c") + "\n    port: " + pick("1", "2", "9") + "\n",
		"spec:\n  ports:\n  - name: b\n    port: 2\n    $patch: delete\n",
		"spec:\n  ports:\n  - $patch: replace\n  - name: z\n    port: 7\n",
		"spec:\n  tags:\n  - " + pick("y", "z") + "\n",
		"spec:\n  pools:\n    blue:\n    - name: " + pick("one", "two") + "\n      weight: 5\n",
		"spec:\n  pools:\n    green:\n    - name: g\n",
		"metadata:\n  annotations:\n    note: hi\n",
	}
	kust.WriteString("patches:\n")
	for i := 0; i < 1+r.Intn(2); i++ {
		kust.WriteString("- patch: |-\n    apiVersion: example.com/v1\n    kind: Gadget\n    metadata:\n      name: g\n")
		for _, l := range strings.Split(strings.TrimSuffix(frags[r.Intn(len(frags))], "\n"), "\n") {
			if strings.HasPrefix(l, "metadata:") {
				continue
			}
			kust.WriteString("    " + l + "\n")
		}
	}
	if r.Intn(2) == 0 {
		kust.WriteString("- target:\n    kind: Deployment\n  patch: |-\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata:\n      name: any\n    spec:\n      template:\n        spec:\n          containers:\n          - name: " + pick("main", "c", "side") + "\n            image: " + pick("busybox", "envoy") + "\n")
	}
	files["top/kustomization.yaml"] = kust.String()
	return "top"
}

// TestGeneratedOpenAPICases: generated kustomizations under a top overlay
// with an openapi field, built by both (a separate stream of cases, so
// that TestGeneratedCases' figures stay as measured).
func TestGeneratedOpenAPICases(t *testing.T) {
	n, built := generatedStream(t, "openapi", 1000, func(r *rand.Rand) (map[string]string, string, bool) {
		files, dir := genKustomization(r)
		return files, genOpenAPITop(r, files, dir), true
	})
	if built < n/3 {
		t.Errorf("only %d of %d cases built: too few reach the merge", built, n)
	}
}

// generatedStream compares the cases gen makes (a quarter of -random, 50 with
// -short) from its own stream (the seed plus offset), and returns how
// many there were and how many both built. gen says whether the engine may
// refuse the case as unsupported (a tenth of the cases at most).
func generatedStream(t *testing.T, what string, offset int64, gen func(r *rand.Rand) (files map[string]string, dir string, allowUnsupported bool)) (n, built int) {
	t.Helper()
	n, seed, r := generatedCases(*randomCases/4, 50, offset)
	failed := 0
	bothFailed, engineRefused = 0, 0
	for i := 0; i < n && failed < 3; i++ {
		files, dir, allow := gen(r)
		before := bothFailed + engineRefused
		if !compareWith(t, fmt.Sprintf("%s case %d (seed %d)", what, i, seed), files, dir, allow) {
			failed++
		} else if bothFailed+engineRefused == before {
			built++
		}
	}
	t.Logf("%d generated kustomizations with %s compared: %d built alike, %d refused by both, %d refused by the engine as unsupported", n, what, built, bothFailed, engineRefused)
	if engineRefused > n/10 {
		t.Errorf("the engine refuses %d of %d cases as unsupported", engineRefused, n)
	}
	return n, built
}

func jsonToYAML(j []byte) (string, error) {
	y, err := yaml.JSONToYAML(j)
	return string(y), err
}
