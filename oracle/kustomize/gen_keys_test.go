package kustomize

import (
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

var keyedCases = flag.Int("keyed", 3000, "number of generated kustomizations with keyed lists whose elements lack or repeat merge keys")

// genKeyedElement writes one element of a keyed list (indented by pre)
// from a small pool, so that elements repeat their keys, lack one of them
// (a port without protocol, a constraint without whenUnsatisfiable), lack
// all of them, or have one empty or null, or are a bare `$patch`; other
// fields tell the elements apart in the output.
func genKeyedElement(r *rand.Rand, pre string, keys [2]string, firsts, seconds []string, others []string) string {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	if r.Intn(30) == 0 {
		// a bare directive: the list's, or, where the object has no
		// such list, an element kyaml keeps as it is
		return pre + "- $patch: " + pick("delete", "replace", "merge") + "\n"
	}
	var lines []string
	switch r.Intn(10) {
	case 0: // no first key
		lines = append(lines, keys[1]+": "+pick(seconds...))
	case 1: // no key at all
	default:
		lines = append(lines, keys[0]+": "+pick(firsts...))
		switch r.Intn(6) {
		case 0, 1: // no second key
		case 2:
			lines = append(lines, keys[1]+": "+pick(`""`, "null", ""))
		default:
			lines = append(lines, keys[1]+": "+pick(seconds...))
		}
	}
	for _, o := range others {
		if r.Intn(2) == 0 {
			lines = append(lines, o+": "+pick("a", "b", "c", "8080", "9090"))
		}
	}
	if len(lines) == 0 {
		lines = append(lines, others[0]+": z")
	}
	if r.Intn(12) == 0 {
		lines = append(lines, "$patch: "+pick("delete", "replace"))
	}
	if r.Intn(2) == 0 {
		r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	}
	return pre + "- " + strings.Join(lines, "\n"+pre+"  ") + "\n"
}

func genKeyedList(r *rand.Rand, pre string, max int, keys [2]string, firsts, seconds, others []string) string {
	var b strings.Builder
	for i := 0; i < 1+r.Intn(max); i++ {
		b.WriteString(genKeyedElement(r, pre, keys, firsts, seconds, others))
	}
	return b.String()
}

// genKeyedKustomization makes a Service and a Deployment whose keyed lists
// (Service ports: port,protocol; container ports: containerPort,protocol;
// topologySpreadConstraints: topologyKey,whenUnsatisfiable; containers and
// env: name) have such elements, and the Service's finalizers (plain
// values) repeated ones; and one or two strategic merge patches with such
// elements, or patches that leave the lists alone (kyaml walks them
// anyway).
func genKeyedKustomization(r *rand.Rand) (map[string]string, string) {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	svcPorts := func(pre string, withPatch bool) string {
		s := genKeyedList(r, pre, 4, [2]string{"port", "protocol"}, []string{"80", "443", "53"}, []string{"TCP", "UDP"}, []string{"targetPort", "name"})
		if !withPatch {
			s = strings.ReplaceAll(strings.ReplaceAll(s, "$patch: delete", "x: d"), "$patch: replace", "x: r")
		}
		return s
	}
	ctrPorts := func(pre string, withPatch bool) string {
		s := genKeyedList(r, pre, 3, [2]string{"containerPort", "protocol"}, []string{"80", "8080"}, []string{"TCP", "UDP", "SCTP"}, []string{"name", "hostPort"})
		if !withPatch {
			s = strings.ReplaceAll(strings.ReplaceAll(s, "$patch: delete", "x: d"), "$patch: replace", "x: r")
		}
		return s
	}
	spread := func(pre string, withPatch bool) string {
		s := genKeyedList(r, pre, 3, [2]string{"topologyKey", "whenUnsatisfiable"}, []string{"zone", "host"}, []string{"DoNotSchedule", "ScheduleAnyway"}, []string{"maxSkew"})
		if !withPatch {
			s = strings.ReplaceAll(strings.ReplaceAll(s, "$patch: delete", "x: d"), "$patch: replace", "x: r")
		}
		return s
	}
	container := func(pre string, withPatch bool) string {
		var lines []string
		if r.Intn(6) != 0 {
			lines = append(lines, "name: "+pick("main", "main", "side"))
		}
		if r.Intn(2) == 0 || len(lines) == 0 {
			lines = append(lines, "image: "+pick("nginx", "envoy"))
		}
		s := pre + "- " + strings.Join(lines, "\n"+pre+"  ") + "\n"
		if r.Intn(3) != 0 {
			s += pre + "  ports:\n" + ctrPorts(pre+"  ", withPatch)
		}
		if r.Intn(3) == 0 {
			s += pre + "  env:\n" + genKeyedList(r, pre+"  ", 3, [2]string{"name", "value"}, []string{"A", "B"}, []string{"1", "2"}, []string{"x"})
		}
		return s
	}
	containers := func(pre string, withPatch bool) string {
		var b strings.Builder
		for i := 0; i < 1+r.Intn(2); i++ {
			b.WriteString(container(pre, withPatch))
		}
		return b.String()
	}
	// finalizers: a list of plain values kyaml merges as a set, here
	// with values repeated
	finalizers := func() string {
		if r.Intn(2) == 0 {
			return ""
		}
		s := "  finalizers:\n"
		for i := 0; i < 1+r.Intn(3); i++ {
			s += "  - " + pick("a", "b", "c", "\"1\"", "1") + "\n"
		}
		return s
	}
	svc := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n" + finalizers() + "spec:\n  ports:\n" + svcPorts("  ", false)
	dep := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n" + containers("      ", false)
	if r.Intn(2) == 0 {
		dep += "      topologySpreadConstraints:\n" + spread("      ", false)
	}
	files := map[string]string{"app/resources.yaml": svc + "---\n" + dep}
	var patches []string
	for i := 0; i < 1+r.Intn(2); i++ {
		switch r.Intn(5) {
		case 0:
			patches = append(patches, "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n"+finalizers()+"spec:\n  ports:\n"+svcPorts("  ", true))
		case 1:
			patches = append(patches, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n"+containers("      ", true))
		case 2:
			patches = append(patches, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      topologySpreadConstraints:\n"+spread("      ", true))
		case 3:
			patches = append(patches, "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: main\n        ports:\n"+ctrPorts("        ", true))
		default:
			patches = append(patches, pick("apiVersion: v1\nkind: Service", "apiVersion: apps/v1\nkind: Deployment")+"\nmetadata:\n  name: web\n  labels:\n    patched: \"yes\"\n")
		}
	}
	k := "resources:\n- resources.yaml\n"
	if r.Intn(3) == 0 {
		k += "patchesStrategicMerge:\n"
		for _, p := range patches {
			k += "- |-\n  " + strings.ReplaceAll(strings.TrimSuffix(p, "\n"), "\n", "\n  ") + "\n"
		}
	} else {
		k += "patches:\n"
		for _, p := range patches {
			k += "- patch: |-\n    " + strings.ReplaceAll(strings.TrimSuffix(p, "\n"), "\n", "\n    ") + "\n"
		}
	}
	files["app/kustomization.yaml"] = k
	return files, "app"
}

// TestGeneratedKeyedLists: keyed lists whose elements lack a merge key,
// repeat one or have an empty one, in resources and in strategic merge
// patches, built by both; the engine refuses none of them.
func TestGeneratedKeyedLists(t *testing.T) {
	n, seed, r := generatedCases(*keyedCases, 300, 3000)
	failed, built := 0, 0
	bothFailed, engineRefused = 0, 0
	for i := 0; i < n && failed < 3; i++ {
		files, dir := genKeyedKustomization(r)
		before := bothFailed
		if !compareWith(t, fmt.Sprintf("keyed case %d (seed %d)", i, seed), files, dir, false) {
			failed++
		} else if bothFailed == before {
			built++
		}
	}
	t.Logf("%d generated kustomizations with keyed lists compared: %d built alike, %d refused by both", n, built, bothFailed)
	if built < n*9/10 {
		t.Errorf("only %d of %d cases built", built, n)
	}
}
