package kustomize

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strings"

	sigsyaml "sigs.k8s.io/yaml"
)

// genKustomization makes a small random tree: a base and, half the time,
// an overlay (sometimes two levels), with objects of the kinds kustomize's
// name references connect (ConfigMaps, Secrets, ServiceAccounts, a
// Deployment that uses them, an HPA, RoleBindings, a Namespace, a cluster
// role, a custom resource), and the step-1 transformers on each level.
func genKustomization(r *rand.Rand) (map[string]string, string) {
	files := map[string]string{}
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	names := []string{"app", "web", "db", "cfg", "x", "gen"}
	nss := []string{"", "", "default", "prod", "team-a"}

	var docs []string
	var made [][3]string // kind, name and namespace of each object, for the patches
	used := map[string]bool{}
	n := 1 + r.Intn(5)
	for i := 0; i < n; i++ {
		kind := pick("ConfigMap", "Secret", "ServiceAccount", "Deployment", "Service", "HorizontalPodAutoscaler",
			"RoleBinding", "ClusterRoleBinding", "Role", "ClusterRole", "Namespace", "StatefulSet", "Widget", "CronJob",
			"Deployment", "ConfigMap", "Pod", "DaemonSet", "Job", "PodDisruptionBudget", "NetworkPolicy", "Ingress", "PersistentVolumeClaim")
		name := pick(names...)
		ns := pick(nss...)
		if kind == "Namespace" || kind == "ClusterRole" || kind == "ClusterRoleBinding" {
			ns = ""
		}
		key := kind + "/" + name + "/" + ns
		if used[key] {
			continue
		}
		used[key] = true
		made = append(made, [3]string{kind, name, ns})
		docs = append(docs, genObject(r, kind, name, ns, names))
	}
	nfiles := 1 + r.Intn(2)
	split := make([][]string, nfiles)
	for i, d := range docs {
		split[i%nfiles] = append(split[i%nfiles], d)
	}
	var res []string
	for i, ds := range split {
		if len(ds) == 0 {
			continue
		}
		f := fmt.Sprintf("base/r%d.yaml", i)
		for j := range ds {
			ds[j] = restyle(r, ds[j])
		}
		files[f] = strings.Join(ds, "---\n")
		res = append(res, fmt.Sprintf("r%d.yaml", i))
	}
	gens := map[string][]string{}
	files["base/kustomization.yaml"] = genKustFile(r, res, made) + genGenerators(r, files, "base", gens)
	dir := "base"
	levels := r.Intn(3)
	parent := "base"
	for l := 1; l <= levels; l++ {
		d := fmt.Sprintf("overlay%d", l)
		var rs []string
		rs = append(rs, relPath(d, parent))
		if r.Intn(3) == 0 {
			name := pick(names...)
			files[d+"/extra.yaml"] = genObject(r, pick("ConfigMap", "ServiceAccount", "Deployment"), name+"-o", "", names)
			rs = append(rs, "extra.yaml")
		}
		files[d+"/kustomization.yaml"] = genKustFile(r, rs, made) + genGenerators(r, files, d, gens)
		parent, dir = d, d
	}
	return files, dir
}

