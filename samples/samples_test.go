package samples

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
)

var update = flag.Bool("update", false, "rewrite testdata/<id>.golden.json from the engine's results")

func TestIndexListsEveryFolder(t *testing.T) {
	var folders []string
	entries, err := fs.ReadDir(data, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			folders = append(folders, e.Name())
		}
	}
	var ids []string
	for _, s := range All() {
		ids = append(ids, s.ID)
	}
	sorted := slices.Clone(ids)
	sort.Strings(sorted)
	if !slices.Equal(sorted, folders) {
		t.Errorf("index.yaml lists %v, folders are %v", sorted, folders)
	}
	if len(ids) < 15 {
		t.Errorf("%d samples, want at least 15", len(ids))
	}
	if ids[0] != "walkthrough" {
		t.Errorf("first sample is %q, want the page's default, walkthrough", ids[0])
	}
}

func TestGet(t *testing.T) {
	for _, s := range All() {
		got, ok := Get(s.ID)
		if !ok || !reflect.DeepEqual(got, s) {
			t.Errorf("Get(%q) = %+v, %v", s.ID, got, ok)
		}
	}
	if _, ok := Get("no-such-sample"); ok {
		t.Error(`Get("no-such-sample") found something`)
	}
}

func TestAllReturnsACopy(t *testing.T) {
	a := All()
	a[0].Title = "changed"
	if All()[0].Title == "changed" {
		t.Error("All shares its slice with the caller")
	}
}

func TestMetadata(t *testing.T) {
	for _, s := range All() {
		t.Run(s.ID, func(t *testing.T) {
			if len(s.Shows) == 0 {
				t.Error("meta.yaml lists nothing under shows")
			}
			if n := len(strings.Fields(s.Description)); n < 30 || n > 140 {
				t.Errorf("description has %d words, want one paragraph (30-140)", n)
			}
			if strings.Contains(s.Description, "\n") {
				t.Error("description spans lines; use a folded scalar (>-)")
			}
			if strings.Contains(s.Live+s.File+s.LastApplied, "__LAST_APPLIED__") {
				t.Error("placeholder left in the data")
			}
		})
	}
}

func TestJSON(t *testing.T) {
	a, b := JSON(), JSON()
	if !bytes.Equal(a, b) {
		t.Fatal("JSON differs between calls")
	}
	var back []Sample
	if err := json.Unmarshal(a, &back); err != nil {
		t.Fatal(err)
	}
	// Claims stay out of the page's JSON: the descriptions say them.
	all := All()
	for i := range all {
		all[i].Claims = nil
	}
	if !reflect.DeepEqual(back, all) {
		t.Error("JSON does not round-trip to All() (claims aside)")
	}
	var raw []map[string]any
	if err := json.Unmarshal(a, &raw); err != nil {
		t.Fatal(err)
	}
	s, _ := Get("overwrite-false")
	for i, m := range raw {
		_, has := m["overwrite"]
		if want := All()[i].Overwrite != nil; has != want {
			t.Errorf("%v: overwrite present = %v, want %v", m["id"], has, want)
		}
	}
	if s.Overwrite == nil || *s.Overwrite {
		t.Error("overwrite-false does not set Overwrite to false")
	}
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no index", map[string]string{}, "index.yaml"},
		{"listed twice", map[string]string{"index.yaml": "[a, a]", "a/meta.yaml": "title: t\ncategory: traps\ndescription: d\n", "a/file.yaml": "x: 1\n"}, "listed twice"},
		{"no file.yaml", map[string]string{"index.yaml": "[a]", "a/meta.yaml": "title: t\ncategory: traps\ndescription: d\n"}, "a/file.yaml"},
		{"unknown meta field", map[string]string{"index.yaml": "[a]", "a/meta.yaml": "title: t\ndescription: d\ncolour: red\n", "a/file.yaml": "x: 1\n"}, "colour"},
		{"no title", map[string]string{"index.yaml": "[a]", "a/meta.yaml": "description: d\n", "a/file.yaml": "x: 1\n"}, "required"},
		{"unknown category", map[string]string{"index.yaml": "[a]", "a/meta.yaml": "title: t\ncategory: misc\ndescription: d\n", "a/file.yaml": "x: 1\n"}, `unknown category "misc"`},
		{"no category", map[string]string{"index.yaml": "[a]", "a/meta.yaml": "title: t\ndescription: d\n", "a/file.yaml": "x: 1\n"}, `unknown category ""`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := load(mapFS(c.files))
			var le *LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("load = %v, want a LoadError mentioning %q", err, c.want)
			}
		})
	}
}

