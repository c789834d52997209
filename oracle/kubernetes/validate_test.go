package kubernetes

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// simulatedCreate is what the simulated cluster does on a create.
func simulatedCreate(obj map[string]any) (map[string]any, *apiserver.StatusError) {
	apiserver.Default(obj)
	apiserver.PrepareForCreate(obj)
	if err := apiserver.Validate(obj, nil); err != nil {
		return nil, err
	}
	return obj, nil
}

// simulatedUpdate is what the simulated cluster does on an update.
func simulatedUpdate(obj, old map[string]any) (map[string]any, *apiserver.StatusError) {
	apiserver.Default(obj)
	apiserver.PrepareForUpdate(obj, old)
	if err := apiserver.Validate(obj, old); err != nil {
		return nil, err
	}
	return obj, nil
}

// stored is an object as the store keeps it after a create.
func stored(obj map[string]any) map[string]any {
	obj["metadata"].(map[string]any)["resourceVersion"] = "1"
	return obj
}

// asUpdate gives obj the stored object's system fields, as the cluster's
// apply does.
func asUpdate(obj, old map[string]any) map[string]any {
	withSystemFields(obj)
	obj["metadata"].(map[string]any)["resourceVersion"] = old["metadata"].(map[string]any)["resourceVersion"]
	return obj
}

// compareErrors checks engine/apiserver's refusal against the server's.
func compareErrors(t testing.TB, name string, got *apiserver.StatusError, want *apierrors.StatusError) bool {
	t.Helper()
	if want == nil && got == nil {
		return true
	}
	if want == nil {
		t.Errorf("%s: refused, the server accepts: %s", name, got.Message)
		return false
	}
	if got == nil {
		t.Errorf("%s: accepted, the server refuses: %s", name, want.Error())
		return false
	}
	var wantCauses []apiserver.Cause
	for _, c := range want.ErrStatus.Details.Causes {
		wantCauses = append(wantCauses, apiserver.Cause{Field: c.Field, Type: string(c.Type), Message: c.Message})
	}
	ok := true
	if !reflect.DeepEqual(got.Causes, wantCauses) {
		t.Errorf("%s: causes\n got %+v\nwant %+v", name, got.Causes, wantCauses)
		ok = false
	}
	if got.ServerMessage != want.Error() {
		t.Errorf("%s: server message\n got %q\nwant %q", name, got.ServerMessage, want.Error())
		ok = false
	}
	if k := kubectlMessage(want); got.Message != k || got.KubectlText() != k {
		t.Errorf("%s: kubectl message\n got %q\nwant %q", name, got.Message, k)
		ok = false
	}
	if got.Reason != string(want.ErrStatus.Reason) {
		t.Errorf("%s: reason %q, want %q", name, got.Reason, want.ErrStatus.Reason)
		ok = false
	}
	return ok
}

// compareObjects checks the object engine/apiserver stores against the
// server's.
func compareObjects(t testing.TB, name string, got, want map[string]any) bool {
	t.Helper()
	if want == nil || got == nil {
		return true
	}
	g := roundTrip(t, got)
	if !reflect.DeepEqual(g, want) {
		var diffs []string
		for _, p := range differences(typed(t, want), want, g) {
			diffs = append(diffs, p)
		}
		t.Errorf("%s: stored object differs at %q\n got %s\nwant %s", name, diffs, trunc(mustJSON(g)), trunc(mustJSON(want)))
		return false
	}
	return true
}

