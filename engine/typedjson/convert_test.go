package typedjson

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubectl/pkg/scheme"

	"github.com/applylens/applylens/engine/schema/typedschema"
)

// TestConvertMatchesTheRealConverter runs the typed cases through Convert
// and through apimachinery's FromUnstructuredWithValidation (strict) into
// the k8s.io/api type: the same error, or, converted, the same values
// (ToUnstructured of the typed object; an integer cut to its size).
func TestConvertMatchesTheRealConverter(t *testing.T) {
	cases := append(typedCases[:len(typedCases):len(typedCases)],
		struct{ name, yaml string }{"replicas int32 max+1 and an unknown field", deployHead + "spec:\n  replicas: 2147483648\n  replica: 1\n"},
		struct{ name, yaml string }{"unknown fields at two levels", deployHead + "spec:\n  zz: 1\n  template:\n    spec:\n      containers:\n      - {name: a, image: b, port: 80}\n"},
		struct{ name, yaml string }{"replicas 3.0", deployHead + "spec:\n  replicas: 3.0\n"},
	)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			obj := decodeCase(t, tc.yaml)
			realObj := decodeCase(t, tc.yaml)
			gv, err := schema.ParseGroupVersion(obj["apiVersion"].(string))
			if err != nil {
				t.Fatal(err)
			}
			typed, err := scheme.Scheme.New(gv.WithKind(obj["kind"].(string)))
			if err != nil {
				t.Fatal(err)
			}
			wantErr := ""
			if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(realObj, typed, true); err != nil {
				wantErr = err.Error()
			}
			gotErr := Convert(typedschema.Builtin, obj)
			if unknown := typedschema.Builtin.UnknownFields(obj); gotErr == "" && len(unknown) > 0 {
				var msgs []string
				for _, p := range unknown {
					msgs = append(msgs, fmt.Sprintf("unknown field %q", p))
				}
				sort.Strings(msgs)
				gotErr = "strict decoding error: " + strings.Join(msgs, ", ")
			}
			if gotErr != wantErr {
				t.Fatalf("error %q\n want %q", gotErr, wantErr)
			}
			if wantErr != "" {
				t.Log(wantErr)
				return
			}
			want, err := runtime.DefaultUnstructuredConverter.ToUnstructured(typed)
			if err != nil {
				t.Fatal(err)
			}
			if diffs := compareConverted("", obj, want); len(diffs) > 0 {
				t.Errorf("converted differently at %v", diffs)
			}
		})
	}
}

// compareConverted is compareStored for the numbers and strings Convert
// leaves (it does not canonicalise quantities or fill zero values).
func compareConverted(path string, got, want any) []string {
	switch g := got.(type) {
	case map[string]any:
		w, _ := want.(map[string]any)
		var out []string
		for k, v := range g {
			if wv, ok := w[k]; ok {
				out = append(out, compareConverted(path+"."+k, v, wv)...)
			}
		}
		return out
	case []any:
		w, _ := want.([]any)
		var out []string
		for i := range g {
			if i < len(w) {
				out = append(out, compareConverted(path, g[i], w[i])...)
			}
		}
		return out
	case int64:
		if w, ok := want.(int64); ok && w != g {
			return []string{path}
		}
	}
	return nil
}