// genGenerators adds configMapGenerator, secretGenerator and
// generatorOptions entries (and the files they read) to a kustomization.
// gens holds the names each generator field made in the levels below;
// an overlay merges into or replaces one of those, or makes its own.
func genGenerators(r *rand.Rand, files map[string]string, dir string, gens map[string][]string) string {
	var b strings.Builder
	gen := func(field string) {
		below := gens[field]
		overlay := len(below) > 0
		names := []string{"gen", "gdb"}
		if overlay {
			names = []string{"gen2", "gdb2"}
		}
		n := 1 + r.Intn(2)
		fmt.Fprintf(&b, "%s:\n", field)
		used := map[string]bool{}
		for i := 0; i < n; i++ {
			name := names[r.Intn(len(names))]
			behavior := ""
			if overlay && r.Intn(2) == 0 {
				name = below[r.Intn(len(below))]
				behavior = []string{"merge", "replace", "merge"}[r.Intn(3)]
			}
			if used[name] {
				continue
			}
			used[name] = true
			gens[field] = append(gens[field], name)
			fmt.Fprintf(&b, "- name: %s\n", name)
			if behavior != "" {
				fmt.Fprintf(&b, "  behavior: %s\n", behavior)
			}
			if r.Intn(4) == 0 {
				fmt.Fprintf(&b, "  namespace: %s\n", []string{"prod", "default"}[r.Intn(2)])
			}
			if r.Intn(3) > 0 {
				b.WriteString("  literals:\n")
				keys := r.Perm(4)[:1+r.Intn(3)]
				for _, j := range keys {
					fmt.Fprintf(&b, "  - %s=%s\n", []string{"A", "B", "key.txt", "C"}[j], []string{"1", "\"quoted\"", "x y", "true", "'s'", ""}[r.Intn(6)])
				}
			}
			if r.Intn(3) == 0 {
				f := fmt.Sprintf("data%d.txt", r.Intn(2))
				files[dir+"/"+f] = []string{"hello\n", "line1\nline2\n", "\xff\xfe binary", strings.Repeat("long text ", 12)}[r.Intn(4)]
				if r.Intn(2) == 0 {
					fmt.Fprintf(&b, "  files:\n  - %s\n", f)
				} else {
					fmt.Fprintf(&b, "  files:\n  - k%d=%s\n", i, f)
				}
			}
			if r.Intn(4) == 0 {
				files[dir+"/vars.env"] = "# comment\nX=1\n  Y=two words\nEMPTY=\nNOEQ\n"
				b.WriteString("  envs:\n  - vars.env\n")
			}
			if field == "secretGenerator" && r.Intn(3) == 0 {
				b.WriteString("  type: kubernetes.io/tls\n")
			}
			if r.Intn(4) == 0 {
				b.WriteString("  options:\n")
				switch r.Intn(4) {
				case 0:
					b.WriteString("    disableNameSuffixHash: true\n")
				case 1:
					b.WriteString("    labels:\n      gen: \"yes\"\n")
				case 2:
					b.WriteString("    annotations:\n      note: local\n")
				default:
					b.WriteString("    immutable: true\n")
				}
			}
		}
	}
	if r.Intn(2) == 0 {
		gen("configMapGenerator")
	}
	if r.Intn(3) == 0 {
		gen("secretGenerator")
	}
	if r.Intn(5) == 0 {
		b.WriteString("generatorOptions:\n")
		if r.Intn(2) == 0 {
			b.WriteString("  disableNameSuffixHash: true\n")
		}
		b.WriteString("  labels:\n    global: \"1\"\n  annotations:\n    note: global\n")
	}
	return b.String()
}

