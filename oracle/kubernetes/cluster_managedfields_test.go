package kubernetes

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/cluster"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/samples"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/yaml"
)

// kubectlWrite is how kubectl 1.37 writes for a command line, read from
// its sources (each command's AddFieldManagerFlagVar default; "kubectl",
// the server's name for kubectl's user agent, where a command sets no
// field manager): the manager, the subresource, and whether the write is
// a server-side apply (with --force-conflicts).
type kubectlWrite struct {
	manager, subresource string
	serverSide, force    bool
}

func writeOf(t testing.TB, line string) kubectlWrite {
	t.Helper()
	words := strings.Fields(strings.TrimPrefix(line, "kubectl "))
	flag := func(name string) (string, bool) {
		for i, w := range words {
			if v, ok := strings.CutPrefix(w, "--"+name+"="); ok {
				return v, true
			}
			if w == "--"+name && i+1 < len(words) {
				return words[i+1], true
			}
		}
		return "", false
	}
	has := func(name string) bool {
		for _, w := range words {
			if w == "--"+name || w == "--"+name+"=true" {
				return true
			}
		}
		return false
	}
	w := kubectlWrite{}
	switch words[0] {
	case "apply":
		switch words[1] {
		case "set-last-applied":
			w.manager = "kubectl" // a helper without a field manager
		case "edit-last-applied":
			w.manager = "kubectl-client-side-apply"
		default:
			w.serverSide, w.force = has("server-side"), has("force-conflicts")
			w.manager = "kubectl-client-side-apply"
			if w.serverSide {
				w.manager = "kubectl"
			}
		}
	case "scale":
		w.manager, w.subresource = "kubectl", "scale"
	case "set":
		w.manager = "kubectl-set"
	case "controller":
		w.manager, w.subresource = "kube-controller-manager", "status"
	default:
		w.manager = "kubectl-" + words[0] // create, replace, label, annotate, patch, edit
	}
	if m, ok := flag("field-manager"); ok {
		w.manager = m
	}
	return w
}

// clusterCommand is one command of a sequence and its files.
type clusterCommand struct {
	line  string
	files map[string]string
}

const mfDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: %d
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: %s
        env:
        - {name: MODE, value: blue}
`

func mfDeploymentFile(replicas int, image string) map[string]string {
	return map[string]string{"web.yaml": fmt.Sprintf(mfDeployment, replicas, image)}
}

const mfConfigMap = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  color: blue
  size: large
`

// mfManyManagers is twelve client-side applies, each by its own
// --field-manager adding one label: past ten Update managers, the oldest
// merge into "ancient-changes".
func mfManyManagers() []clusterCommand {
	var out []clusterCommand
	labels := ""
	for i := 1; i <= 12; i++ {
		labels += fmt.Sprintf("    k%d: v%d\n", i, i)
		text := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: many\n  labels:\n" + labels + "data:\n  a: b\n"
		out = append(out, clusterCommand{fmt.Sprintf("kubectl apply --field-manager=m%02d -f cm.yaml", i), map[string]string{"cm.yaml": text}})
	}
	return out
}

// mfAlsoManager names, by case, a manager some object must have an entry
// of at the end (the case reaches the code it is about).
var mfAlsoManager = map[string]string{"twelve field managers": "ancient-changes"}

