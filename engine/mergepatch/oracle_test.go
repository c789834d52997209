//go:build !js

package mergepatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	kjson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	kmergepatch "k8s.io/apimachinery/pkg/util/mergepatch"
)

// The oracles: apimachinery and json-patch as kubectl calls them.

func oracleThreeWay(original, modified, current []byte, kubectl bool) (patch []byte, err error) {
	var pre []kmergepatch.PreconditionFunc
	if kubectl {
		pre = []kmergepatch.PreconditionFunc{
			kmergepatch.RequireKeyUnchanged("apiVersion"),
			kmergepatch.RequireKeyUnchanged("kind"),
			kmergepatch.RequireMetadataKeyUnchanged("name"),
		}
	}
	defer func() {
		if r := recover(); r != nil {
			err = &oraclePanic{r}
		}
	}()
	return jsonmergepatch.CreateThreeWayJSONMergePatch(original, modified, current, pre...)
}

func oracleApply(current, patch []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &oraclePanic{r}
		}
	}()
	return jsonpatch.MergePatch(current, patch)
}

// oraclePanic is an oracle that panicked; there is nothing to agree with.
type oraclePanic struct{ v any }

func (p *oraclePanic) Error() string { return fmt.Sprintf("oracle panicked: %v", p.v) }

// meaning is what a document says to kubectl and the API server: read with
// apimachinery's json package. A document apimachinery rejects (a number
// beyond float64) is compared by its literals instead.
func meaning(data []byte) (any, error) {
	var v any
	if err := kjson.Unmarshal(data, &v); err == nil {
		return v, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return literals(v), nil
}

func literals(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			t[k] = literals(e)
		}
	case []any:
		for i, e := range t {
			t[i] = literals(e)
		}
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return i
		}
		if f, err := strconv.ParseFloat(string(t), 64); err == nil {
			return f
		}
		return "literal " + string(t)
	}
	return v
}

func sameMeaning(a, b []byte) bool {
	ma, errA := meaning(a)
	mb, errB := meaning(b)
	return errA == nil && errB == nil && reflect.DeepEqual(ma, mb)
}

// compareThreeWay runs both sides on one triple and describes any
// disagreement; an empty string means they agree. The patch must match
// byte for byte, and applying it to current must mean the same.
func compareThreeWay(original, modified, current []byte, kubectl bool) (string, bool) {
	want, wantErr := oracleThreeWay(original, modified, current, kubectl)
	if _, ok := wantErr.(*oraclePanic); ok {
		return "", false
	}
	got, gotErr := CreateThreeWay(original, modified, current, ours(kubectl)...)
	if errText(gotErr) != errText(wantErr) {
		return fmt.Sprintf("error: ours %q, oracle %q", errText(gotErr), errText(wantErr)), true
	}
	if !bytes.Equal(got, want) {
		return fmt.Sprintf("patch: ours %s, oracle %s", got, want), true
	}
	failed := strings.HasPrefix(errText(wantErr), "precondition failed for: ")
	if failed != IsPreconditionFailed(gotErr) {
		return fmt.Sprintf("error %q: typed as a failed precondition: %v", errText(gotErr), !failed), true
	}
	if wantErr != nil && !failed {
		return "", true
	}
	if d := compareValues(original, modified, current, kubectl, want, wantErr); d != "" {
		return d, true
	}
	if wantErr != nil {
		return "", true
	}
	return compareApply(current, want), true
}

// compareValues checks CreateThreeWayValues on the decoded triple against
// the oracle's patch.
func compareValues(original, modified, current []byte, kubectl bool, want []byte, wantErr error) string {
	var docs [3]map[string]any
	for i, data := range [][]byte{original, modified, current} {
		if len(data) == 0 {
			continue
		}
		v, ok := decodeLenient(data)
		if !ok {
			return fmt.Sprintf("cannot decode %s", data)
		}
		m, _ := v.(map[string]any)
		docs[i] = m
	}
	tw, err := CreateThreeWayValues(docs[0], docs[1], docs[2], ours(kubectl)...)
	if errText(err) != errText(wantErr) {
		return fmt.Sprintf("values: error %q, oracle %q", errText(err), errText(wantErr))
	}
	if wantErr != nil {
		// The oracle's patch went into its error message.
		return ""
	}
	w, _ := meaning(want)
	if !reflect.DeepEqual(any(tw.Patch), w) {
		return fmt.Sprintf("values: patch %#v, oracle %s", tw.Patch, want)
	}
	return ""
}

// compareApply checks Apply against json-patch's MergePatch.
func compareApply(current, patch []byte) string {
	want, wantErr := oracleApply(current, patch)
	if _, ok := wantErr.(*oraclePanic); ok {
		return ""
	}
	got, gotErr := Apply(current, patch)
	if errText(gotErr) != errText(wantErr) {
		return fmt.Sprintf("apply %s to %s: error ours %q, oracle %q", patch, current, errText(gotErr), errText(wantErr))
	}
	if wantErr == nil && !sameMeaning(got, want) {
		return fmt.Sprintf("apply %s to %s: ours %s, oracle %s", patch, current, got, want)
	}
	return ""
}
