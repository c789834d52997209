package cluster

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
)

func TestSplitWords(t *testing.T) {
	cases := []struct {
		name, line string
		want       []string
	}{
		{"plain", "kubectl get deploy", []string{"kubectl", "get", "deploy"}},
		{"single quotes keep JSON", `kubectl patch deploy x -p '{"spec":{"replicas":2}}'`, []string{"kubectl", "patch", "deploy", "x", "-p", `{"spec":{"replicas":2}}`}},
		{"double quotes with escapes", `kubectl annotate cm x "note=say \"hi\""`, []string{"kubectl", "annotate", "cm", "x", `note=say "hi"`}},
		{"quotes inside a word", `a=b'c d'e`, []string{"a=bc de"}},
		{"backslash escapes a space", `a\ b c`, []string{"a b", "c"}},
		{"empty quotes are a word", `x ''`, []string{"x", ""}},
		{"extra blanks", "  a \t b\n", []string{"a", "b"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := splitWords(tc.line)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("splitWords(%q) = %q, want %q", tc.line, got, tc.want)
			}
		})
	}
	if _, err := splitWords(`kubectl patch -p '{"a":1}`); err == nil {
		t.Error("an unterminated quote must be an error")
	}
}

func TestNotSimulatedIsAGoError(t *testing.T) {
	cases := []struct {
		name, line string
		mention    string
	}{
		{"unknown command", "kubectl rollout restart deploy/x", "apply -f FILE"},
		{"unknown flag", "kubectl apply -f x.yaml --frobnicate", "--overwrite"},
		{"empty line", "   ", "supported"},
		{"set resources", "kubectl set resources deploy/x --limits=cpu=1", "set image"},
		{"unterminated quote", "kubectl patch cm x -p '{", "quote"},
		{"standard input", "kubectl apply -f -", "standard input"},
		{"jsonpath output", "kubectl get deploy -o jsonpath={.items}", "-o yaml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			out, err := c.Run(tc.line, nil)
			var ns *NotSimulatedError
			if !errors.As(err, &ns) {
				t.Fatalf("got outcome %+v, error %v; want a *NotSimulatedError", out, err)
			}
			if !strings.Contains(err.Error(), tc.mention) {
				t.Errorf("error %q does not mention %q", err, tc.mention)
			}
		})
	}
}

func TestKubectlPrefixIsOptional(t *testing.T) {
	files := map[string]string{"cm.yaml": configMapWeb}
	a, b := New(Options{}), New(Options{})
	x := mustRun(t, a, "kubectl apply -f cm.yaml", files)
	y := mustRun(t, b, "apply -f cm.yaml", files)
	if x.Stdout != "configmap/web-config created\n" || !reflect.DeepEqual(x, y) {
		t.Errorf("with and without the kubectl prefix: %+v vs %+v", x, y)
	}
}

func TestContextNamespace(t *testing.T) {
	c := New(Options{Namespace: "kube-system"})
	out := mustRun(t, c, "apply -f cm.yaml", map[string]string{"cm.yaml": configMapWeb})
	if out.ExitCode != 0 || out.Changes[0].Ref.Namespace != "kube-system" {
		t.Fatalf("outcome %+v", out)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(out.Applies[0].LastApplied), &res); err != nil {
		t.Fatal(err)
	}
	if ns := res["metadata"].(map[string]any)["namespace"]; ns != "kube-system" {
		t.Errorf("the annotation records namespace %v, want the context's kube-system", ns)
	}
	if out := mustRun(t, c, "get cm web-config -n default", nil); out.ExitCode != 1 || !strings.Contains(out.Stderr, `configmaps "web-config" not found`) {
		t.Errorf("get -n default: %+v", out)
	}
}