// TestLiveAnnotations checks that every last-applied annotation in the data
// is what kubectl writes: canonical JSON with a trailing newline, and the
// same configuration as last-applied.yaml when both are given.
func TestLiveAnnotations(t *testing.T) {
	for _, s := range All() {
		if s.Live == "" {
			continue
		}
		t.Run(s.ID, func(t *testing.T) {
			live := decodeYAML(t, s.Live)
			annots, _ := at(live, "metadata", "annotations").(map[string]any)
			text, ok := annots[engine.LastAppliedAnnotation].(string)
			if !ok {
				// A server-side apply writes none; client-side apply did.
				if s.ID != "no-annotation" && !s.ServerSide() {
					t.Fatal("live object has no last-applied annotation")
				}
				return
			}
			v, err := jsonvalue.Decode([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			canon, _ := jsonvalue.Encode(v)
			if text != string(canon)+"\n" {
				t.Errorf("annotation is not kubectl's encoding:\n got %q\nwant %q", text, string(canon)+"\n")
			}
			for _, f := range []string{"apiVersion", "kind"} {
				if at(v, f) != at(live, f) {
					t.Errorf("annotation %s %v, live %v", f, at(v, f), at(live, f))
				}
			}
			if at(v, "metadata", "name") != at(live, "metadata", "name") {
				t.Error("annotation names another object")
			}
			if s.LastApplied != "" && !reflect.DeepEqual(decodeYAML(t, s.LastApplied), v) {
				t.Error("last-applied.yaml and the live annotation differ")
			}
		})
	}
}

// expectation is what a sample must show, beyond agreeing with kubectl.
type expectation struct {
	action    string // "" when the apply fails
	patchType string
	source    string // LastAppliedSource
	// warnings are codes the engine must report; clean means none at all.
	warnings []string
	clean    bool
	check    func(t *testing.T, s Sample, r *engine.Result, err error)
}

var expectations = map[string]expectation{
	// Server-side samples (engine/serverside; their live objects are
	// checked against the real field manager in oracle/kubernetes).
	"ssa-hpa-replicas-conflict": {action: engine.ActionConflict, patchType: engine.PatchApply, source: "none", warnings: []string{"apply-conflict"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, len(r.Conflicts), 1)
			want(t, r.Conflicts[0].Manager+" "+r.Conflicts[0].Subresource+" "+r.Conflicts[0].Field, "kube-controller-manager scale .spec.replicas")
			want(t, at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "image"), "registry.k8s.io/hpa-example:1.0")
		}},
	"ssa-hpa-replicas-forced": {action: engine.ActionConfigure, patchType: engine.PatchApply, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, at(decode(t, r.Object), "spec", "replicas"), int64(3))
			want(t, ownersOf(r, ".spec.replicas"), "kubectl Apply")
			want(t, stepOf(r, ".spec.replicas"), "taken")
		}},
	"ssa-sidecar-other-manager": {action: engine.ActionConfigure, patchType: engine.PatchApply, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, at(decode(t, r.Object), "spec", "template", "spec", "containers", 1, "name"), "mesh-proxy")
			want(t, ownersOf(r, `.spec.template.spec.containers[name="mesh-proxy"]`), "mesh-injector Update")
			want(t, ownersOf(r, `.spec.template.spec.containers[name="checkout"].image`), "kubectl Apply")
		}},
	"ssa-ports-tcp-udp": {action: engine.ActionConfigure, patchType: engine.PatchApply, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, len(asList(at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "ports"))), 2)
			client, err := engine.Apply(s.ClientSideInput())
			if err != nil {
				t.Fatal(err)
			}
			// The client-side apply merges the ports by containerPort alone.
			want(t, len(asList(at(decode(t, client.Object), "spec", "template", "spec", "containers", 0, "ports"))), 1)
		}},
	"ssa-duplicate-env": {
		check: func(t *testing.T, s Sample, r *engine.Result, err error) {
			if !strings.Contains(err.Error(), "duplicate") || !strings.Contains(err.Error(), "LOG_LEVEL") {
				t.Errorf("error %q does not name the duplicate", err)
			}
		}},
	"ssa-migration": {action: engine.ActionConfigure, patchType: engine.PatchApply, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			wantAbsent(t, decode(t, r.Object), "metadata", "labels", "tier")
			want(t, r.Steps[0].Action, "migrated")
			want(t, stepOf(r, ".metadata.labels.tier"), "removed")
			want(t, strings.Contains(string(r.Object), "kubectl-client-side-apply"), false)
		}},
	"ssa-field-kept-other-owner": {action: engine.ActionConfigure, patchType: engine.PatchApply, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, at(decode(t, r.Object), "metadata", "labels", "release"), "stable")
			want(t, stepOf(r, ".metadata.labels.release"), "kept")
			want(t, ownersOf(r, ".metadata.labels.release"), "release-bot Apply")
		}},
	"ssa-force-conflicts": {action: engine.ActionConfigure, patchType: engine.PatchApply, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, ownersOf(r, `.spec.template.spec.containers[name="cart"].image`), "ci Apply")
			want(t, ownersOf(r, ".metadata.labels.track"), "ci Apply")
			want(t, stepOf(r, `.spec.template.spec.containers[name="cart"].image`), "taken")
			want(t, stepOf(r, ".metadata.labels.track"), "taken")
		}},
	"walkthrough": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			wantNull(t, p, "spec", "minReadySeconds")
			want(t, at(p, "spec", "template", "spec", "containers", 0, "image"), "nginx:1.16.1")
			o := decode(t, r.Object)
			wantAbsent(t, o, "spec", "minReadySeconds")
			want(t, at(o, "spec", "replicas"), int64(2))
			want(t, at(o, "spec", "template", "spec", "containers", 0, "image"), "nginx:1.16.1")
		}},
	"create": {action: engine.ActionCreate, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			if len(r.Patch) != 0 {
				t.Errorf("create has a patch: %s", r.Patch)
			}
			o := decode(t, r.Object)
			want(t, at(o, "metadata", "annotations", engine.LastAppliedAnnotation), r.LastApplied)
			want(t, at(o, "spec", "template", "spec", "containers", 0, "command"), []any{"perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"})
		}},
	"unchanged": {action: engine.ActionUnchanged, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, string(r.Patch), "{}")
			want(t, decode(t, r.Object), decodeYAML(t, s.Live))
		}},
	"explicit-null": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			wantNull(t, decode(t, r.Patch), "spec", "template", "spec", "nodeSelector")
			wantAbsent(t, decode(t, r.Object), "spec", "template", "spec", "nodeSelector")
			wantNull(t, decode(t, []byte(r.LastApplied)), "spec", "template", "spec", "nodeSelector")
		}},
	"sidecar-injected": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			o := decode(t, r.Object)
			cs := at(o, "spec", "template", "spec", "containers")
			want(t, keys(cs, "name"), []any{"checkout", "log-shipper", "mesh-proxy"})
			want(t, at(cs, 0, "image"), "registry.example.com/checkout:1.9.0")
			want(t, at(cs, 2, "args"), []any{"proxy", "--inbound-port=15006"})
		}},
	"env-merge": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			env := at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "env")
			want(t, keys(env, "name"), []any{"DB_HOST", "LOG_LEVEL", "OTEL_EXPORTER_OTLP_ENDPOINT", "CACHE_TTL"})
			want(t, at(env, 1, "value"), "debug")
			penv := at(decode(t, r.Patch), "spec", "template", "spec", "containers", 0, "env")
			if !slices.ContainsFunc(asList(penv), func(e any) bool {
				return at(e, "$patch") == "delete" && at(e, "name") == "FEATURE_FAST_CHECKOUT"
			}) {
				t.Errorf("patch env %v does not delete FEATURE_FAST_CHECKOUT", penv)
			}
		}},
	"containers-ordering": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "input",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			cs := at(decode(t, r.Object), "spec", "template", "spec", "containers")
			want(t, keys(cs, "name"), []any{"nginx", "nginx-helper-b", "nginx-helper-d", "nginx-helper-c"})
			want(t, at(cs, 1, "args"), []any{"run"})
		}},
	"finalizers": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			want(t, at(p, "metadata", "$deleteFromPrimitiveList/finalizers"), []any{"example.com/retain-audit"})
			want(t, at(p, "metadata", "$setElementOrder/finalizers"), []any{"backup.example.com/snapshot", "example.com/quota-release"})
			want(t, at(decode(t, r.Object), "metadata", "finalizers"), []any{"backup.example.com/snapshot", "example.com/quota-release", "kubernetes.io/pvc-protection"})
		}},
	"args-replaced": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			fileArgs := []any{"--port=8080", "--log-format=json"}
			pc := at(decode(t, r.Patch), "spec", "template", "spec", "containers", 0)
			want(t, at(pc, "args"), fileArgs)
			wantAbsent(t, pc, "command")
			want(t, at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "args"), fileArgs)
		}},
	"tolerations-replaced": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, keys(at(decode(t, r.Patch), "spec", "template", "spec", "tolerations"), "key"),
				[]any{"node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master"})
			want(t, keys(at(decode(t, r.Object), "spec", "template", "spec", "tolerations"), "key"),
				[]any{"node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master"})
		}},
	"strategy-recreate": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, at(decode(t, r.Patch), "spec", "strategy", "$retainKeys"), []any{"type"})
			want(t, at(decode(t, r.Object), "spec", "strategy"), map[string]any{"type": "Recreate"})
		}},
	"volumes-retainkeys": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation",
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, at(decode(t, r.Patch), "spec", "template", "spec", "volumes", 0, "$retainKeys"), []any{"name", "persistentVolumeClaim"})
			vols := at(decode(t, r.Object), "spec", "template", "spec", "volumes")
			want(t, at(vols, 0), map[string]any{"name": "data", "persistentVolumeClaim": map[string]any{"claimName": "redis-data"}})
			want(t, at(vols, 1, "configMap", "defaultMode"), int64(420))
		}},
	"no-annotation": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "none", warnings: []string{"missing-annotation"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			o := decode(t, r.Object)
			want(t, at(o, "metadata", "labels", "tier"), "legacy")
			want(t, at(o, "spec", "minReadySeconds"), int64(10))
			want(t, at(o, "spec", "template", "spec", "containers", 0, "image"), "registry.example.com/billing:4.1.0")
			want(t, at(o, "metadata", "annotations", engine.LastAppliedAnnotation), r.LastApplied)
		}},
	"replicas-removed": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"replicas-removed"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			wantNull(t, decode(t, r.Patch), "spec", "replicas")
			wantAbsent(t, decode(t, r.Object), "spec", "replicas")
		}},
	"annotation-bool": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"non-string-annotation"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			wantNull(t, p, "metadata", "annotations", "prometheus.io/port")
			wantNull(t, p, "metadata", "annotations", "team")
			want(t, at(decode(t, r.Object), "metadata", "annotations"), map[string]any{engine.LastAppliedAnnotation: r.LastApplied})
			want(t, at(decode(t, []byte(r.LastApplied)), "metadata", "annotations"), map[string]any{})
		}},
	"service-ports-tcp-udp": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"merge-key-narrow"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			ports := at(decode(t, r.Patch), "spec", "ports")
			want(t, at(ports, 0, "$patch"), "delete")
			want(t, at(ports, 0, "port"), int64(53))
			// The file keeps 53/UDP, but the delete by port removes it too.
			want(t, keys(at(decode(t, r.Object), "spec", "ports"), "name"), []any{"metrics"})
			// The steps say so: the delete in phase 1, its effect in phase 5.
			var phases []int
			for _, st := range r.Steps {
				if st.Path == "spec.ports[port=53]" && st.Action == kube.StepDelete {
					phases = append(phases, st.Phase)
				}
			}
			want(t, fmt.Sprint(phases), fmt.Sprint([]int{kube.PhaseDelete, kube.PhaseServer}))
		}},
	"container-ports": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"merge-key-narrow"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			ports := at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "ports")
			want(t, keys(ports, "name"), []any{"dns", "metrics"})
			want(t, at(ports, 0, "protocol"), "UDP")
		}},
	"topology-spread": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"merge-key-narrow"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			tsc := at(decode(t, r.Object), "spec", "template", "spec", "topologySpreadConstraints")
			want(t, keys(tsc, "topologyKey"), []any{"topology.kubernetes.io/zone", "kubernetes.io/hostname"})
			want(t, at(tsc, 0, "whenUnsatisfiable"), "DoNotSchedule")
			want(t, at(tsc, 0, "labelSelector", "matchLabels"), map[string]any{"app": "storefront", "tier": "frontend"})
		}},
	"duplicate-merge-keys": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"duplicate-merge-key"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, keys(at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "env"), "name"), []any{"QUEUE_URL"})
			// Applying the same file again restores LOG_LEVEL.
			again, err := engine.Apply(engine.Input{File: s.File, Live: string(r.Object)})
			if err != nil {
				t.Fatal(err)
			}
			want(t, keys(at(decode(t, again.Object), "spec", "template", "spec", "containers", 0, "env"), "name"), []any{"QUEUE_URL", "LOG_LEVEL"})
		}},
	"quantity": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"non-canonical-quantity"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			// The annotation is unchanged: the patch holds the quantity only.
			want(t, decode(t, r.Patch), decode(t, []byte(`{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"thumbnailer"}],"containers":[{"name":"thumbnailer","resources":{"requests":{"cpu":0.5}}}]}}}}`)))
		}},
	"secret-stringdata": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", warnings: []string{"secret-stringdata"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, decode(t, r.Patch), map[string]any{"stringData": map[string]any{"password": "s3cr3t-example", "username": "mailer"}})
		}},
	"namespace-elsewhere": {action: engine.ActionCreate, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			e := r.Elsewhere
			if e == nil || e.Namespace != "production" || e.LiveNamespace != "default" || e.Kubectl != "deployment.apps/checkout created" {
				t.Fatalf("Elsewhere = %+v, want production over a live object in default", e)
			}
			o := wantCreatedAnew(t, r)
			want(t, at(o, "metadata", "namespace"), "production")
		}},
	"name-elsewhere": {action: engine.ActionCreate, source: "none", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			e := r.Elsewhere
			if e == nil || e.Name != "checkout-config-v2" || e.LiveName != "checkout-config" || e.NamespaceDiffers() || e.Kubectl != "configmap/checkout-config-v2 created" {
				t.Fatalf("Elsewhere = %+v, want checkout-config-v2 over a live checkout-config, both in default", e)
			}
			o := wantCreatedAnew(t, r)
			want(t, at(o, "metadata", "name"), "checkout-config-v2")
		}},
	"overwrite-false": {
		check: func(t *testing.T, s Sample, r *engine.Result, err error) {
			var ae *engine.ApplyError
			if !errors.As(err, &ae) {
				t.Fatalf("error %v, want an *engine.ApplyError", err)
			}
			if !strings.Contains(ae.Message, "conflicts with changes made from original to current") ||
				!strings.Contains(ae.Message, engine.LastAppliedAnnotation) {
				t.Errorf("message does not name the annotation conflict: %s", ae.Message)
			}
		}},
	"custom-resource": {action: engine.ActionConfigure, patchType: engine.PatchMerge, source: "annotation", warnings: []string{"not-built-in"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			names := []any{"shop.example.com", "www.shop.example.com", "api.shop.example.com"}
			p := decode(t, r.Patch)
			want(t, at(p, "spec", "dnsNames"), names)
			wantNull(t, p, "spec", "renewBefore")
			o := decode(t, r.Object)
			want(t, at(o, "spec", "dnsNames"), names)
			wantAbsent(t, o, "spec", "renewBefore")
		}},
	"pod-init-containers": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			inits := at(decode(t, r.Object), "spec", "initContainers")
			want(t, keys(inits, "name"), []any{"init-myservice", "init-mydb"})
			want(t, keys(inits, "image"), []any{"busybox:1.36", "busybox:1.36"})
			// The server-injected token mount is not in the patch, so it stays.
			want(t, at(inits, 1, "volumeMounts", 0, "name"), "kube-api-access-7xq2p")
			want(t, at(decode(t, r.Object), "spec", "nodeName"), "worker-2")
		}},
	"replicaset-frontend": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			want(t, at(p, "spec", "replicas"), int64(5))
			want(t, at(p, "spec", "template", "spec", "containers", 0, "image"), "gcr.io/google_samples/gb-frontend:v4")
			want(t, at(decode(t, r.Object), "spec", "template", "spec", "containers", 0, "imagePullPolicy"), "IfNotPresent")
		}},
	"statefulset-partition": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			want(t, at(p, "spec", "updateStrategy"), map[string]any{"rollingUpdate": map[string]any{"partition": int64(2)}})
			// Unchanged in the file, sent whole all the same.
			want(t, at(p, "spec", "volumeClaimTemplates", 0, "metadata", "name"), "www")
			o := decode(t, r.Object)
			want(t, at(o, "spec", "updateStrategy", "type"), "RollingUpdate")
			wantAbsent(t, o, "spec", "volumeClaimTemplates", 0, "spec", "volumeMode")
		}},
	"daemonset-tolerations": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			want(t, keys(at(p, "spec", "template", "spec", "tolerations"), "key"),
				[]any{"node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master"})
			o := decode(t, r.Object)
			want(t, at(o, "spec", "updateStrategy"), map[string]any{"type": "RollingUpdate",
				"rollingUpdate": map[string]any{"maxSurge": int64(1), "maxUnavailable": int64(0)}})
			want(t, at(o, "spec", "template", "spec", "volumes", 0, "hostPath", "type"), "")
		}},
	"job-ttl": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			p := decode(t, r.Patch)
			wantAbsent(t, p, "spec", "template")
			want(t, at(p, "spec", "ttlSecondsAfterFinished"), int64(100))
			want(t, at(decode(t, r.Object), "spec", "selector", "matchLabels", "batch.kubernetes.io/controller-uid"), "3b4c5d6e-7f80-4912-a3b4-c5d6e7f80912")
		}},
	"cronjob-jobtemplate": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			c := at(decode(t, r.Object), "spec", "jobTemplate", "spec", "template", "spec", "containers", 0)
			want(t, at(c, "image"), "busybox:1.36")
			want(t, keys(at(c, "env"), "name"), []any{"GREETING", "DEBUG"})
			want(t, at(decode(t, r.Object), "spec", "schedule"), "*/5 * * * *")
		}},
	"hpa-replicas-reset": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			want(t, at(decode(t, r.Patch), "spec", "replicas"), int64(3))
			want(t, at(decode(t, r.Object), "spec", "replicas"), int64(3))
		}},
	"hpa-replicas-fixed": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			wantAbsent(t, decode(t, r.Patch), "spec", "replicas")
			want(t, at(decode(t, r.Object), "spec", "replicas"), int64(7))
		}},
	"hpa-metrics": {action: engine.ActionConfigure, patchType: engine.PatchStrategic, source: "annotation", clean: true,
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			metrics := at(decode(t, r.Object), "spec", "metrics")
			want(t, len(asList(metrics)), 1)
			want(t, at(metrics, 0, "resource", "target", "averageUtilization"), int64(60))
			want(t, at(decode(t, r.Object), "status", "currentReplicas"), int64(7))
		}},
	"big-integer": {action: engine.ActionConfigure, patchType: engine.PatchMerge, source: "annotation", warnings: []string{"not-built-in", "big-integer"},
		check: func(t *testing.T, s Sample, r *engine.Result, _ error) {
			cfg := at(decode(t, r.Patch), "spec", "config")
			want(t, at(cfg, "retention.ms"), float64(1<<63))
			want(t, at(cfg, "retention.bytes"), int64(1<<53))
			for _, exact := range []string{"9223372036854775807", "9007199254740993"} {
				if !strings.Contains(r.LastApplied, exact) {
					t.Errorf("annotation lost %s: %s", exact, r.LastApplied)
				}
			}
		}},
}