// genJSONPatches writes patches (or patchesJson6902) entries with JSON
// 6902 operations, inline as YAML or JSON, and targets by kind, name
// (regular expressions), namespace and label selector.
func genJSONPatches(r *rand.Rand, made [][3]string) string {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	common := []string{
		`{"op": "add", "path": "/metadata/labels", "value": {"patched": "yes"}}`,
		`{"op": "add", "path": "/metadata/annotations", "value": {"patched": "1.0"}}`,
		`{"op": "remove", "path": "/metadata/labels/keep"}`,
		`{"op": "copy", "from": "/metadata/name", "path": "/metadata/annotations"}`,
		`{"op": "move", "from": "/metadata/labels", "path": "/metadata/annotations"}`,
		`{"op": "replace", "path": "/metadata/name", "value": "renamed"}`,
		`{"op": "test", "path": "/apiVersion", "value": "v1"}`,
	}
	byKind := map[string][]string{
		"Deployment": {
			`{"op": "replace", "path": "/spec/replicas", "value": 4}`,
			`{"op": "add", "path": "/spec/replicas", "value": 1}`,
			`{"op": "add", "path": "/spec/template/spec/containers/0/env", "value": [{"name": "A", "value": "1"}]}`,
			`{"op": "add", "path": "/spec/template/spec/containers/-", "value": {"name": "side", "image": "busybox"}}`,
			`{"op": "test", "path": "/kind", "value": "Deployment"}`,
			`{"op": "remove", "path": "/spec/template/spec/volumes"}`,
		},
		"ConfigMap": {
			`{"op": "replace", "path": "/data/k", "value": "patched"}`,
			`{"op": "add", "path": "/data", "value": {"n": 1.50, "b": true, "s": "x"}}`,
			`{"op": "add", "path": "/data/new", "value": "v2"}`,
		},
		"Service": {
			`{"op": "add", "path": "/spec/ports/-", "value": {"port": 443, "name": "https"}}`,
			`{"op": "replace", "path": "/spec/selector", "value": {"app": "patched"}}`,
		},
	}
	if r.Intn(2) == 0 {
		return genSMPatches(r, made)
	}
	if r.Intn(6) == 0 {
		// Strategic merge patches that reach no object (an error without
		// a target, nothing with one).
		sm := "    apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: nothere\n    data:\n      a: b\n"
		switch r.Intn(3) {
		case 0:
			return "patches:\n- patch: |-\n" + sm
		case 1:
			return "patches:\n- patch: |-\n" + sm + "  target:\n    kind: Widget2\n"
		default:
			return "patchesStrategicMerge:\n- |-\n" + strings.ReplaceAll(sm, "    ", "  ")
		}
	}
	kind := pick("Deployment", "ConfigMap", "Service")
	var list []string
	for i := 0; i < 1+r.Intn(2); i++ {
		if r.Intn(3) == 0 {
			list = append(list, pick(common...))
		} else {
			list = append(list, pick(byKind[kind]...))
		}
	}
	patch := ""
	if r.Intn(2) == 0 {
		patch = "    [" + strings.Join(list, ", ") + "]\n"
	} else {
		for _, o := range list {
			var m map[string]any
			if err := json.Unmarshal([]byte(o), &m); err != nil {
				panic(err)
			}
			y, _ := sigsyaml.Marshal([]any{m})
			for _, line := range strings.Split(strings.TrimSuffix(string(y), "\n"), "\n") {
				patch += "    " + line + "\n"
			}
		}
	}
	target := "  target:\n"
	switch r.Intn(5) {
	case 0:
		target += "    kind: " + kind + "\n    name: .*\n"
	case 1:
		target += "    kind: " + kind + "|Widget\n    name: " + pick("app", "web", "a.*", "cfg|db", "gen") + "\n"
	case 2:
		target += "    kind: " + kind + "\n    labelSelector: " + pick("keep=yes", "keep", "!keep") + "\n    name: .*\n"
	case 3:
		target += "    version: v1\n    kind: " + kind + "\n    name: " + pick("app", "web", "db", "x") + "\n"
	default:
		target += "    kind: " + kind + "\n    namespace: " + pick("prod", "default", "team-.*") + "\n    name: " + pick("app", "web", ".*") + "\n"
	}
	if r.Intn(3) == 0 {
		return "patchesJson6902:\n- patch: |-\n" + patch + target
	}
	return "patches:\n- patch: |-\n" + patch + target
}

var metaName = regexp.MustCompile(`(?m)^  name: (\S+)$`)

