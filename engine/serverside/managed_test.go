package serverside

import (
	"reflect"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
)

// The headers are the entries without their field sets, for well-formed
// entries and for the ones that take encoding/json's round trip.
func TestManagedHeaders(t *testing.T) {
	applied, err := Apply(Request{File: gen.ContainersDeployment(3, "1")})
	if err != nil {
		t.Fatal(err)
	}
	malformed := map[string]any{"metadata": map[string]any{"managedFields": []any{
		map[string]any{"manager": "m", "operation": "Update", "fieldsType": "FieldsV1", "fieldsV1": map[string]any{"f:data": map[string]any{}}, "extra": true},
	}}}
	for _, tc := range []struct {
		name       string
		obj        map[string]any
		withFields bool // the headers keep them (the round trip)
	}{
		{"well formed", applied.Object, false},
		{"a key the reader does not know", malformed, true},
		{"none", map[string]any{"metadata": map[string]any{}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			full, err := managedFieldsOf(tc.obj)
			if err != nil {
				t.Fatal(err)
			}
			headers, err := managedHeadersOf(tc.obj)
			if err != nil {
				t.Fatal(err)
			}
			if len(headers) != len(full) {
				t.Fatalf("%d headers, %d entries", len(headers), len(full))
			}
			for i := range full {
				if full[i].FieldsV1 == nil && len(full) > 0 {
					t.Fatalf("entry %d has no fields to leave out", i)
				}
				if (headers[i].FieldsV1 != nil) != tc.withFields {
					t.Errorf("entry %d: fields kept %t, want %t", i, headers[i].FieldsV1 != nil, tc.withFields)
				}
				want := full[i]
				if !tc.withFields {
					want.FieldsV1 = nil
				}
				if !reflect.DeepEqual(headers[i], want) {
					t.Errorf("entry %d: %+v, want %+v", i, headers[i], want)
				}
			}
		})
	}
}
