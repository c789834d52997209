//go:build !js

package strategic_test

import (
	"encoding/json"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/strategic"
	"k8s.io/apimachinery/pkg/util/mergepatch"
)

// The --overwrite=false conflict message writes the patch and the changes
// as YAML: the same text as apimachinery's (mergepatch.ToYAMLOrError,
// sigs.k8s.io/yaml's Marshal), values that YAML quotes, folds or writes
// as blocks included.
func TestConflictMessageMatchesApimachinery(t *testing.T) {
	tests := []struct {
		name, patch, changed string
	}{
		{"scalars", `{"spec":{"replicas":3,"paused":true,"x":null}}`, `{"spec":{"replicas":2}}`},
		{"strings YAML would misread", `{"a":"123","b":"true","c":"~","d":"0x1F","e":"1:20","f":"- x","g":"","h":"null","i":"1e3"}`, `{"a":"yes"}`},
		{"floats", `{"a":1.5,"b":1e21,"c":-0.25,"d":100000000000000000000}`, `{"a":0.1}`},
		{"multi-line and long strings", `{"a":"line1\nline2\n","b":"` + long + `","c":" leading space","d":"tab\there","e":"é ü \u2028"}`, `{"a":"x"}`},
		{"keys needing quotes and order", `{"b":1,"a":{"z":[1,"2",{"k":"v"}],"10":1,"9":2,"-":3,"key: x":4}}`, `{"a":{"z":[]}}`},
		{"empty collections", `{"a":{},"b":[],"c":[{}]}`, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patch, err := jsonvalue.DecodeObject([]byte(tt.patch))
			if err != nil {
				t.Fatal(err)
			}
			changed, err := jsonvalue.DecodeObject([]byte(tt.changed))
			if err != nil {
				t.Fatal(err)
			}
			got := (&strategic.ErrConflict{Patch: patch, Changed: changed}).Error()
			var theirsPatch, theirsChanged map[string]any
			if err := json.Unmarshal([]byte(tt.patch), &theirsPatch); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tt.changed), &theirsChanged); err != nil {
				t.Fatal(err)
			}
			want := mergepatch.NewErrConflict(mergepatch.ToYAMLOrError(theirsPatch), mergepatch.ToYAMLOrError(theirsChanged)).Error()
			if got != want {
				t.Errorf("message\n%s\nwant\n%s", got, want)
			}
		})
	}
}

var long = func() string {
	s := ""
	for i := 0; i < 30; i++ {
		s += "word" + string(rune('a'+i%26)) + " "
	}
	return s
}()