// restyle writes the same object in another YAML form kustomize reads:
// JSON, comments, flow mappings, anchors and aliases, quoted or numeric
// names, null and empty metadata fields.
func restyle(r *rand.Rand, doc string) string {
	switch r.Intn(8) {
	case 0:
		j, err := sigsyaml.YAMLToJSON([]byte(doc))
		if err != nil {
			panic(err)
		}
		return string(j) + "\n"
	case 1:
		return "# a comment\n" + strings.Replace(doc, "\nkind:", " # trailing\nkind:", 1)
	case 2:
		if !strings.Contains(doc, "\n  labels:") {
			return strings.Replace(doc, "metadata:\n", "metadata:\n  labels: null\n", 1)
		}
	case 3:
		if !strings.Contains(doc, "\n  annotations:") {
			return strings.Replace(doc, "metadata:\n", "metadata:\n  annotations: {}\n", 1)
		}
	case 4:
		// A numeric-looking name, quoted, and one that is a number.
		if r.Intn(2) == 0 {
			return metaName.ReplaceAllString(doc, `  name: "1$1"`)
		}
		return metaName.ReplaceAllString(doc, `  name: '$1'`)
	case 5:
		return strings.Replace(doc, "apiVersion: ", "apiVersion: &v ", 1)
	case 6:
		if !strings.Contains(doc, "\n  labels:") {
			return strings.Replace(doc, "metadata:\n", "metadata:\n  labels: {from: restyle, n: 1, t: true}\n", 1)
		}
	}
	return doc
}

func relPath(from, to string) string { return "../" + to }

func genKustFile(r *rand.Rand, resources []string, made [][3]string) string {
	var b strings.Builder
	if r.Intn(2) == 0 {
		b.WriteString("apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n")
	}
	b.WriteString("resources:\n")
	for _, p := range resources {
		fmt.Fprintf(&b, "- %s\n", p)
	}
	if r.Intn(3) == 0 {
		fmt.Fprintf(&b, "namespace: %s\n", []string{"prod", "staging", "default", "team-b"}[r.Intn(4)])
	}
	if r.Intn(2) == 0 {
		fmt.Fprintf(&b, "namePrefix: %s\n", []string{"p-", "dev-", "a", "\"1\"", "\"0x\""}[r.Intn(5)])
	}
	if r.Intn(3) == 0 {
		fmt.Fprintf(&b, "nameSuffix: %s\n", []string{"-s", "-v2", "\"0\"", "e5"}[r.Intn(4)])
	}
	if r.Intn(3) == 0 {
		fmt.Fprintf(&b, "commonLabels:\n  app: %s\n", []string{"web", "\"1\"", "db"}[r.Intn(3)])
		if r.Intn(2) == 0 {
			b.WriteString("  tier: back\n")
		}
	}
	if r.Intn(3) == 0 {
		fmt.Fprintf(&b, "labels:\n- pairs:\n    team: %s\n", []string{"a", "b"}[r.Intn(2)])
		if r.Intn(2) == 0 {
			b.WriteString("  includeSelectors: true\n")
		} else if r.Intn(2) == 0 {
			b.WriteString("  includeTemplates: true\n")
		}
		if r.Intn(3) == 0 {
			b.WriteString([]string{
				"  fields:\n  - path: spec/selector\n    kind: Service\n    create: true\n",
				"  fields:\n  - path: spec/template/metadata/labels\n    kind: Deployment\n    create: true\n  - path: spec/podSelector/matchLabels\n    kind: NetworkPolicy\n",
				"  fields:\n  - path: spec/configMapRef/labels\n    group: example.com\n    kind: Widget\n    create: true\n",
				"  fields:\n  - path: spec/volumeClaimTemplates[]/metadata/labels\n    kind: StatefulSet\n    create: true\n",
			}[r.Intn(4)])
		}
	}
	if r.Intn(3) == 0 {
		fmt.Fprintf(&b, "commonAnnotations:\n  note: %s\n", []string{"hi", "\"true\"", "x y"}[r.Intn(3)])
	}
	if r.Intn(3) == 0 {
		b.WriteString("images:\n")
		for i := 0; i < 1+r.Intn(2); i++ {
			fmt.Fprintf(&b, "- name: %s\n", []string{"nginx", "busybox", "registry.io/team/app", "nginx:1.27"}[r.Intn(4)])
			switch r.Intn(5) {
			case 0:
				fmt.Fprintf(&b, "  newTag: %s\n", []string{"\"1.28\"", "latest", "v2"}[r.Intn(3)])
			case 1:
				b.WriteString("  newName: mirror.io/nginx\n")
			case 2:
				b.WriteString("  digest: sha256:0123abcd\n")
			case 3:
				b.WriteString("  tagSuffix: -debug\n")
			default:
				b.WriteString("  newName: other\n  newTag: \"2\"\n")
			}
		}
	}
	if r.Intn(3) == 0 {
		b.WriteString(genJSONPatches(r, made))
	}
	if r.Intn(6) == 0 {
		b.WriteString([]string{
			"sortOptions:\n  order: fifo\n",
			"sortOptions:\n  order: legacy\n",
			"sortOptions:\n  order: legacy\n  legacySortOptions:\n    orderFirst: [Deployment, ConfigMap]\n    orderLast: [Namespace, Service]\n",
			"sortOptions:\n  order: legacy\n  legacySortOptions:\n    orderFirst: []\n    orderLast: []\n",
			"sortOptions:\n  order: alpha\n",
		}[r.Intn(5)])
	}
	if r.Intn(10) == 0 {
		fmt.Fprintf(&b, "replicas:\n- name: %s\n  count: %d\n", []string{"app", "web", "db", "p-app", "cfg"}[r.Intn(5)], r.Intn(4))
	}
	return b.String()
}

