package kubernetes

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/cluster"
	"github.com/applylens/applylens/internal/realmanifests"
	"sigs.k8s.io/yaml"
)

// TestRealManifestsServerSide is the guard of server-side apply on the
// real manifests: for every document of a built-in group that the
// simulated `kubectl create -f` stores, five writes on the simulated
// cluster, each checked against the real field manager (checkCommand:
// the managedFields after the write, the resourceVersions kubectl's
// requests take, kubectl's warnings):
//
//  1. kubectl apply --server-side (the document, as JSON);
//  2. an update by another manager: kubectl label applylens-guard=other;
//  3. a conflicting apply: the document with applylens-guard=mine, which
//     both refuse with the conflict with kubectl-label;
//  4. the same forced (--force-conflicts);
//  5. the document again, without the label: a field removed.
//
// A document that disagrees fails the test unless knownSSADisagreements
// lists it with its reason; a listed one that agrees fails it too (take it
// off). The agreement per kind is logged.
func TestRealManifestsServerSide(t *testing.T) {
	dir := realmanifests.Dir(t)
	docs := realDocuments(t, dir)
	allowPrivileged(t)
	builtin := builtinDocuments(t, docs)
	tally := map[string]*ssaTally{}
	steps := 0
	for _, d := range builtin {
		key := d.apiVersion + " " + d.kind
		if tally[key] == nil {
			tally[key] = &ssaTally{}
		}
		k := tally[key]
		k.documents++
		failures, n, skipped := capture(t, func(tb testing.TB) (int, string) { return guardDocument(tb, d) })
		steps += n
		reason, listed := knownSSADisagreements[d.id]
		switch {
		case skipped != "":
			k.skipped++
		case len(failures) == 0 && listed:
			t.Errorf("%s (%s) now agrees: take it off knownSSADisagreements (%s)", d.id, key, reason)
		case len(failures) == 0:
			k.agreed++
		case listed:
			k.listed++
			if testing.Verbose() {
				t.Logf("%s (%s): listed (%s):\n%s", d.id, key, reason, strings.Join(failures, "\n"))
			}
		default:
			t.Errorf("%s (%s): server-side apply disagrees:\n%s", d.id, key, strings.Join(failures, "\n"))
		}
	}
	for id := range knownSSADisagreements {
		found := false
		for _, d := range docs {
			found = found || d.id == id
		}
		if !found {
			t.Errorf("knownSSADisagreements lists %s, which is not a document", id)
		}
	}
	var b strings.Builder
	b.WriteString("| apiVersion kind | documents | agree | listed | not stored on create |\n| --- | ---: | ---: | ---: | ---: |\n")
	var total ssaTally
	keys := make([]string, 0, len(tally))
	for key := range tally {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		k := tally[key]
		total.documents += k.documents
		total.agreed += k.agreed
		total.listed += k.listed
		total.skipped += k.skipped
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d |\n", key, k.documents, k.agreed, k.listed, k.skipped)
	}
	fmt.Fprintf(&b, "| **all** | %d | %d | %d | %d |\n", total.documents, total.agreed, total.listed, total.skipped)
	t.Logf("server-side apply, agreement per kind (%d writes checked against the real field manager):\n%s", steps, b.String())
}

// ssaTally counts one kind's documents.
type ssaTally struct{ documents, agreed, listed, skipped int }

// knownSSADisagreements are the documents on which server-side apply
// disagrees with the real field manager, with the reason. The list may
// only shrink.
var knownSSADisagreements = map[string]string{}