var mfCases = []struct {
	name     string
	commands []clusterCommand
}{
	{"client-side apply, scale, apply again", []clusterCommand{
		{"kubectl apply -f web.yaml", mfDeploymentFile(2, "nginx:1.27")},
		{"kubectl scale deployment/web --replicas=5", nil},
		{"kubectl scale deployment/web --replicas=6", nil},
		{"kubectl apply -f web.yaml", mfDeploymentFile(2, "nginx:1.28")},
		{"kubectl controller status deployment/web", nil},
	}},
	{"server-side apply, scale, conflict, force", []clusterCommand{
		{"kubectl apply --server-side -f web.yaml", mfDeploymentFile(2, "nginx:1.27")},
		{"kubectl scale deployment/web --replicas=5", nil},
		{"kubectl apply --server-side -f web.yaml", mfDeploymentFile(2, "nginx:1.27")},
		{"kubectl apply --server-side --force-conflicts -f web.yaml", mfDeploymentFile(2, "nginx:1.27")},
		{"kubectl controller status deployment/web", nil},
		{"kubectl apply --server-side --field-manager=ci -f web.yaml", mfDeploymentFile(2, "nginx:1.28")},
	}},
	{"client-side apply migrated by server-side apply", []clusterCommand{
		{"kubectl apply -f web.yaml", mfDeploymentFile(3, "nginx:1.27")},
		{"kubectl label deployment/web tier=front", nil},
		{"kubectl apply --server-side -f web.yaml", mfDeploymentFile(3, "nginx:1.28")},
		{"kubectl apply -f web.yaml", mfDeploymentFile(4, "nginx:1.28")},
	}},
	{"imperative commands on a created deployment", []clusterCommand{
		{"kubectl create deployment web --image=nginx:1.27 --replicas=2", nil},
		{"kubectl set image deployment/web nginx=nginx:1.28", nil},
		{"kubectl set env deployment/web MODE=green", nil},
		{"kubectl annotate deployment/web owner=team-a", nil},
		{"kubectl patch deployment/web -p '{\"spec\":{\"minReadySeconds\":5}}'", nil},
		{"kubectl patch deployment/web --type merge -p '{\"metadata\":{\"labels\":{\"app\":\"web\"}}}'", nil},
		{"kubectl scale deployment/web --replicas=3", nil},
		{"kubectl label deployment/web app-", nil},
	}},
	{"twelve field managers", mfManyManagers()},
	{"server dry runs", []clusterCommand{
		{"kubectl apply --dry-run=server -f web.yaml", mfDeploymentFile(2, "nginx:1.27")},
		{"kubectl apply -f web.yaml", mfDeploymentFile(2, "nginx:1.27")},
		{"kubectl scale deployment/web --replicas=4 --dry-run=server", nil},
		{"kubectl apply --dry-run=server -f web.yaml", mfDeploymentFile(3, "nginx:1.28")},
		{"kubectl apply --server-side --dry-run=server -f web.yaml", mfDeploymentFile(3, "nginx:1.28")},
	}},
	{"configmap created, replaced, edited, annotation handed over", []clusterCommand{
		{"kubectl create -f cm.yaml --save-config", map[string]string{"cm.yaml": mfConfigMap}},
		{"kubectl replace -f cm.yaml", map[string]string{"cm.yaml": strings.Replace(mfConfigMap, "large", "small", 1)}},
		{"kubectl edit configmap/settings -f cm.yaml", map[string]string{"cm.yaml": strings.Replace(mfConfigMap, "blue", "green", 1)}},
		{"kubectl apply set-last-applied -f cm.yaml", map[string]string{"cm.yaml": mfConfigMap}},
		{"kubectl apply -f cm.yaml", map[string]string{"cm.yaml": mfConfigMap}},
		{"kubectl apply --server-side -f cm.yaml", map[string]string{"cm.yaml": strings.Replace(mfConfigMap, "  size: large\n", "", 1)}},
	}},
}

// TestClusterManagedFields runs sequences of kubectl commands in the
// simulated cluster and checks, after every write, that its
// metadata.managedFields (manager, operation, apiVersion, fieldsV1,
// subresource, order; times from its clock) are what the real field
// manager records for the same write: FieldManager.Update through the
// main resource or the status subresource (the status strategy's reset
// fields), the ScaleHandler around the Scale's field manager for scale,
// and kubectl's requests of a server-side apply (realSSA).
func TestClusterManagedFields(t *testing.T) {
	for _, tc := range mfCases {
		t.Run(tc.name, func(t *testing.T) {
			c := cluster.New(cluster.Options{})
			writes := 0
			for i, cmd := range tc.commands {
				writes += checkCommand(t, c, i+1, cmd)
			}
			t.Logf("%d writes checked", writes)
			if also := mfAlsoManager[tc.name]; also != "" {
				found := false
				for _, raw := range c.Objects() {
					for _, e := range managedList(decodeRaw(t, raw)) {
						found = found || e["manager"] == also
					}
				}
				if !found {
					t.Errorf("no object has a %s entry", also)
				}
			}
		})
	}
	for _, tl := range samples.Timelines() {
		t.Run("timeline "+tl.ID, func(t *testing.T) {
			c := cluster.New(cluster.Options{Namespace: tl.Namespace})
			writes := 0
			defer func() { t.Logf("%d writes checked", writes) }()
			for i, cmd := range tl.Commands {
				files := map[string]string{}
				for _, f := range cmd.Files {
					files[f.Name] = f.Text
				}
				writes += checkCommand(t, c, i+1, clusterCommand{cmd.Command, files})
			}
		})
	}
}

var mfEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func checkCommand(t testing.TB, c *cluster.Cluster, tick int, cmd clusterCommand) int {
	t.Helper()
	out, err := c.Run(cmd.line, cmd.files)
	if err != nil {
		t.Fatalf("%s: %v", cmd.line, err)
	}
	w := writeOf(t, cmd.line)
	crds := clusterCRDs(t, c)
	now := mfEpoch.Add(time.Duration(tick) * time.Second).Format(time.RFC3339)
	writes := 0
	for _, ch := range out.Changes {
		// A server dry run runs the field manager too; a client one sends
		// nothing.
		if ch.DryRun && !strings.Contains(cmd.line, "--dry-run=server") || ch.After == nil || ch.Action == "moved" {
			continue
		}
		writes++
		before, after := decodeRaw(t, ch.Before), decodeRaw(t, ch.After)
		if before != nil && metaOf(before)["uid"] != metaOf(after)["uid"] {
			before = nil // --force: deleted and created again
		}
		var want map[string]any
		switch {
		case w.serverSide:
			var real ssaResult
			want, real = realSSAWrite(t, before, after, cmd, w, crds)
			// kubectl's requests (apply, hand-over, migration, apply
			// again) are each stored when they change the object.
			if before != nil && !ch.DryRun {
				if got := resourceVersionOf(t, after) - resourceVersionOf(t, before); got != real.writes {
					t.Errorf("%s: %s %s: %d resourceVersions taken, the real requests changed the object %d times", cmd.line, ch.Action, ch.Ref.Name, got, real.writes)
				}
			}
			if real.warning != "" && !strings.Contains(out.Stderr, real.warning+"\n") {
				t.Errorf("%s: stderr %q, want kubectl's warning %q", cmd.line, out.Stderr, real.warning)
			}
			if real.warning == "" && strings.Contains(out.Stderr, "Warning:") {
				t.Errorf("%s: stderr %q, want no warning", cmd.line, out.Stderr)
			}
		case w.subresource == "scale":
			want = realScale(t, before, after, w.manager)
		default:
			want = realUpdateWrite(t, before, after, w, crds)
		}
		got := managedFieldsJSON(t, after, nil, "")
		wantJSON := managedFieldsJSON(t, want, before, now)
		if got != wantJSON {
			t.Errorf("%s: %s %s: managedFields\n got %s\nwant %s", cmd.line, ch.Action, ch.Ref.Name, got, wantJSON)
		}
	}
	return writes
}

func decodeRaw(t testing.TB, raw []byte) map[string]any {
	t.Helper()
	if raw == nil {
		return nil
	}
	obj, err := jsonvalue.DecodeObject(raw)
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

func resourceVersionOf(t testing.TB, obj map[string]any) int {
	t.Helper()
	n, err := strconv.Atoi(fmt.Sprint(metaOf(obj)["resourceVersion"]))
	if err != nil {
		t.Fatalf("resourceVersion: %v", err)
	}
	return n
}

func metaOf(obj map[string]any) map[string]any {
	md, _ := obj["metadata"].(map[string]any)
	return md
}

// requestOf is the object as the request hands it to the field manager:
// the stored object (what the strategy changes after the field manager is
// server-owned metadata or reset fields, which it ignores) with the
// managedFields the request carries, the live ones.
func requestOf(before, after map[string]any) map[string]any {
	req := jsonvalue.CopyObject(after)
	delete(metaOf(req), "managedFields")
	if before != nil {
		if mf, ok := metaOf(before)["managedFields"]; ok {
			metaOf(req)["managedFields"] = jsonvalue.Copy(mf)
		}
	}
	return req
}

// statusResetFields are the status strategies' GetResetFields, which the
// server gives the status subresource's field manager.
var statusResetFields = map[string]map[fieldpath.APIVersion]*fieldpath.Set{
	"Deployment":  deployment.StatusStrategy.GetResetFields(),
	"ReplicaSet":  replicaset.StatusStrategy.GetResetFields(),
	"StatefulSet": statefulset.StatusStrategy.GetResetFields(),
}

func realFieldManager(t testing.TB, obj map[string]any, subresource string) *managedfields.FieldManager {
	t.Helper()
	if subresource == "" {
		return fakeFieldManager(t, obj)
	}
	gvk := gvkOf(obj)
	reset, ok := statusResetFields[gvk.Kind]
	if !ok && subresource == "status" {
		t.Fatalf("no status strategy for %s", gvk.Kind)
	}
	fm, err := managedfields.NewDefaultFieldManager(typeConverter(t), unconverted{}, undefaulted{}, emptyCreater{}, gvk, gvk.GroupVersion(), subresource,
		fieldpath.NewExcludeFilterSetMap(reset))
	if err != nil {
		t.Fatal(err)
	}
	return fm
}

// realUpdateWrite is FieldManager.UpdateNoErrors, as the handlers call it.
func realUpdateWrite(t testing.TB, before, after map[string]any, w kubectlWrite, crds []map[string]any) map[string]any {
	t.Helper()
	var fm *managedfields.FieldManager
	if w.subresource == "" {
		fm = crdFieldManager(t, crds, after) // the built-in one for a built-in kind
	} else {
		fm = realFieldManager(t, after, w.subresource)
	}
	live := emptyLive(after)
	if before != nil {
		live = unstr(before)
	}
	return asMap(t, fm.UpdateNoErrors(live, unstr(requestOf(before, after)), w.manager))
}

// realScale is the deployment registry's scaleUpdatedObjectInfo: the
// ScaleHandler converts the entries for the Scale's field manager, which
// records the write, and back.
func realScale(t testing.TB, before, after map[string]any, manager string) map[string]any {
	t.Helper()
	parent := unstr(before)
	gv := schema.GroupVersion{Group: "apps", Version: "v1"}
	mappings := managedfields.ResourcePathMappings{
		"apps/v1beta1": fieldpath.MakePathOrDie("spec", "replicas"),
		"apps/v1beta2": fieldpath.MakePathOrDie("spec", "replicas"),
		"apps/v1":      fieldpath.MakePathOrDie("spec", "replicas"),
	}
	handler := managedfields.NewScaleHandler(parent.GetManagedFields(), gv, mappings)
	entries, err := handler.ToSubresource()
	if err != nil {
		t.Fatal(err)
	}
	scaleOf := func(obj map[string]any) *unstructured.Unstructured {
		u := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "autoscaling/v1", "kind": "Scale",
			"metadata": map[string]any{"name": metaOf(obj)["name"], "namespace": metaOf(obj)["namespace"], "uid": metaOf(obj)["uid"],
				"resourceVersion": metaOf(before)["resourceVersion"], "creationTimestamp": metaOf(obj)["creationTimestamp"]},
			"spec":   map[string]any{"replicas": obj["spec"].(map[string]any)["replicas"]},
			"status": map[string]any{"replicas": int64(0), "selector": "app=web"},
		}}
		return u
	}
	oldScale, newScale := scaleOf(before), scaleOf(after)
	oldScale.SetManagedFields(entries)
	fm, err := managedfields.NewDefaultFieldManager(typeConverter(t), unconverted{}, undefaulted{}, emptyCreater{},
		schema.GroupVersionKind{Group: "autoscaling", Version: "v1", Kind: "Scale"}, schema.GroupVersion{Group: "autoscaling", Version: "v1"}, "scale", nil)
	if err != nil {
		t.Fatal(err)
	}
	scaled := fm.UpdateNoErrors(oldScale, newScale, manager).(*unstructured.Unstructured)
	updated, err := handler.ToParent(scaled.GetManagedFields())
	if err != nil {
		t.Fatal(err)
	}
	out := unstr(after)
	out.SetManagedFields(updated)
	return out.Object
}