func TestSamples(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range All() {
		seen[s.ID] = true
		t.Run(s.ID, func(t *testing.T) {
			exp, ok := expectations[s.ID]
			if !ok {
				t.Fatal("no expectation for this sample")
			}
			r, err := serverSideEngine.Apply(s.Input())
			if exp.action == "" {
				if err == nil {
					t.Fatalf("Apply succeeded (%s), want an error", r.Action)
				}
				exp.check(t, s, r, err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != exp.action || r.PatchType != exp.patchType || r.LastAppliedSource != exp.source {
				t.Errorf("action/patch type/source = %s/%s/%s, want %s/%s/%s",
					r.Action, r.PatchType, r.LastAppliedSource, exp.action, exp.patchType, exp.source)
			}
			codes := warningCodes(r.Warnings)
			for _, c := range exp.warnings {
				if !slices.Contains(codes, c) {
					t.Errorf("warnings %v lack %s", codes, c)
				}
			}
			if exp.clean && len(codes) > 0 {
				t.Errorf("warnings %v, want none", codes)
			}
			exp.check(t, s, r, nil)
		})
	}
	for id := range expectations {
		if !seen[id] {
			t.Errorf("expectation for %s, which is not a sample", id)
		}
	}
}

// golden is the part of a Result pinned in testdata: what kubectl does,
// not how the steps explain it (the steps' wording still changes).
type golden struct {
	Action            string          `json:"action,omitempty"`
	PatchType         string          `json:"patchType,omitempty"`
	Patch             json.RawMessage `json:"patch,omitempty"`
	Object            json.RawMessage `json:"object,omitempty"`
	LastApplied       string          `json:"lastApplied,omitempty"`
	LastAppliedSource string          `json:"lastAppliedSource,omitempty"`
	Warnings          []string        `json:"warnings"`
	Error             string          `json:"error,omitempty"`
	// A server-side apply's conflicts, owners and steps (action and field).
	Conflicts []engine.Conflict `json:"conflicts,omitempty"`
	Owners    []engine.Owner    `json:"owners,omitempty"`
	Steps     []string          `json:"steps,omitempty"`
}

func TestGolden(t *testing.T) {
	for _, s := range All() {
		t.Run(s.ID, func(t *testing.T) {
			g := golden{Warnings: []string{}}
			r, err := serverSideEngine.Apply(s.Input())
			if err != nil {
				g.Error = err.Error()
			} else {
				g = golden{Action: r.Action, PatchType: r.PatchType, Patch: r.Patch, Object: r.Object,
					LastApplied: r.LastApplied, LastAppliedSource: r.LastAppliedSource, Warnings: warningCodes(r.Warnings),
					Conflicts: r.Conflicts, Owners: r.Owners}
				if s.ServerSide() {
					for _, step := range r.Steps {
						g.Steps = append(g.Steps, step.Action+" "+step.Path)
					}
				}
			}
			got, err := json.MarshalIndent(g, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", s.ID+".golden.json")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./samples -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("result differs from %s (run go test ./samples -update and review the diff):\n%s", path, got)
			}
		})
	}
}

// ownersOf lists a field's owners of a server-side result ("manager Operation", joined by ", ").
func ownersOf(r *engine.Result, field string) string {
	var out []string
	for _, o := range r.Owners {
		if o.Field == field {
			out = append(out, o.Manager+" "+o.Operation)
		}
	}
	return strings.Join(out, ", ")
}

// stepOf is the action of a server-side result's step for a field.
func stepOf(r *engine.Result, field string) string {
	for _, s := range r.Steps {
		if s.Path == field {
			return s.Action
		}
	}
	return ""
}

func warningCodes(ws []engine.Warning) []string {
	codes := []string{}
	for _, w := range ws {
		codes = append(codes, w.Code)
	}
	return codes
}

func decode(t *testing.T, data []byte) any {
	t.Helper()
	v, err := jsonvalue.Decode(data)
	if err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
	return v
}

func decodeYAML(t *testing.T, text string) any {
	t.Helper()
	j, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, j)
}

// missing stands for a field that is not there, distinct from null.
type missing struct{}

// at walks maps by string keys and lists by int indexes.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return missing{}
			}
			if v, ok = m[k]; !ok {
				return missing{}
			}
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				return missing{}
			}
			v = l[k]
		}
	}
	return v
}