// TestAppliesAreTheEngine checks that every apply of a timeline is what
// engine.Apply computes for the live object of that moment.
func TestAppliesAreTheEngine(t *testing.T) {
	v1, v2 := walkthroughFiles(t)
	c := New(Options{})
	lines := []struct{ line, file string }{
		{"apply -f d.yaml", v1},
		{"scale deploy/nginx-deployment --replicas=2", ""},
		{"controller status deploy/nginx-deployment", ""},
		{"apply -f d.yaml", v2},
		{"label deploy nginx-deployment team=a", ""},
		{"apply -f d.yaml --overwrite=false", v2},
		{"apply -f d.yaml", v1},
	}
	for _, l := range lines {
		out := mustRun(t, c, l.line, map[string]string{"d.yaml": l.file})
		if out.ExitCode != 0 {
			t.Fatalf("%s: %s", l.line, out.Stderr)
		}
		if !strings.HasPrefix(l.line, "apply") {
			continue
		}
		if len(out.Applies) != 1 || len(out.Changes) != 1 {
			t.Fatalf("%s: %d applies, %d changes", l.line, len(out.Applies), len(out.Changes))
		}
		overwrite := !strings.Contains(l.line, "--overwrite=false")
		file := strings.Replace(l.file, "  name: nginx-deployment\n", "  name: nginx-deployment\n", 1)
		want, err := engine.Apply(engine.Input{File: withNS(t, file, "default"), Live: string(out.Changes[0].Before), Overwrite: &overwrite})
		if err != nil {
			t.Fatal(err)
		}
		got := out.Applies[0]
		if got.Action != want.Action || !bytes.Equal(got.Patch, want.Patch) || !bytes.Equal(got.Object, want.Object) || got.LastApplied != want.LastApplied {
			t.Errorf("%s: the cluster's apply differs from engine.Apply:\n got %s %s\nwant %s %s", l.line, got.Action, got.Patch, want.Action, want.Patch)
		}
		// The server stores the patched object, plus what it sets.
		stored, _ := jsonvalue.DecodeObject(out.Changes[0].After)
		sent, _ := jsonvalue.DecodeObject(got.Object)
		for _, o := range []map[string]any{stored, sent} {
			for _, f := range []string{"resourceVersion", "managedFields", "generation", "uid", "creationTimestamp"} {
				delete(o["metadata"].(map[string]any), f)
			}
		}
		// Apart from the server's defaults and the typed encoding's empty
		// structs, the stored object is the patched one.
		apiserver.Default(sent)
		typedEncoding(c.kinds.byGroupKind("apps", "Deployment"), sent)
		if !reflect.DeepEqual(stored, sent) {
			t.Errorf("%s: stored object differs from the patched object:\n%s\n%s", l.line, encode(stored), encode(sent))
		}
	}
	// A conflict under --overwrite=false is kubectl's error, nothing is
	// written.
	mustRun(t, c, "scale deploy/nginx-deployment --replicas=5", nil)
	before := c.Objects()
	out := mustRun(t, c, "apply -f d.yaml --overwrite=false", map[string]string{"d.yaml": v2})
	if out.ExitCode != 1 || !strings.Contains(out.Stderr, "--overwrite=false") || !reflect.DeepEqual(before, c.Objects()) {
		t.Errorf("conflicting apply with --overwrite=false: exit %d, stderr %s", out.ExitCode, out.Stderr)
	}
}

// withNS gives a file's object the namespace kubectl's builder writes
// into it, as the cluster does before calling the engine.
func withNS(t *testing.T, text, ns string) string {
	t.Helper()
	objs, err := decodeStream("f", text)
	if err != nil || len(objs) != 1 {
		t.Fatalf("decode: %v", err)
	}
	metadataOf(objs[0])["namespace"] = ns
	return string(encode(objs[0]))
}