func genObject(r *rand.Rand, kind, name, ns string, names []string) string {
	pick := func(xs ...string) string { return xs[r.Intn(len(xs))] }
	meta := "metadata:\n  name: " + name + "\n"
	if ns != "" {
		meta += "  namespace: " + ns + "\n"
	}
	if r.Intn(4) == 0 {
		meta += "  labels:\n    keep: \"yes\"\n"
	}
	if r.Intn(5) == 0 {
		meta += "  annotations:\n    a: \"1\"\n"
	}
	ref := pick(names...)
	switch kind {
	case "ConfigMap":
		return "apiVersion: v1\nkind: ConfigMap\n" + meta + "data:\n  k: v\n"
	case "Secret":
		return "apiVersion: v1\nkind: Secret\n" + meta + "type: Opaque\nstringData:\n  k: v\n"
	case "ServiceAccount":
		return "apiVersion: v1\nkind: ServiceAccount\n" + meta
	case "Service":
		return "apiVersion: v1\nkind: Service\n" + meta + "spec:\n  selector:\n    app: " + ref + "\n  ports:\n  - port: 80\n"
	case "Namespace":
		return "apiVersion: v1\nkind: Namespace\n" + meta
	case "Deployment", "StatefulSet":
		s := "apiVersion: apps/v1\nkind: " + kind + "\n" + meta + "spec:\n"
		if r.Intn(2) == 0 {
			s += "  replicas: 2\n"
		}
		if r.Intn(2) == 0 {
			s += "  selector:\n    matchLabels:\n      app: " + name + "\n"
		}
		s += "  template:\n    metadata:\n      labels:\n        app: " + name + "\n    spec:\n"
		if r.Intn(2) == 0 {
			s += "      serviceAccountName: " + pick(names...) + "\n"
		}
		if r.Intn(3) == 0 {
			s += "      initContainers:\n      - name: init\n        image: " + pick("busybox", "busybox:1.36", "registry.io/team/app@sha256:feed") + "\n"
		}
		s += "      containers:\n      - name: main\n        image: " + pick("nginx:1.27", "nginx", "registry.io/team/app:v1", "nginx@sha256:abcd") + "\n"
		if r.Intn(2) == 0 {
			s += "        envFrom:\n        - configMapRef:\n            name: " + pick(names...) + "\n"
			if r.Intn(2) == 0 {
				s += "        - secretRef:\n            name: " + pick(names...) + "\n"
			}
		}
		if r.Intn(2) == 0 {
			s += "      volumes:\n      - name: v\n        configMap:\n          name: " + pick(names...) + "\n"
		}
		return s
	case "CronJob":
		return "apiVersion: batch/v1\nkind: CronJob\n" + meta + "spec:\n  schedule: \"* * * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers:\n          - name: c\n            image: busybox\n            env:\n            - name: K\n              valueFrom:\n                configMapKeyRef:\n                  name: " + pick(names...) + "\n                  key: k\n"
	case "HorizontalPodAutoscaler":
		return "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n" + meta + "spec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: " + ref + "\n  maxReplicas: 3\n"
	case "Role", "ClusterRole":
		api := "rbac.authorization.k8s.io/v1"
		return "apiVersion: " + api + "\nkind: " + kind + "\n" + meta + "rules:\n- apiGroups: [\"\"]\n  resources: [configmaps]\n  resourceNames: [" + ref + "]\n  verbs: [get]\n"
	case "RoleBinding", "ClusterRoleBinding":
		s := "apiVersion: rbac.authorization.k8s.io/v1\nkind: " + kind + "\n" + meta +
			"roleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: " + pick("Role", "ClusterRole") + "\n  name: " + ref + "\nsubjects:\n"
		s += "- kind: ServiceAccount\n  name: " + pick(append(names, "default")...) + "\n"
		if r.Intn(2) == 0 {
			s += "  namespace: " + pick("prod", "default", "other") + "\n"
		}
		return s
	case "Pod":
		return "apiVersion: v1\nkind: Pod\n" + meta + "spec:\n  containers:\n  - name: c\n    image: " + pick("nginx", "busybox:1") + "\n    env:\n    - name: A\n      valueFrom:\n        secretKeyRef:\n          name: " + ref + "\n          key: k\n  volumes:\n  - name: s\n    secret:\n      secretName: " + pick(names...) + "\n  - name: p\n    persistentVolumeClaim:\n      claimName: " + pick(names...) + "\n"
	case "DaemonSet", "Job":
		api := "apps/v1"
		if kind == "Job" {
			api = "batch/v1"
		}
		return "apiVersion: " + api + "\nkind: " + kind + "\n" + meta + "spec:\n  selector:\n    matchLabels:\n      app: " + name + "\n  template:\n    metadata:\n      labels:\n        app: " + name + "\n    spec:\n      containers:\n      - name: c\n        image: nginx\n        envFrom:\n        - configMapRef:\n            name: " + ref + "\n"
	case "PodDisruptionBudget":
		return "apiVersion: policy/v1\nkind: PodDisruptionBudget\n" + meta + "spec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: " + ref + "\n"
	case "NetworkPolicy":
		return "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\n" + meta + "spec:\n  podSelector:\n    matchLabels:\n      app: " + ref + "\n  ingress:\n  - from:\n    - podSelector:\n        matchLabels:\n          app: x\n"
	case "Ingress":
		return "apiVersion: networking.k8s.io/v1\nkind: Ingress\n" + meta + "spec:\n  rules:\n  - http:\n      paths:\n      - path: /\n        pathType: Prefix\n        backend:\n          service:\n            name: " + ref + "\n            port:\n              number: 80\n  tls:\n  - secretName: " + pick(names...) + "\n"
	case "PersistentVolumeClaim":
		return "apiVersion: v1\nkind: PersistentVolumeClaim\n" + meta + "spec:\n  accessModes: [ReadWriteOnce]\n  resources:\n    requests:\n      storage: 1Gi\n"
	case "Widget":
		return "apiVersion: example.com/v1\nkind: Widget\n" + meta + "spec:\n  size: 3\n  configMapRef:\n    name: " + ref + "\n"
	}
	panic(kind)
}

var _ = sort.Strings