func asList(v any) []any { l, _ := v.([]any); return l }

// keys lists the value of key in each element of a list.
func keys(list any, key string) []any {
	out := []any{}
	for _, e := range asList(list) {
		out = append(out, at(e, key))
	}
	return out
}

func want(t *testing.T, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
}

func wantNull(t *testing.T, v any, path ...any) {
	t.Helper()
	if got := at(v, path...); got != nil {
		t.Errorf("%v = %#v, want null", path, got)
	}
}

// wantCreatedAnew checks a result that creates the file's object beside
// the live one: no patch, no uid (a new object), the file as its
// last-applied annotation. It returns the object.
func wantCreatedAnew(t *testing.T, r *engine.Result) any {
	t.Helper()
	if len(r.Patch) != 0 {
		t.Errorf("a patch: %s", r.Patch)
	}
	o := decode(t, r.Object)
	wantAbsent(t, o, "metadata", "uid")
	want(t, at(o, "metadata", "annotations", engine.LastAppliedAnnotation), r.LastApplied)
	return o
}

func wantAbsent(t *testing.T, v any, path ...any) {
	t.Helper()
	if got := at(v, path...); got != (missing{}) {
		t.Errorf("%v = %#v, want no such field", path, got)
	}
}

// TestDocsListEverySample keeps docs/samples.md in step with the data.
func TestDocsListEverySample(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "samples.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		id := strings.Trim(strings.TrimSpace(cells[1]), "`")
		var codes []string
		for i, part := range strings.Split(cells[3], "`") {
			if i%2 == 1 {
				codes = append(codes, part)
			}
		}
		rows[id] = codes
	}
	for _, s := range All() {
		codes, ok := rows[s.ID]
		if !ok {
			t.Errorf("docs/samples.md has no row for %s", s.ID)
			continue
		}
		if want := expectations[s.ID].warnings; !slices.Equal(codes, want) {
			t.Errorf("docs/samples.md lists warnings %v for %s, the test expects %v", codes, s.ID, want)
		}
	}
	if len(rows) != len(All()) {
		t.Errorf("docs/samples.md has %d rows, there are %d samples", len(rows), len(All()))
	}
}

func mapFS(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for name, text := range files {
		m[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return m
}
