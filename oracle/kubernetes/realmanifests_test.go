package kubernetes

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/cluster"
	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/internal/realmanifests"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// TestRealManifests runs every document of a built-in group in
// ../shared/real-manifests (public projects' manifests nobody on the
// project wrote, see its SOURCES.md) through `kubectl create -f` on the
// simulated cluster and through kubectl's resource builder and a real API
// server's create path (realserver_test.go), and compares what each
// stores, or that both refuse with the same message. It prints the
// agreement per kind, the table docs/timeline.md shows.
//
// It is a ratchet: the documents that disagree today are listed in
// knownDisagreements, each with its reason; a document not listed that
// disagrees fails the test, and so does a listed one that now agrees (take
// it off the list). APPLYLENS_UPDATE_DOCS=1 rewrites the table in
// docs/timeline.md.
func TestRealManifests(t *testing.T) {
	dir := realmanifests.Dir(t)
	docs := realDocuments(t, dir)
	real := newRealKubectl(t)
	allowPrivileged(t)
	builtin := builtinDocuments(t, docs)
	tally := map[string]*kindTally{}
	seen := map[string]bool{}
	var unlisted []string
	for _, d := range builtin {
		key := d.apiVersion + " " + d.kind
		if tally[key] == nil {
			tally[key] = &kindTally{listed: map[string]int{}}
		}
		k := tally[key]
		k.documents++
		verdict, detail := compareDocument(t, real, d)
		switch verdict {
		case storedAlike:
			k.stored++
		case refusedAlike:
			k.refused++
		}
		reason, listed := knownDisagreements[d.id]
		seen[d.id] = true
		switch {
		case verdict.agrees() && listed:
			t.Errorf("%s (%s) now agrees: take it off knownDisagreements (%s)", d.id, key, reason)
		case !verdict.agrees() && !listed:
			t.Errorf("%s (%s): %s\n%s", d.id, key, verdict, detail)
			unlisted = append(unlisted, fmt.Sprintf("\t%q: %s, // %s: %s", d.id, "reasonTODO", key, verdict))
		case !verdict.agrees():
			k.listed[string(reason.class)]++
			if testing.Verbose() {
				t.Logf("%s (%s): %s, listed: %s\n%s", d.id, key, verdict, reason, detail)
			}
		}
	}
	for id := range knownDisagreements {
		if !seen[id] {
			t.Errorf("knownDisagreements lists %s, which is not a document of a built-in group", id)
		}
	}
	if len(unlisted) > 0 {
		t.Logf("disagreements not listed:\n%s", strings.Join(unlisted, "\n"))
	}
	table := agreementTable(tally)
	t.Logf("agreement per kind:\n%s", table)
	checkTimelineDoc(t, table)
}

// realDocument is one YAML document of a manifest file.
type realDocument struct {
	id         string // "path/in/real-manifests.yaml#N", N counting from 1
	text       string
	apiVersion string
	kind       string
	namespace  string
}

// realDocuments splits every .yaml file under dir into documents as
// kubectl's YAML reader does; documents that are empty or that kubectl
// cannot read as an object with an apiVersion and a kind are left out
// (kubectl's builder refuses them before any request).
func realDocuments(t testing.TB, dir string) []realDocument {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var docs []realDocument
	unreadable := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, f)
		reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for n := 1; ; n++ {
			raw, err := reader.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			js, err := yaml.YAMLToJSON(raw)
			if err != nil {
				unreadable++
				continue
			}
			obj, err := jsonvalue.DecodeObject(js)
			if err != nil || obj == nil {
				continue
			}
			d := realDocument{id: fmt.Sprintf("%s#%d", rel, n), text: string(raw)}
			d.apiVersion, _ = obj["apiVersion"].(string)
			d.kind, _ = obj["kind"].(string)
			if d.apiVersion == "" || d.kind == "" {
				unreadable++
				continue
			}
			md, _ := obj["metadata"].(map[string]any)
			d.namespace, _ = md["namespace"].(string)
			docs = append(docs, d)
		}
	}
	if len(docs) == 0 {
		t.Fatalf("no documents under %s", dir)
	}
	t.Logf("%d documents in %d files; %d left out (not YAML kubectl reads, or no apiVersion or kind)", len(docs), len(files), unreadable)
	return docs
}

// builtinDocuments keeps the documents of a built-in group (discovery's
// BuiltinGroups), the ones the simulated cluster serves without a CRD.
func builtinDocuments(t testing.TB, docs []realDocument) []realDocument {
	t.Helper()
	discovery := loadDiscovery(t)
	var out []realDocument
	for _, d := range docs {
		if group, _ := splitGroupVersion(d.apiVersion); discovery.BuiltinGroups[group] {
			out = append(out, d)
		}
	}
	return out
}

