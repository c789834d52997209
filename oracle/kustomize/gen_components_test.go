package kustomize

import (
	"math/rand"
	"strings"
	"testing"
)

// genComponentsTop puts a generated kustomization under a top overlay
// that lists one or two components (and sometimes a nested one), each a
// generated kustomization of kind Component with a resource of its own,
// generators and transformers, and sometimes its own resources only.
func genComponentsTop(r *rand.Rand, files map[string]string, below string, made [][3]string) string {
	names := []string{"app", "web", "db", "cfg", "x", "gen"}
	comp := func(dir string, nested string) {
		name := names[r.Intn(len(names))]
		files[dir+"/extra.yaml"] = genObject(r, []string{"ConfigMap", "ServiceAccount", "Deployment", "Service"}[r.Intn(4)], name+"-c", "", names)
		// The component's generators get names of their own: the base's
		// (gen, gdb) would clash without a behavior.
		gens := genGenerators(r, files, dir, map[string][]string{})
		gens = strings.NewReplacer("name: gen", "name: cgen", "name: gdb", "name: cgdb").Replace(gens)
		k := genKustFile(r, []string{"extra.yaml"}, made) + gens
		k = strings.TrimPrefix(k, "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n")
		head := "kind: Component\n"
		if r.Intn(2) == 0 {
			head = "apiVersion: kustomize.config.k8s.io/v1alpha1\n" + head
		}
		if nested != "" {
			head += "components:\n- " + nested + "\n"
		}
		files[dir+"/kustomization.yaml"] = head + k
	}
	nested := ""
	if r.Intn(3) == 0 {
		comp("components/inner", "")
		nested = "../inner"
	}
	comp("components/one", nested)
	list := "components:\n- ../components/one\n"
	if r.Intn(2) == 0 {
		comp("components/two", "")
		list += "- ../components/two\n"
	}
	top := "resources:\n- ../" + below + "\n" + list
	if r.Intn(2) == 0 {
		top += "namePrefix: top-\n"
	}
	files["top/kustomization.yaml"] = top
	return "top"
}

// TestGeneratedComponentCases: generated kustomizations under a top
// overlay with components, built by both.
func TestGeneratedComponentCases(t *testing.T) {
	n, built := generatedStream(t, "components", 2000, func(r *rand.Rand) (map[string]string, string, bool) {
		files, dir := genKustomization(r)
		top := genComponentsTop(r, files, dir, nil)
		return files, top, smpInFiles(files)
	})
	// A third of the generated bases fail in kustomize already (see
	// TestGeneratedCases), and components add failures of their own
	// (a replicas entry or a patch naming what the component does not
	// reach, a generator without a behavior), each compared by its text.
	if built < n/5 {
		t.Errorf("only %d of %d cases built", built, n)
	}
}
