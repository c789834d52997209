package kustomize

import (
	"math/rand"
	"strings"
)

// smpMarker tags a kustomization that carries generated strategic merge
// patches (a YAML comment kustomize ignores).
const smpMarker = "# generated strategic merge patches\n"

func smpInFiles(files map[string]string) bool {
	for _, c := range files {
		if strings.Contains(c, smpMarker) {
			return true
		}
	}
	return false
}

// genSMPatches writes a `patches` or `patchesStrategicMerge` field with one
// to three strategic merge patches for the objects genObject makes (by
// kind and one of the generator's names, so that some reach an object and
// some do not), built from fragments: scalars, maps, null, `$patch` on
// maps, lists and elements, keyed lists (containers, env, volumes, ports,
// finalizers), a custom resource's list, kubectl apply's directives, the
// whole object deleted, and containers without a name.
func genSMPatches(r *rand.Rand, made [][3]string) string {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	type frag struct{ kinds, text string }
	workload := "Deployment StatefulSet DaemonSet"
	frags := []frag{
		{"*", "metadata:\n  labels:\n    patched: \"yes\"\n"},
		{"*", "metadata:\n  labels:\n    keep: null\n"},
		{"*", "metadata:\n  annotations:\n    note: hello\n"},
		{"*", "metadata:\n  annotations:\n    a: null\n    b: \"2\"\n"},
		{"*", "metadata:\n  finalizers:\n  - " + pick("x", "y") + "\n  - keep\n"},
		{workload, "spec:\n  replicas: " + pick("1", "5", "null") + "\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        image: " + pick("busybox", "nginx:1.28") + "\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - name: side\n        image: envoy\n        ports:\n        - containerPort: 9901\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        ports:\n        - containerPort: " + pick("80", "8080") + "\n          protocol: " + pick("TCP", "UDP") + "\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        env:\n        - name: E\n          value: v\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        $patch: delete\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - $patch: replace\n      - name: only\n        image: x\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - name: main\n        $patch: replace\n        image: r\n"},
		{workload, "spec:\n  template:\n    spec:\n      containers:\n      - image: noname\n"},
		{workload, "spec:\n  template:\n    spec:\n      volumes:\n      - name: " + pick("v", "w") + "\n        emptyDir: {}\n"},
		{workload, "spec:\n  template:\n    spec:\n      volumes: null\n"},
		{workload, "spec:\n  template:\n    spec:\n      volumes:\n      - $patch: delete\n"},
		{workload, "spec:\n  template:\n    spec:\n      securityContext:\n        runAsUser: 1000\n"},
		{workload, "spec:\n  template:\n    spec:\n      securityContext:\n        $patch: " + pick("delete", "replace") + "\n        fsGroup: 2\n"},
		{workload, "spec:\n  template:\n    metadata:\n      labels:\n        app: patched\n"},
		{workload, "spec:\n  template:\n    spec:\n      $setElementOrder/containers:\n      - name: main\n"},
		{"Deployment", "spec:\n  strategy:\n    $retainKeys:\n    - type\n    type: Recreate\n"},
		{"ConfigMap", "data:\n  k: " + pick("null", "w", "\"1\"") + "\n"},
		{"ConfigMap", "data:\n  $patch: replace\n  z: \"1\"\n"},
		{"ConfigMap", "data:\n  new: v\n"},
		{"Service", "spec:\n  ports:\n  - port: " + pick("80", "443") + "\n    targetPort: 8080\n"},
		{"Service", "spec:\n  selector:\n    app: null\n    tier: web\n"},
		{"Widget", "spec:\n  items:\n  - " + pick("a", "b") + "\n  size: null\n"},
		{"Widget", "spec:\n  configMapRef:\n    $patch: delete\n"},
		{"Role ClusterRole", "rules:\n- apiGroups: [apps]\n  resources: [deployments]\n  verbs: [get]\n"},
		{"ConfigMap Widget Role", "$patch: delete\n"},
	}
	apiVersion := map[string]string{"Deployment": "apps/v1", "StatefulSet": "apps/v1", "DaemonSet": "apps/v1",
		"ConfigMap": "v1", "Service": "v1", "Widget": "example.com/v1", "Role": "rbac.authorization.k8s.io/v1",
		"ClusterRole": "rbac.authorization.k8s.io/v1", "Secret": "v1"}
	kinds := []string{"Deployment", "Deployment", "StatefulSet", "DaemonSet", "ConfigMap", "ConfigMap", "Service", "Widget", "Role", "ClusterRole"}
	var patches []string
	withTarget := r.Intn(3) == 0
	n := 1 + r.Intn(2)
	if withTarget {
		n = 1
	}
	for i := 0; i < n; i++ {
		kind := kinds[r.Intn(len(kinds))]
		name, ns := pick("app", "web", "db", "cfg", "x", "gen"), ""
		if r.Intn(4) == 0 {
			ns = pick("prod", "default", "team-a")
		}
		// mostly an object the base made (of a kind with apiVersion known here)
		var known [][3]string
		for _, m := range made {
			if _, ok := apiVersion[m[0]]; ok {
				known = append(known, m)
			}
		}
		if len(known) > 0 && r.Intn(10) != 0 {
			m := known[r.Intn(len(known))]
			kind, name, ns = m[0], m[1], m[2]
		}
		doc := map[string]string{}
		var body strings.Builder
		for j := 0; j < 1+r.Intn(3); j++ {
			f := frags[r.Intn(len(frags))]
			if f.kinds != "*" && !strings.Contains(" "+f.kinds+" ", " "+kind+" ") {
				continue
			}
			top := strings.SplitN(f.text, ":", 2)[0]
			if doc[top] != "" {
				continue // one fragment per top-level field: YAML keys stay unique
			}
			doc[top] = f.text
		}
		meta := "metadata:\n  name: " + name + "\n"
		if m := doc["metadata"]; m != "" {
			meta += strings.TrimPrefix(m, "metadata:\n")
			delete(doc, "metadata")
		}
		if ns != "" {
			meta += "  namespace: " + ns + "\n"
		}
		body.WriteString("apiVersion: " + apiVersion[kind] + "\nkind: " + kind + "\n" + meta)
		for _, k := range []string{"spec", "data", "rules", "$patch"} {
			body.WriteString(doc[k])
		}
		patches = append(patches, body.String())
	}
	indent := func(s, pre string) string {
		lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
		return pre + strings.Join(lines, "\n"+pre) + "\n"
	}
	if withTarget {
		target := "  target:\n    kind: " + pick("Deployment", "ConfigMap", "Service|Widget", "Deployment|StatefulSet") + "\n"
		if r.Intn(2) == 0 {
			target += "    name: " + pick("app", "web", ".*") + "\n"
		}
		return smpMarker + "patches:\n- patch: |-\n" + indent(patches[0], "    ") + target
	}
	if r.Intn(3) == 0 {
		var b strings.Builder
		b.WriteString(smpMarker + "patchesStrategicMerge:\n")
		for _, p := range patches {
			b.WriteString("- |-\n" + indent(p, "  "))
		}
		return b.String()
	}
	var b strings.Builder
	b.WriteString(smpMarker + "patches:\n")
	for _, p := range patches {
		b.WriteString("- patch: |-\n" + indent(p, "    "))
	}
	return b.String()
}
