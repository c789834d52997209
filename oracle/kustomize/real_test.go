package kustomize

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/internal/realmanifests"
	"sigs.k8s.io/kustomize/kyaml/kio"
	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

// realKnown are the kustomizations of TestRealManifests where the engine
// and kustomize still disagree, by case name, each with what differs. The
// test skips exactly these, and fails when one of them agrees (the entry
// is then stale).
var realKnown = map[string]string{}

// realFile is one manifest file of a project, with what the generated
// kustomizations need to know of its objects.
type realFile struct {
	path      string // inside real-manifests, e.g. istio/istio/manifests/...
	text      string
	docs      int
	images    []string // distinct image names (no tag or digest)
	workloads []realWorkload
	others    []realObject // ConfigMaps and Services, for a delete patch
	ids       []string     // kind/namespace/name of every object
	objects   []realObject
	repeats   bool // an object appears twice (kustomize refuses the file)
}

type realObject struct{ apiVersion, kind, name, namespace string }

// realWorkload is an object with a pod template.
type realWorkload struct {
	realObject
	podPath   []string // path to the pod spec
	container string   // first container's name
	hasEnv    bool     // the first container has env
	resources bool     // the first container has resources
	replicas  bool     // Deployment or StatefulSet (the replicas field)
}

// realProject is the files of one public project.
type realProject struct {
	name  string
	files []realFile
}

