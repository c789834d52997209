package kubernetes

import (
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// randomCount is how many random objects of each kind the tests try:
// a few by default, more under APPLYLENS_RANDOM=N.
func randomCount(t testing.TB) int {
	if s := os.Getenv("APPLYLENS_RANDOM"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("APPLYLENS_RANDOM=%q: %v", s, err)
		}
		return n
	}
	if testing.Short() {
		return 10
	}
	return 40
}

// checkDefault compares engine/apiserver.Default with the scheme's
// defaulting on one object: the same object, and the paths it reports are
// the fields that differ.
func checkDefault(t testing.TB, name string, obj map[string]any) bool {
	t.Helper()
	want := typed(t, obj)
	legacyscheme.Scheme.Default(want)
	wantMap := untyped(t, want)

	mine := jsonvalue.CopyObject(obj)
	paths := apiserver.Default(mine)
	got := roundTrip(t, mine)
	ok := true
	if !reflect.DeepEqual(got, wantMap) {
		t.Errorf("%s: Default differs from k8s.io/kubernetes\ninput: %s\ngot:  %s\nwant: %s", name, mustJSON(obj), mustJSON(got), mustJSON(wantMap))
		ok = false
	}
	wantPaths := differences(want, roundTrip(t, obj), wantMap)
	if len(paths) == 0 && len(wantPaths) == 0 {
		return ok
	}
	if !reflect.DeepEqual(paths, wantPaths) {
		t.Errorf("%s: paths %q, want %q\ninput: %s", name, paths, wantPaths, mustJSON(obj))
		ok = false
	}
	return ok
}

func TestDefaultSamples(t *testing.T) {
	samples := sampleObjects(t, func(o map[string]any) bool {
		return decodes(o)
	})
	for _, name := range slices.Sorted(maps.Keys(samples)) {
		checkDefault(t, name, samples[name])
	}
	t.Logf("%d sample objects", len(samples))
}

func TestDefaultRandom(t *testing.T) {
	n := randomCount(t)
	cases, failed := 0, 0
	for ki, kind := range kinds {
		g := newGen(uint64(ki + 1))
		for i := 0; i < n; i++ {
			cases++
			if !checkDefault(t, kind+"#"+strconv.Itoa(i), g.object(kind)) {
				failed++
				if failed > 10 {
					t.Fatal("too many differences")
				}
			}
		}
	}
	t.Logf("%d random objects, %d differ", cases, failed)
}

// TestDefaultIdempotent: defaulting a defaulted object changes nothing.
func TestDefaultIdempotent(t *testing.T) {
	g := newGen(99)
	for _, kind := range kinds {
		for i := 0; i < 10; i++ {
			obj := g.object(kind)
			apiserver.Default(obj)
			again := jsonvalue.CopyObject(obj)
			if paths := apiserver.Default(again); len(paths) != 0 || !reflect.DeepEqual(again, obj) {
				t.Errorf("%s: second Default set %q", kind, paths)
			}
		}
	}
}

// TestDefaultWebhooks compares the webhook configurations' defaulting
// (each webhook, its rules, its service port; a mutating webhook's
// reinvocationPolicy) with the scheme's.
func TestDefaultWebhooks(t *testing.T) {
	for _, kind := range []string{"ValidatingWebhookConfiguration", "MutatingWebhookConfiguration"} {
		checkDefault(t, kind, obj(`{"apiVersion":"admissionregistration.k8s.io/v1","kind":"`+kind+`","metadata":{"name":"w"},"webhooks":[`+
			`{"name":"a.example.com","sideEffects":"None","admissionReviewVersions":["v1"],"clientConfig":{"service":{"namespace":"ns","name":"svc"}},"rules":[{"operations":["CREATE"],"apiGroups":[""],"apiVersions":["v1"],"resources":["pods"]}]},`+
			`{"name":"b.example.com","sideEffects":"None","admissionReviewVersions":["v1"],"failurePolicy":"Ignore","matchPolicy":"Exact","timeoutSeconds":5,"namespaceSelector":{"matchLabels":{"a":"b"}},"clientConfig":{"url":"https://example.com"},"rules":[{"operations":["*"],"apiGroups":["*"],"apiVersions":["*"],"resources":["*"],"scope":"Namespaced"}]}]}`))
	}
}