func TestClone(t *testing.T) {
	files := map[string]string{"cm.yaml": configMapWeb, "crd.yaml": crdCluster}
	c := New(Options{})
	mustRun(t, c, "apply -f cm.yaml", files)
	before := c.Objects()
	clone := c.Clone()
	mustRun(t, clone, "label cm web-config x=y", files)
	mustRun(t, clone, "apply -f crd.yaml", files)
	if !reflect.DeepEqual(before, c.Objects()) {
		t.Error("running commands on the clone changed the original")
	}
	if out := mustRun(t, c, "get backups", nil); out.ExitCode != 1 {
		t.Error("the clone's CRD registered its kind in the original")
	}
	if out := mustRun(t, clone, "get backups", nil); out.ExitCode != 0 {
		t.Errorf("the clone does not know its CRD's kind: %s", out.Stderr)
	}
	// The same commands on a second clone give the same bytes.
	again := c.Clone()
	again.tick = clone.tick - 3
	mustRun(t, again, "label cm web-config x=y", files)
	mustRun(t, again, "apply -f crd.yaml", files)
	mustRun(t, again, "get backups", nil)
	if !reflect.DeepEqual(again.Objects(), clone.Objects()) {
		t.Error("two clones diverged after the same commands")
	}
}

func TestObjectsSorted(t *testing.T) {
	c := New(Options{})
	mustRun(t, c, "apply -f a.yaml", map[string]string{"a.yaml": deployV1 + "---\n" + configMapWeb + "---\n" + serviceWeb})
	var prev []string
	for _, raw := range c.Objects() {
		var o map[string]any
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatal(err)
		}
		key := []string{o["apiVersion"].(string), o["kind"].(string), metaString(o, "namespace"), metaString(o, "name")}
		if prev != nil && strings.Join(prev, "\x00") > strings.Join(key, "\x00") {
			t.Errorf("%v sorted after %v", key, prev)
		}
		prev = key
	}
	if len(c.Objects()) != 7 { // 4 namespaces, 3 applied
		t.Errorf("%d objects, want 7", len(c.Objects()))
	}
}

func TestServerMetadata(t *testing.T) {
	c := New(Options{})
	files := map[string]string{"cm.yaml": configMapWeb}
	first := mustRun(t, c, "apply -f cm.yaml", files)
	created, _ := jsonvalue.DecodeObject(first.Changes[0].After)
	md := created["metadata"].(map[string]any)
	for _, f := range []string{"uid", "resourceVersion", "creationTimestamp", "managedFields"} {
		if md[f] == nil {
			t.Errorf("created object has no metadata.%s", f)
		}
	}
	mf := md["managedFields"].([]any)[0].(map[string]any)
	fields, _ := jsonvalue.Encode(mf["fieldsV1"])
	if mf["manager"] != "kubectl-client-side-apply" || mf["operation"] != "Update" || mf["fieldsType"] != "FieldsV1" ||
		string(fields) != `{"f:data":{".":{},"f:color":{}},"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{".":{},"f:app":{}}}}` {
		t.Errorf("managedFields entry %v", mf)
	}
	// An unchanged apply writes nothing: same resourceVersion.
	mustRun(t, c, "apply -f cm.yaml", files)
	rv := func() any {
		o, _ := jsonvalue.DecodeObject(c.Objects()[0])
		for _, raw := range c.Objects() {
			if o, _ = jsonvalue.DecodeObject(raw); metaString(o, "name") == "web-config" {
				break
			}
		}
		return metaString(o, "resourceVersion")
	}
	if got := rv(); got != md["resourceVersion"] {
		t.Errorf("unchanged apply moved resourceVersion from %v to %v", md["resourceVersion"], got)
	}
	mustRun(t, c, "label cm web-config a=b", nil)
	if got := rv(); got == md["resourceVersion"] {
		t.Error("label did not move resourceVersion")
	}
	get := mustRun(t, c, "get cm web-config -o yaml", nil)
	if strings.Contains(get.Stdout, "managedFields") || len(get.Warnings) != 0 {
		t.Errorf("get -o yaml shows managedFields or warns:\n%s", get.Stdout)
	}
	shown := mustRun(t, c, "get cm web-config -o json --show-managed-fields", nil)
	if !strings.Contains(shown.Stdout, `"manager": "kubectl-label"`) || !strings.Contains(shown.Stdout, `"manager": "kubectl-client-side-apply"`) {
		t.Errorf("--show-managed-fields:\n%s", shown.Stdout)
	}
	if !strings.Contains(shown.Stdout, `"f:a": {}`) || len(shown.Warnings) != 0 {
		t.Errorf("--show-managed-fields: kubectl-label must own the label it set, without warnings:\n%s%v", shown.Stdout, shown.Warnings)
	}
}