func TestValidateCases(t *testing.T) {
	refused := 0
	for _, c := range validationCases() {
		if c.old == nil {
			want, werr := serverCreate(t, withSystemFields(jsonvalue.CopyObject(c.obj)))
			got, gerr := simulatedCreate(withSystemFields(jsonvalue.CopyObject(c.obj)))
			if compareErrors(t, c.name, gerr, werr) {
				compareObjects(t, c.name, got, want)
			}
			if werr != nil {
				refused++
			}
			continue
		}
		serverOld, err := serverCreate(t, withSystemFields(jsonvalue.CopyObject(c.old)))
		if err != nil {
			t.Fatalf("%s: old refused: %v", c.name, err)
		}
		mineOld, gerr := simulatedCreate(withSystemFields(jsonvalue.CopyObject(c.old)))
		if gerr != nil {
			t.Fatalf("%s: old refused: %v", c.name, gerr)
		}
		want, werr := serverUpdate(t, asUpdate(jsonvalue.CopyObject(c.obj), stored(serverOld)), serverOld)
		got, gerr := simulatedUpdate(asUpdate(jsonvalue.CopyObject(c.obj), stored(mineOld)), mineOld)
		if compareErrors(t, c.name, gerr, werr) {
			compareObjects(t, c.name, got, want)
		}
		if werr != nil {
			refused++
		}
	}
	t.Logf("%d named cases, %d refused by the server", len(validationCases()), refused)
}

// TestCreateRandom runs random objects through the create path of both:
// the same stored object, and the same refusals where engine/apiserver
// refuses. The server may refuse for rules engine/apiserver does not
// implement; those are counted and listed by rule.
func TestCreateRandom(t *testing.T) {
	n := randomCount(t)
	cases, outside := 0, map[string]int{}
	failed := 0
	for ki, kind := range kinds {
		g := newGen(uint64(100 + ki))
		for i := 0; i < n; i++ {
			cases++
			name := kind + "#" + strconv.Itoa(i)
			o := g.object(kind)
			want, werr := serverCreate(t, withSystemFields(jsonvalue.CopyObject(o)))
			got, gerr := simulatedCreate(withSystemFields(jsonvalue.CopyObject(o)))
			if werr != nil && !sameCauseCount(gerr, werr) {
				// The server also applies rules engine/apiserver does
				// not: what it reports must be among the server's causes.
				if !subsequence(gerr, werr) {
					t.Errorf("%s: causes %+v are not among the server's %+v", name, gerr.Causes, werr.ErrStatus.Details.Causes)
					failed++
				}
				for _, c := range werr.ErrStatus.Details.Causes {
					outside[fmt.Sprintf("%s %s: %s", kind, c.Field, c.Message)]++
				}
				continue
			}
			ok := compareErrors(t, name, gerr, werr) && compareObjects(t, name, got, want)
			if !ok {
				failed++
				if failed > 10 {
					t.Fatal("too many differences")
				}
			}
		}
	}
	var lines []string
	for k, v := range outside {
		lines = append(lines, fmt.Sprintf("%d× %s", v, k))
	}
	t.Logf("%d random creates; refused by the server for rules not simulated: %d kinds of cause\n%s", cases, len(outside), strings.Join(lines, "\n"))
}

func trunc(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "..."
	}
	return s
}

func sameCauseCount(got *apiserver.StatusError, want *apierrors.StatusError) bool {
	return got != nil && len(got.Causes) == len(want.ErrStatus.Details.Causes)
}

// subsequence reports whether got's causes appear, in order, among want's.
func subsequence(got *apiserver.StatusError, want *apierrors.StatusError) bool {
	if got == nil {
		return true
	}
	i := 0
	for _, c := range want.ErrStatus.Details.Causes {
		if i < len(got.Causes) && got.Causes[i] == (apiserver.Cause{Field: c.Field, Type: string(c.Type), Message: c.Message}) {
			i++
		}
	}
	return i == len(got.Causes)
}

// TestCreateSamples runs the repository's samples through the create path
// of both.
func TestCreateSamples(t *testing.T) {
	samples := sampleObjects(t, func(o map[string]any) bool {
		_, ok := registry[gvkOf(o).Kind]
		return ok && decodes(o)
	})
	for _, name := range slices.Sorted(maps.Keys(samples)) {
		o := samples[name]
		want, werr := serverCreate(t, withSystemFields(jsonvalue.CopyObject(o)))
		got, gerr := simulatedCreate(withSystemFields(jsonvalue.CopyObject(o)))
		if werr != nil && gerr == nil {
			t.Logf("%s: refused by the server for a rule not simulated: %v", name, werr)
			continue
		}
		if compareErrors(t, name, gerr, werr) {
			compareObjects(t, name, got, want)
		}
	}
	t.Logf("%d sample objects", len(samples))
}