// realSSAWrite is kubectl apply --server-side's requests (realSSA) with
// the file as kubectl sends it (its namespace set).
func realSSAWrite(t testing.TB, before, after map[string]any, cmd clusterCommand, w kubectlWrite, crds []map[string]any) (map[string]any, ssaResult) {
	t.Helper()
	var file map[string]any
	for _, text := range cmd.files {
		if err := yaml.Unmarshal([]byte(text), &file); err != nil {
			t.Fatal(err)
		}
	}
	file = decodeRaw(t, []byte(mustJSON(file)))
	if ns, ok := metaOf(after)["namespace"]; ok {
		if _, has := metaOf(file)["namespace"]; !has {
			metaOf(file)["namespace"] = ns
		}
	}
	res, err := realSSARequests(t, crdFieldManager(t, crds, file), before, file, w.manager, w.force, strings.Contains(cmd.line, "--dry-run=server"))
	if err != nil || res.conflict != nil {
		t.Fatalf("%s: the real server refused what the simulation stored: %v %v", cmd.line, err, res.conflict)
	}
	return res.obj, res
}

// managedFieldsJSON is obj's managedFields as JSON; with now set, the
// times not among before's (stamped by the real field manager now) are
// the simulated command's time.
func managedFieldsJSON(t testing.TB, obj, before map[string]any, now string) string {
	t.Helper()
	obj = roundTripJSON(t, obj)
	list := managedList(obj)
	if now != "" {
		old := map[string]bool{}
		if before != nil {
			for _, e := range managedList(roundTripJSON(t, before)) {
				if s, ok := e["time"].(string); ok {
					old[s] = true
				}
			}
		}
		for _, e := range list {
			if s, ok := e["time"].(string); ok && !old[s] {
				e["time"] = now
			}
		}
	}
	return mustJSON(list)
}

// clusterCRDs are the CustomResourceDefinitions the simulated cluster
// holds, in the order it hands them to its field manager: a custom kind
// one of them serves is merged by its schema on both sides.
func clusterCRDs(t testing.TB, c *cluster.Cluster) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, raw := range c.Objects() {
		obj := decodeRaw(t, raw)
		if obj["kind"] == "CustomResourceDefinition" && strings.HasPrefix(fmt.Sprint(obj["apiVersion"]), "apiextensions.k8s.io/") {
			out = append(out, obj)
		}
	}
	return out
}