// TestSelectorChangeRejected: apiserver.Validate's immutable selector
// turns apply and replace down; apply --force deletes and creates.
func TestSelectorChangeRejected(t *testing.T) {
	moved := strings.ReplaceAll(deployV1, "{app: web}", "{app: other}")
	files := map[string]string{"web.yaml": deployV1, "moved.yaml": moved}
	c := New(Options{})
	mustRun(t, c, "apply -f web.yaml", files)
	out := mustRun(t, c, "apply -f moved.yaml", files)
	if out.ExitCode != 1 || !strings.HasPrefix(out.Stderr, `The Deployment "web" is invalid: `) || !strings.Contains(out.Stderr, "field is immutable") {
		t.Errorf("apply with a changed selector: exit %d\n%s", out.ExitCode, out.Stderr)
	}
	out = mustRun(t, c, "replace -f moved.yaml", files)
	if out.ExitCode != 1 || !strings.Contains(out.Stderr, "field is immutable") {
		t.Errorf("replace with a changed selector: exit %d\n%s", out.ExitCode, out.Stderr)
	}
	// apply --force deletes and creates the object again.
	out = mustRun(t, c, "apply --force -f moved.yaml", files)
	if out.ExitCode != 0 || out.Stdout != "deployment.apps/web configured\n" || len(out.Warnings) == 0 {
		t.Fatalf("apply --force: %+v", out)
	}
	before, _ := jsonvalue.DecodeObject(out.Changes[0].Before)
	after, _ := jsonvalue.DecodeObject(out.Changes[0].After)
	if metaString(before, "uid") == metaString(after, "uid") {
		t.Error("apply --force kept the uid: the object was not created again")
	}
	if !strings.Contains(string(out.Changes[0].After), `"selector":{"matchLabels":{"app":"other"}}`) {
		t.Errorf("apply --force did not store the new selector: %s", out.Changes[0].After)
	}
}

// TestDeterminism runs every scenario on two clusters: every outcome
// (output, applies with their steps, changes) and the stored objects must
// be the same bytes.
func TestDeterminism(t *testing.T) {
	for _, s := range scenarios {
		a, b := New(Options{}), New(Options{})
		for _, line := range s.commands {
			x, errX := a.Run(line, s.files)
			y, errY := b.Run(line, s.files)
			jx, _ := json.Marshal(x)
			jy, _ := json.Marshal(y)
			if !bytes.Equal(jx, jy) || (errX == nil) != (errY == nil) {
				t.Fatalf("%s: %s: two runs differ", s.name, line)
			}
		}
		if !reflect.DeepEqual(a.Objects(), b.Objects()) {
			t.Errorf("%s: the clusters differ", s.name)
		}
	}
}

// TestOutcomeJSON pins the JSON names the page reads.
func TestOutcomeJSON(t *testing.T) {
	c := New(Options{})
	out := mustRun(t, c, "apply -f cm.yaml", map[string]string{"cm.yaml": configMapWeb})
	data, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"stdout", "stderr", "exitCode", "applies", "changes"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in %s", k, data)
		}
	}
	ch := m["changes"].([]any)[0].(map[string]any)
	for _, k := range []string{"ref", "action", "after"} {
		if _, ok := ch[k]; !ok {
			t.Errorf("no %q in a change: %v", k, ch)
		}
	}
	if ref := ch["ref"].(map[string]any); ref["kind"] != "ConfigMap" || ref["namespace"] != "default" || ref["version"] != "v1" {
		t.Errorf("ref %v", ref)
	}
	if _, ok := ch["before"]; ok {
		t.Error("a created object has no before")
	}
}