// guardDocument runs the five writes of TestRealManifestsServerSide on
// one document; it returns the writes checked, or why the document is not
// a case (the simulated create refuses it, as the real server does:
// TestRealManifests).
func guardDocument(t testing.TB, d realDocument) (int, string) {
	t.Helper()
	c := cluster.New(cluster.Options{})
	// The clock: one second per command run on c.
	tick := 0
	if d.namespace != "" && d.namespace != testNamespace {
		_, _ = c.Run("kubectl create namespace "+d.namespace, nil)
		tick++
	}
	probe := c.Clone()
	if out, err := probe.Run("kubectl create -f "+docFile, map[string]string{docFile: d.text}); err != nil || out.ExitCode != 0 {
		return 0, "refused on create"
	}
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(d.text), &obj); err != nil {
		t.Fatalf("%s: %v", d.id, err)
	}
	withLabel := func(value string) string {
		o := decodeRaw(t, []byte(mustJSON(obj)))
		md, _ := o["metadata"].(map[string]any)
		labels, _ := md["labels"].(map[string]any)
		if labels == nil {
			labels = map[string]any{}
			md["labels"] = labels
		}
		if value != "" {
			labels["applylens-guard"] = value
		}
		return mustJSON(o)
	}
	plain, mine := withLabel(""), withLabel("mine")
	file := func(text string) map[string]string { return map[string]string{docFile: text} }
	writes := 0
	for _, cmd := range []clusterCommand{
		{"kubectl apply --server-side -f " + docFile, file(plain)},
		{"kubectl label -f " + docFile + " applylens-guard=other", file(plain)},
	} {
		tick++
		writes += checkCommand(t, c, tick, cmd)
	}
	// The conflicting apply: refused by both, with the real conflict.
	live := currentObject(t, c, obj)
	var mineObj map[string]any
	if err := yaml.Unmarshal([]byte(mine), &mineObj); err != nil {
		t.Fatal(err)
	}
	mineObj = decodeRaw(t, []byte(mustJSON(mineObj)))
	if ns, ok := metaOf(live)["namespace"]; ok {
		metaOf(mineObj)["namespace"] = ns
	}
	real, err := realSSARequests(t, crdFieldManager(t, nil, mineObj), live, mineObj, "kubectl", false, false)
	if err != nil {
		t.Fatalf("%s: the real field manager: %v", d.id, err)
	}
	out, err := c.Run("kubectl apply --server-side -f "+docFile, file(mine))
	tick++
	switch {
	case err != nil:
		t.Errorf("%s: the conflicting apply: %v", d.id, err)
	case real.conflict == nil:
		t.Errorf("%s: the real field manager finds no conflict; the simulation: exit %d %q", d.id, out.ExitCode, out.Stderr)
	case out.ExitCode == 0 || !strings.Contains(out.Stderr, real.conflict.Error()+"\n"):
		t.Errorf("%s: the conflicting apply: exit %d, stderr %q; want the conflict %q", d.id, out.ExitCode, out.Stderr, real.conflict.Error())
	}
	for _, cmd := range []clusterCommand{
		{"kubectl apply --server-side --force-conflicts -f " + docFile, file(mine)},
		{"kubectl apply --server-side -f " + docFile, file(plain)},
	} {
		tick++
		writes += checkCommand(t, c, tick, cmd)
	}
	if labels, _ := metaOf(currentObject(t, c, obj))["labels"].(map[string]any); labels["applylens-guard"] != nil {
		t.Errorf("%s: the label the last apply left out is still there: %v", d.id, labels)
	}
	return writes, ""
}

// currentObject is the simulated cluster's stored object of the
// document obj names.
func currentObject(t testing.TB, c *cluster.Cluster, obj map[string]any) map[string]any {
	t.Helper()
	md, _ := obj["metadata"].(map[string]any)
	for _, raw := range c.Objects() {
		o := decodeRaw(t, raw)
		if o["kind"] == obj["kind"] && metaOf(o)["name"] == md["name"] {
			return o
		}
	}
	t.Fatalf("no stored %v %v", obj["kind"], md["name"])
	return nil
}

// recorder is a testing.TB that keeps the failures of one document
// instead of failing the test, for the ratchet: Fatal ends the
// document's goroutine.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Error(args ...any)         { r.failures = append(r.failures, fmt.Sprint(args...)) }
func (r *recorder) Errorf(f string, a ...any) { r.failures = append(r.failures, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatal(args ...any)         { r.Error(args...); runtime.Goexit() }
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); runtime.Goexit() }
func (r *recorder) Fail()                     { r.failures = append(r.failures, "failed") }
func (r *recorder) FailNow()                  { r.Fail(); runtime.Goexit() }
func (r *recorder) Failed() bool              { return len(r.failures) > 0 }

// capture runs f with a recorder, in a goroutine of its own (a Fatal
// ends it there), and returns what it recorded and f's results.
func capture(t testing.TB, f func(testing.TB) (int, string)) (failures []string, n int, skipped string) {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		n, skipped = f(r)
	}()
	<-done
	return r.failures, n, skipped
}