func readRealProjects(t *testing.T) []realProject {
	root := realmanifests.Dir(t)
	byProject := map[string]*realProject{}
	var order []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		parts := strings.SplitN(rel, "/", 3)
		if len(parts) < 3 {
			return nil
		}
		proj := parts[0] + "/" + parts[1]
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if byProject[proj] == nil {
			byProject[proj] = &realProject{name: proj}
			order = append(order, proj)
		}
		byProject[proj].files = append(byProject[proj].files, describeReal(rel, string(b)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(order)
	var out []realProject
	for _, p := range order {
		out = append(out, *byProject[p])
	}
	return out
}

// describeReal reads a file's objects with kyaml (a file kyaml cannot
// read is still built: both should fail alike).
func describeReal(path, text string) realFile {
	f := realFile{path: path, text: text}
	nodes, err := (&kio.ByteReader{Reader: bytes.NewBufferString(text), OmitReaderAnnotations: true}).Read()
	if err != nil {
		return f
	}
	f.docs = len(nodes)
	seen := map[string]bool{}
	for _, n := range nodes {
		obj := realObject{n.GetApiVersion(), n.GetKind(), n.GetName(), n.GetNamespace()}
		ns := obj.namespace
		if ns == "default" {
			ns = "" // kustomize's ids take one for the other
		}
		id := obj.apiVersion + "/" + obj.kind + "/" + ns + "/" + obj.name
		for _, o := range f.ids {
			if o == id {
				f.repeats = true
			}
		}
		f.ids = append(f.ids, id)
		f.objects = append(f.objects, obj)
		var pod []string
		switch obj.kind {
		case "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job":
			pod = []string{"spec", "template", "spec"}
		case "CronJob":
			pod = []string{"spec", "jobTemplate", "spec", "template", "spec"}
		case "ConfigMap", "Service":
			f.others = append(f.others, obj)
		}
		if pod == nil {
			continue
		}
		cs, err := n.Pipe(kyaml.Lookup(append(append([]string{}, pod...), "containers")...))
		if err != nil || cs == nil || len(cs.Content()) == 0 {
			continue
		}
		w := realWorkload{realObject: obj, podPath: pod, replicas: obj.kind == "Deployment" || obj.kind == "StatefulSet"}
		for i, c := range cs.Content() {
			cn := kyaml.NewRNode(c)
			if i == 0 {
				w.container = kyaml.GetValue(cn.Field("name").Value)
				w.hasEnv = cn.Field("env") != nil
				w.resources = cn.Field("resources") != nil
			}
			if img := cn.Field("image"); img != nil {
				name := imageName(kyaml.GetValue(img.Value))
				if name != "" && !seen[name] {
					seen[name] = true
					f.images = append(f.images, name)
				}
			}
		}
		if w.container != "" {
			f.workloads = append(f.workloads, w)
		}
	}
	return f
}

// imageName strips a tag and a digest, as an images entry's name is
// written.
func imageName(s string) string {
	if i := strings.Index(s, "@"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, ":"); i > strings.LastIndex(s, "/") {
		s = s[:i]
	}
	return s
}

// realCase is one kustomization over real files.
type realCase struct {
	name    string
	variant string // what the kustomization does, for the tally
	files   map[string]string
}

// realCases derives the kustomizations a user would write over one file.
func realCases(f realFile) []realCase {
	base := filepath.Base(f.path)
	var cases []realCase
	add := func(variant, kust string, extra ...string) {
		files := map[string]string{base: f.text, "kustomization.yaml": "resources:\n- " + base + "\n" + kust}
		for i := 0; i+1 < len(extra); i += 2 {
			files[extra[i]] = extra[i+1]
		}
		cases = append(cases, realCase{f.path + " " + variant, strings.Fields(variant)[0], files})
	}
	add("as-is", "")
	add("namespace+prefix+suffix", "namespace: lens\nnamePrefix: p-\nnameSuffix: -s\n")
	add("labels+selectors+annotations", "labels:\n- pairs:\n    team: lens\n  includeSelectors: true\ncommonAnnotations:\n  note: \"real manifests\"\n")
	add("labels+commonLabels+fifo", "labels:\n- pairs:\n    team: lens\ncommonLabels:\n  app.kubernetes.io/part-of: lens\nsortOptions:\n  order: fifo\n")
	if len(f.objects) > 0 {
		// A JSON patch of the file's last object, whatever its kind
		// (custom resources too), by a target with its group and kind.
		o := f.objects[len(f.objects)-1]
		group, version := "", o.apiVersion
		if i := strings.Index(o.apiVersion, "/"); i >= 0 {
			group, version = o.apiVersion[:i], o.apiVersion[i+1:]
		}
		add("json6902-last "+o.kind+"/"+o.name, fmt.Sprintf("namePrefix: p-\npatches:\n- target:\n    group: %q\n    version: %q\n    kind: %q\n    name: %q\n  patch: |-\n    - op: add\n      path: /metadata/annotations\n      value:\n        lens: json\n    - op: test\n      path: /kind\n      value: %q\n", group, version, o.kind, o.name, o.kind))
	}
	if len(f.images) > 0 || len(f.workloads) > 0 {
		var b strings.Builder
		if len(f.images) > 0 {
			b.WriteString("images:\n")
			for i, img := range f.images {
				switch i % 3 {
				case 0:
					fmt.Fprintf(&b, "- name: %s\n  newTag: v9.9\n", img)
				case 1:
					fmt.Fprintf(&b, "- name: %s\n  newName: registry.example/mirror/x\n", img)
				default:
					fmt.Fprintf(&b, "- name: %s\n  digest: sha256:%s\n", img, strings.Repeat("ab", 32))
				}
			}
		}
		var reps []string
		for _, w := range f.workloads {
			if w.replicas {
				reps = append(reps, fmt.Sprintf("- name: %s\n  count: 3\n", w.name))
			}
		}
		if len(reps) > 0 {
			b.WriteString("replicas:\n" + strings.Join(reps, ""))
		}
		add("images+replicas", b.String())
	}
	for i, w := range f.workloads {
		if i == 8 {
			break // eight workloads of a file are enough
		}
		target := fmt.Sprintf("  target:\n    kind: %s\n    name: %s\n", w.kind, w.name)
		smp := smpPatch(w, map[string]string{
			"image":     "example.com/patched:1.0",
			"env":       "- name: LENS\n  value: \"on\"",
			"resources": "limits:\n  cpu: 500m\n  memory: 128Mi",
		})
		add("smp "+w.kind+"/"+w.name, "patches:\n- path: smp.yaml\n"+target, "smp.yaml", smp)
		port := smpPatch(w, map[string]string{"ports": "- containerPort: 9999\n  name: lens\n  protocol: TCP"})
		add("smp-port "+w.kind+"/"+w.name, "patches:\n- path: port.yaml\n", "port.yaml", port)
		c := "/" + strings.Join(w.podPath, "/") + "/containers/0"
		var ops []string
		ops = append(ops, "- op: replace\n  path: "+c+"/image\n  value: example.com/json:2.0")
		if w.hasEnv {
			ops = append(ops, "- op: add\n  path: "+c+"/env/-\n  value:\n    name: LENS\n    value: \"1\"")
		} else {
			ops = append(ops, "- op: add\n  path: "+c+"/env\n  value:\n  - name: LENS\n    value: \"1\"")
		}
		if w.resources {
			ops = append(ops, "- op: remove\n  path: "+c+"/resources")
		}
		add("json6902 "+w.kind+"/"+w.name, "patches:\n- path: json.yaml\n"+target, "json.yaml", strings.Join(ops, "\n")+"\n")
		if w.resources {
			del := smpPatch(w, map[string]string{"resources": "$patch: delete"})
			add("smp-delete "+w.kind+"/"+w.name, "patches:\n- path: del.yaml\n", "del.yaml", del)
		}
		cm := smpPod(w, "        envFrom:\n        - configMapRef:\n            name: lens-config\n",
			"volumes:\n- name: lens-config\n  configMap:\n    name: lens-config\n")
		add("configMapGenerator "+w.kind+"/"+w.name, "namePrefix: p-\nconfigMapGenerator:\n- name: lens-config\n  literals:\n  - mode=real\npatches:\n- path: cm.yaml\n", "cm.yaml", cm)
	}
	if len(f.others) > 0 {
		o := f.others[0]
		add("smp-delete-object "+o.kind+"/"+o.name, "patches:\n- path: del.yaml\n", "del.yaml", "$patch: delete\n"+patchHeader(o))
	}
	for _, o := range f.others {
		if o.kind != "ConfigMap" {
			continue
		}
		add("json6902-configmap "+o.name, fmt.Sprintf("patches:\n- target:\n    kind: ConfigMap\n    name: %q\n  patch: |-\n    - op: add\n      path: /data/lens.conf\n      value: |\n        multi\n        line\n", o.name))
		// A generator merged into the file's ConfigMap: its name gets a
		// hash suffix, and the workloads that mount it follow.
		ns := ""
		if o.namespace != "" {
			ns = fmt.Sprintf("  namespace: %q\n", o.namespace)
		}
		add("configMapGenerator-merge "+o.name, fmt.Sprintf("configMapGenerator:\n- name: %q\n%s  behavior: merge\n  literals:\n  - lens=merged\n", o.name, ns))
		break
	}
	return cases
}

// patchHeader is a patch's apiVersion, kind and metadata naming o.
func patchHeader(o realObject) string {
	h := fmt.Sprintf("apiVersion: %s\nkind: %s\nmetadata:\n  name: %q\n", o.apiVersion, o.kind, o.name)
	if o.namespace != "" {
		h += fmt.Sprintf("  namespace: %q\n", o.namespace)
	}
	return h
}

// smpPatch writes a strategic merge patch of a workload's first container
// with the given fields (each value YAML, indented under its key).
func smpPatch(w realWorkload, fields map[string]string) string {
	var keys []string
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var c strings.Builder
	fmt.Fprintf(&c, "      - name: %q\n", w.container)
	for _, k := range keys {
		v := fields[k]
		if !strings.Contains(v, "\n") && !strings.HasPrefix(v, "-") && !strings.Contains(v, ": ") {
			fmt.Fprintf(&c, "        %s: %s\n", k, v)
			continue
		}
		fmt.Fprintf(&c, "        %s:\n", k)
		for _, l := range strings.Split(v, "\n") {
			fmt.Fprintf(&c, "          %s\n", l)
		}
	}
	return smpPod(w, "", "", c.String())
}

// smpPod writes a strategic merge patch of a workload's pod spec: extra
// lines for its first container (after its name), pod-level fields, or
// whole container entries.
func smpPod(w realWorkload, containerExtra, podFields string, containers ...string) string {
	var b strings.Builder
	b.WriteString(patchHeader(w.realObject))
	indent := ""
	for _, p := range w.podPath {
		fmt.Fprintf(&b, "%s%s:\n", indent, p)
		indent += "  "
	}
	// Container lines are written for a pod spec at depth 3 ("      -");
	// shift them to the pod spec's depth.
	shift := func(s string) string {
		d := len(w.podPath) - 3
		if d == 0 || s == "" {
			return s
		}
		pad := strings.Repeat("  ", d)
		var out []string
		for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
			out = append(out, pad+l)
		}
		return strings.Join(out, "\n") + "\n"
	}
	fmt.Fprintf(&b, "%scontainers:\n", indent)
	if len(containers) == 0 {
		containers = []string{fmt.Sprintf("      - name: %q\n", w.container) + containerExtra}
	}
	for _, c := range containers {
		b.WriteString(shift(c))
	}
	for _, l := range strings.Split(strings.TrimSuffix(podFields, "\n"), "\n") {
		if l != "" {
			fmt.Fprintf(&b, "%s%s\n", indent, l)
		}
	}
	return b.String()
}

// projectCases build a project's files together (names referenced across
// files: RBAC bindings, ServiceAccounts, Services), leaving out a file that
// kyaml cannot read or that repeats an object of an earlier file (kustomize
// refuses both; the single-file cases show it).
func projectCases(p realProject) []realCase {
	files := map[string]string{}
	var res []string
	seen := map[string]bool{}
	var images []string
	haveImage := map[string]bool{}
files:
	for _, f := range p.files {
		if f.docs == 0 || f.repeats {
			continue
		}
		for _, id := range f.ids {
			if seen[id] {
				continue files
			}
		}
		for _, id := range f.ids {
			seen[id] = true
		}
		for _, img := range f.images {
			if !haveImage[img] {
				haveImage[img] = true
				images = append(images, img)
			}
		}
		name := strings.ReplaceAll(strings.TrimPrefix(f.path, p.name+"/"), "/", "_")
		files[name] = f.text
		res = append(res, "- "+name)
	}
	sort.Strings(res)
	resources := "resources:\n" + strings.Join(res, "\n") + "\n"
	var cases []realCase
	add := func(variant, kust string, extra ...string) {
		fs := map[string]string{"kustomization.yaml": resources + kust}
		for k, v := range files {
			fs[k] = v
		}
		for i := 0; i+1 < len(extra); i += 2 {
			fs[extra[i]] = extra[i+1]
		}
		cases = append(cases, realCase{p.name + " all files " + variant, "project", fs})
	}
	add("as-is", "")
	add("namespace+prefix+suffix+labels", "namespace: lens\nnamePrefix: p-\nnameSuffix: -s\nlabels:\n- pairs:\n    team: lens\n  includeSelectors: true\n")
	var b strings.Builder
	if len(images) > 0 {
		b.WriteString("images:\n")
		for _, img := range images {
			fmt.Fprintf(&b, "- name: %s\n  newName: mirror.example/%s\n  newTag: \"1.0\"\n", img, strings.ReplaceAll(img, "/", "-"))
		}
	}
	// Patches by a kind-wide target reach every Deployment; a generator
	// and a Secret generator beside the real objects.
	add("images+patches-by-kind+generators", b.String()+`commonAnnotations:
  lens/note: "all files"
patches:
- target:
    kind: Deployment
  patch: |-
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: any
    spec:
      template:
        metadata:
          annotations:
            lens/patched: "yes"
- target:
    kind: Deployment
  patch: |-
    - op: add
      path: /spec/minReadySeconds
      value: 5
configMapGenerator:
- name: lens-config
  literals:
  - a=b
secretGenerator:
- name: lens-secret
  literals:
  - token=x
`)
	return cases
}

// realOutcome is what one kustomization over real files gave.
type realOutcome int

const (
	realAgreed realOutcome = iota
	realBothFailed
	realRefused
	realDisagreed
)

// refusalReason shortens an ErrUnsupported message to its reason: the
// part after the file and patch names.
var refusalDetail = regexp.MustCompile(`^.*?: (strategic merge patch .* into [^:]*: )?|\[name=[^\]]*\]`)

// buildReal compares one case; on a disagreement, what differs.
func buildReal(c realCase) (realOutcome, string, string) {
	want, wantStderr, wantErr := krustyBuildWarn(c.files, "")
	in := kustomize.Input{Files: map[string][]byte{}}
	for p, s := range c.files {
		in.Files[p] = []byte(s)
	}
	res, gotErr := kustomize.Build(in)
	var ke *kustomize.Error
	if gotErr != nil && asErr(gotErr, &ke) && ke.Kind == kustomize.ErrUnsupported {
		return realRefused, refusalDetail.ReplaceAllString(ke.Message, ""), ""
	}
	switch {
	case wantErr != nil && gotErr != nil:
		if normalizeError(wantErr.Error()) != normalizeError(gotErr.Error()) {
			return realDisagreed, "", fmt.Sprintf("errors differ\nkustomize: %v\nengine:    %v", wantErr, gotErr)
		}
		return realBothFailed, refusalDetail.ReplaceAllString(gotErr.Error(), ""), ""
	case wantErr != nil:
		return realDisagreed, "", fmt.Sprintf("kustomize fails, engine does not: %v", wantErr)
	case gotErr != nil:
		return realDisagreed, "", fmt.Sprintf("engine fails, kustomize does not: %v", gotErr)
	case string(res.YAML) != want:
		return realDisagreed, "", "outputs differ\n" + firstDifference(want, string(res.YAML))
	}
	got := strings.Join(res.Warnings, "\n")
	if len(res.Warnings) > 0 {
		got += "\n"
	}
	if got != wantStderr {
		return realDisagreed, "", fmt.Sprintf("warnings differ\nkustomize: %q\nengine:    %q", wantStderr, got)
	}
	return realAgreed, "", ""
}

// firstDifference shows the first differing line of two outputs, with a
// few lines around it.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	lo := max(0, i-3)
	hi := func(l []string) int { return min(len(l), i+4) }
	return fmt.Sprintf("line %d\n--- kustomize:\n%s\n--- engine:\n%s", i+1,
		strings.Join(w[lo:hi(w)], "\n"), strings.Join(g[lo:hi(g)], "\n"))
}