func splitGroupVersion(apiVersion string) (group, version string) {
	if i := strings.IndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// verdict is how the two sides compare on one document.
type verdict string

const (
	storedAlike        verdict = "stored alike"
	refusedAlike       verdict = "refused alike"
	storedDifferently  verdict = "stored differently"
	refusedDifferently verdict = "refused with another message"
	storedNotRefused   verdict = "stored, the server refuses"
	refusedNotStored   verdict = "refused, the server stores"
)

func (v verdict) agrees() bool { return v == storedAlike || v == refusedAlike }

// docFile is the name both sides read the document from, as the user's
// file.
const docFile = "manifest.yaml"

// compareDocument creates one document on a fresh simulated cluster (its
// namespace created first) and on the real side.
func compareDocument(t testing.TB, real *realKubectl, d realDocument) (verdict, string) {
	t.Helper()
	return compareDocumentOn(t, real, d, cluster.Options{})
}

// compareDocumentOn is compareDocument on a simulated cluster made with
// opts (the real side's settings are the caller's to match).
func compareDocumentOn(t testing.TB, real *realKubectl, d realDocument, opts cluster.Options) (verdict, string) {
	t.Helper()
	real.reset()
	if d.namespace != "" && !real.namespaces[d.namespace] {
		real.createNamespace(t, d.namespace)
	}
	want := real.create(t, docFile, d.text)
	if len(want) != 1 {
		t.Fatalf("%s: %d outcomes from kubectl's builder for one document", d.id, len(want))
	}
	c := cluster.New(opts)
	if d.namespace != "" && d.namespace != testNamespace {
		// Ignored when it exists already (kube-system).
		_, _ = c.Run("kubectl create namespace "+d.namespace, nil)
	}
	var got map[string]any
	gotErr := ""
	out, err := c.Run("kubectl create -f "+docFile, map[string]string{docFile: d.text})
	switch {
	case err != nil:
		gotErr = "not simulated: " + err.Error()
	case out.ExitCode != 0:
		gotErr = errorLines(out.Stderr)
	default:
		for _, ch := range out.Changes {
			if ch.After != nil {
				got = decodeRaw(t, ch.After)
			}
		}
		if got == nil {
			t.Fatalf("%s: the simulated create stored nothing and failed with nothing", d.id)
		}
	}
	w := want[0]
	switch {
	case w.err != "" && gotErr != "":
		if w.err == gotErr {
			return refusedAlike, ""
		}
		return refusedDifferently, fmt.Sprintf(" got %q\nwant %q", gotErr, w.err)
	case w.err != "":
		return storedNotRefused, fmt.Sprintf("want %q", w.err)
	case gotErr != "":
		return refusedNotStored, fmt.Sprintf("got %q\nstored by the server: %s", gotErr, trunc(mustJSON(w.stored)))
	}
	g, wm := comparable(got), comparable(w.stored)
	if reflect.DeepEqual(g, wm) {
		return storedAlike, ""
	}
	return storedDifferently, fmt.Sprintf("differs at %s\n got %s\nwant %s", strings.Join(diffPaths("", g, wm), ", "), trunc(mustJSON(g)), trunc(mustJSON(wm)))
}

// errorLines is kubectl's stderr without its warnings and final newline.
func errorLines(stderr string) string {
	var keep []string
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if !strings.HasPrefix(l, "Warning: ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// comparable is a stored object without what differs by design: the
// uid, resourceVersion and creationTimestamp each cluster gives, and the
// managedFields (TestClusterManagedFields compares them).
func comparable(obj map[string]any) map[string]any {
	obj = jsonvalue.CopyObject(obj)
	md, _ := obj["metadata"].(map[string]any)
	for _, f := range []string{"uid", "resourceVersion", "creationTimestamp", "managedFields"} {
		delete(md, f)
	}
	return obj
}

// diffPaths lists where two JSON values differ, at most a few.
func diffPaths(path string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		var out []string
		for _, k := range jsonvalue.Keys(am, bm) {
			_, ina := am[k]
			_, inb := bm[k]
			if ina != inb {
				out = append(out, path+"."+k)
				continue
			}
			out = append(out, diffPaths(path+"."+k, am[k], bm[k])...)
			if len(out) >= 8 {
				return out
			}
		}
		return out
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		var out []string
		for i := range al {
			out = append(out, diffPaths(fmt.Sprintf("%s[%d]", path, i), al[i], bl[i])...)
		}
		return out
	}
	if reflect.DeepEqual(a, b) {
		return nil
	}
	return []string{path}
}

// kindTally counts one kind's documents.
type kindTally struct {
	documents, stored, refused int
	listed                     map[string]int
}

func agreementTable(tally map[string]*kindTally) string {
	var b strings.Builder
	b.WriteString("| apiVersion kind | documents | stored alike | refused alike | listed disagreements |\n")
	b.WriteString("| --- | ---: | ---: | ---: | --- |\n")
	var total kindTally
	for _, key := range slices.Sorted(maps.Keys(tally)) {
		k := tally[key]
		total.documents += k.documents
		total.stored += k.stored
		total.refused += k.refused
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s |\n", key, k.documents, k.stored, k.refused, classCounts(k.listed))
	}
	fmt.Fprintf(&b, "| **all** | %d | %d | %d | %d |\n", total.documents, total.stored, total.refused, total.documents-total.stored-total.refused)
	return b.String()
}

func classCounts(m map[string]int) string {
	var parts []string
	for _, c := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%d %s", m[c], c))
	}
	return strings.Join(parts, ", ")
}

const (
	tableBegin = "<!-- real-manifests table: generated by oracle/kubernetes TestRealManifests -->\n"
	tableEnd   = "<!-- end of the real-manifests table -->\n"
)

// checkTimelineDoc checks that docs/timeline.md shows table, or writes it
// there under APPLYLENS_UPDATE_DOCS=1.
func checkTimelineDoc(t testing.TB, table string) {
	t.Helper()
	path := "../../docs/timeline.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, tableBegin), strings.Index(doc, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no real-manifests table between %q and %q", path, tableBegin, tableEnd)
	}
	current := doc[i+len(tableBegin) : j]
	if current == table {
		return
	}
	if os.Getenv("APPLYLENS_UPDATE_DOCS") != "" {
		if err := os.WriteFile(path, []byte(doc[:i+len(tableBegin)]+table+doc[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the real-manifests table is stale; run with APPLYLENS_UPDATE_DOCS=1 to rewrite it", path)
}
