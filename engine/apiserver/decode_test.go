package apiserver

import (
	"reflect"
	"testing"
)

func TestDecode(t *testing.T) {
	secret := func(field string, m map[string]any) map[string]any {
		return map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": map[string]any{"name": "s"}, field: m}
	}
	cases := []struct {
		name string
		obj  map[string]any
		want string // the message, "" when decoded
	}{
		{"base64 data", secret("data", map[string]any{"a": "eA=="}), ""},
		{"data not base64", secret("data", map[string]any{"a": "eA==", "b": "not base64"}), `Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3`},
		{"the first bad key in sorted order", secret("data", map[string]any{"z": "!", "b": "ab!"}), `Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 2`},
		{"a number in data", secret("data", map[string]any{"a": int64(1)}), `Secret in version "v1" cannot be handled as a Secret: json: cannot unmarshal number into Go struct field Secret.data of type []uint8`},
		{"a number in stringData", secret("stringData", map[string]any{"port": int64(22)}), `Secret in version "v1" cannot be handled as a Secret: json: cannot unmarshal number into Go struct field Secret.stringData of type string`},
		{"a bool in stringData", secret("stringData", map[string]any{"on": true}), `Secret in version "v1" cannot be handled as a Secret: json: cannot unmarshal bool into Go struct field Secret.stringData of type string`},
		{"null values", secret("stringData", map[string]any{"a": nil}), ""},
		{"another kind", map[string]any{"apiVersion": "example.com/v1", "kind": "Secret", "data": map[string]any{"a": "!"}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, se := Decode(tc.obj, "")
			got := ""
			if se != nil {
				got = se.Message
				if se.Reason != "BadRequest" || se.ServerMessage != se.Message {
					t.Errorf("status %+v", se)
				}
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	cm := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "data": map[string]any{"a": nil, "b": "x"}}
	if _, se := Decode(cm, FieldValidationStrict); se != nil || !reflect.DeepEqual(cm["data"], map[string]any{"a": "", "b": "x"}) {
		t.Errorf("ConfigMap data %v, error %v; want a null value decoded as \"\"", cm["data"], se)
	}
}

func TestDecodeValidation(t *testing.T) {
	obj := func() map[string]any {
		return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c", "labelz": "x"}, "datta": map[string]any{}}
	}
	for _, tc := range []struct {
		validation string
		warnings   []string
		err        string
	}{
		{"", nil, `ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "datta", unknown field "metadata.labelz"`},
		{FieldValidationStrict, nil, `ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "datta", unknown field "metadata.labelz"`},
		{FieldValidationWarn, []string{`unknown field "datta"`, `unknown field "metadata.labelz"`}, ""},
		{FieldValidationIgnore, nil, ""},
	} {
		o := obj()
		warnings, se := Decode(o, tc.validation)
		got := ""
		if se != nil {
			got = se.Message
		}
		if got != tc.err || !reflect.DeepEqual(warnings, tc.warnings) {
			t.Errorf("%q: warnings %q, error %q; want %q, %q", tc.validation, warnings, got, tc.warnings, tc.err)
		}
		if se == nil && !reflect.DeepEqual(o, map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}}) {
			t.Errorf("%q: the unknown fields are kept: %v", tc.validation, o)
		}
	}
}