// TestRealManifests builds, over every file of ../shared/real-manifests
// (public projects' manifests nobody here wrote), kustomizations a user
// would write (the files as they are, namespace and name affixes, labels
// and annotations, images and replicas, strategic merge and JSON 6902
// patches per workload, a generated ConfigMap the workloads reference),
// and over each project's files together, with kustomize and with the
// engine: the outputs (or error texts) must agree byte for byte. -short
// builds every fourth file, and the files with five workloads or more.
func TestRealManifests(t *testing.T) {
	projects := readRealProjects(t)
	type tally struct {
		docs, built, agreed, bothFailed, refused, disagreed, known int
		reasons, failures, variants                                map[string]int
	}
	var report strings.Builder
	seenKnown := map[string]bool{}
	for _, p := range projects {
		tl := tally{reasons: map[string]int{}, failures: map[string]int{}, variants: map[string]int{}}
		var cases []realCase
		for i, f := range p.files {
			tl.docs += f.docs
			if testing.Short() && i%4 != 0 && len(f.workloads) < 5 {
				continue // -short: every fourth file, and the big installs
			}
			cases = append(cases, realCases(f)...)
		}
		cases = append(cases, projectCases(p)...)
		for _, c := range cases {
			tl.built++
			tl.variants[c.variant]++
			outcome, reason, diff := buildReal(c)
			switch outcome {
			case realAgreed:
				tl.agreed++
			case realBothFailed:
				tl.bothFailed++
				tl.failures[reason]++
			case realRefused:
				tl.refused++
				tl.reasons[reason]++
			case realDisagreed:
				tl.disagreed++
			}
			if why, ok := realKnown[c.name]; ok {
				seenKnown[c.name] = true
				if outcome == realDisagreed {
					tl.known++
					continue
				}
				t.Errorf("%s: listed in realKnown (%s) but no longer disagrees: remove the entry", c.name, why)
				continue
			}
			if outcome == realDisagreed {
				t.Errorf("%s: %s", c.name, diff)
			}
		}
		fmt.Fprintf(&report, "%s: %d documents, %d kustomizations built: %d agreed, %d both failed alike, %d refused, %d disagreed (%d of them known)\n",
			p.name, tl.docs, tl.built, tl.agreed, tl.bothFailed, tl.refused, tl.disagreed, tl.known)
		var rs []string
		for v := range tl.variants {
			rs = append(rs, fmt.Sprintf("%s %d", v, tl.variants[v]))
		}
		sort.Strings(rs)
		fmt.Fprintf(&report, "    built: %s\n", strings.Join(rs, ", "))
		for _, r := range slices.Sorted(maps.Keys(tl.reasons)) {
			fmt.Fprintf(&report, "    refused %d×: %s\n", tl.reasons[r], r)
		}
		for _, r := range slices.Sorted(maps.Keys(tl.failures)) {
			fmt.Fprintf(&report, "    both failed %d×: %s\n", tl.failures[r], r)
		}
	}
	if !testing.Short() {
		for name := range realKnown {
			if !seenKnown[name] {
				t.Errorf("realKnown names %q, which no case builds", name)
			}
		}
	}
	t.Logf("real manifests:\n%s", report.String())
}
