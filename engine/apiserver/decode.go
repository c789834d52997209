package apiserver

import (
	"encoding/base64"
	"fmt"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine/schema"
)

// Decode does what the API server's decoder does to a request body before
// anything else, where the JSON-shaped object and the Go type it is
// decoded into disagree: for the cases the simulation knows, it refuses a
// value the type cannot hold, with the create handler's BadRequest
// ("Secret in version "v1" cannot be handled as a Secret: illegal base64
// data at input byte 0"), and it gives a value the type changes the value
// it gets (a ConfigMap's data value null becomes ""). encoding/json keeps
// the first error in the order of the body, which kubectl encodes with
// sorted keys, so the first bad key in sorted order is the one reported.
// A body that decodes is then checked as the strict decoder (kubectl's
// default --validate=strict) checks it: fields the type does not declare
// are refused ("strict decoding error: unknown field \"spec.replica\"");
// with validation Warn or Ignore they are dropped, as the typed object
// has no place for them, and Warn returns the server's warnings.
// Then the fields the typed encoding omits are dropped
// (schema.Schema.DropEmpty): readOnly: false, subPath: "", env: [].
func Decode(obj map[string]any, validation string) (warnings []string, err *StatusError) {
	if stringAt(obj, "apiVersion") == "v1" && stringAt(obj, "kind") == "Secret" {
		if err := decodeSecret(obj); err != "" {
			return nil, cannotDecode(obj, err)
		}
	}
	// Then the strict decoder's check, after the decoding succeeded.
	if validation == "" || validation == FieldValidationStrict {
		if unknown := schema.Builtin.UnknownFields(obj); len(unknown) > 0 {
			return nil, cannotDecode(obj, "strict decoding error: "+strings.Join(unknownFieldMessages(unknown), ", "))
		}
	} else if unknown := schema.Builtin.DropUnknownFields(obj); validation == FieldValidationWarn {
		warnings = unknownFieldMessages(unknown)
	}
	Canonicalize(obj)
	return warnings, nil
}

// The fieldValidation a request asks for: kubectl's --validate=strict
// (or true, the default), warn, ignore (or false).
const (
	FieldValidationStrict = "Strict"
	FieldValidationWarn   = "Warn"
	FieldValidationIgnore = "Ignore"
)

func unknownFieldMessages(paths []string) []string {
	msgs := make([]string, len(paths))
	for i, p := range paths {
		msgs[i] = fmt.Sprintf("unknown field %q", p)
	}
	return msgs
}

// cannotDecode is the create handler's BadRequest for a body its decoder
// refuses (transformDecodeError): `Deployment in version "v1" cannot be
// handled as a Deployment: <err>`.
func cannotDecode(obj map[string]any, err string) *StatusError {
	_, version := splitGroupVersion(stringAt(obj, "apiVersion"))
	kind := stringAt(obj, "kind")
	msg := fmt.Sprintf("%s in version %q cannot be handled as a %s: %s", kind, version, kind, err)
	return &StatusError{Reason: "BadRequest", Message: msg, ServerMessage: msg}
}

func splitGroupVersion(apiVersion string) (group, version string) {
	if i := strings.LastIndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// Canonicalize is the part of Decode that cannot fail: the values the
// typed object changes (a ConfigMap's null value becomes "") and the
// fields its encoding omits (schema.Schema.DropEmpty). An update runs it
// on the object a patch produced, as the server decodes that too.
func Canonicalize(obj map[string]any) {
	if stringAt(obj, "apiVersion") == "v1" && stringAt(obj, "kind") == "ConfigMap" {
		if data, ok := obj["data"].(map[string]any); ok {
			for k, v := range data {
				if v == nil {
					data[k] = ""
				}
			}
		}
	}
	schema.Builtin.DropEmpty(obj)
}

// decodeSecret is the decoding of a Secret's data (map[string][]byte: each
// value base64) and stringData (map[string]string); it returns the
// decoder's first error, or "".
func decodeSecret(obj map[string]any) string {
	for _, field := range []string{"data", "stringData"} { // the body's order
		m, ok := obj[field].(map[string]any)
		if !ok {
			continue
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch v := m[k].(type) {
			case nil:
			case string:
				if field == "data" {
					if _, err := base64.StdEncoding.DecodeString(v); err != nil {
						return err.Error()
					}
				}
			default:
				goType := "string"
				if field == "data" {
					goType = "[]uint8"
				}
				return fmt.Sprintf("json: cannot unmarshal %s into Go struct field Secret.%s of type %s", jsonTypeWord(v), field, goType)
			}
		}
	}
	return ""
}

// jsonTypeWord is encoding/json's word for a JSON value in an
// UnmarshalTypeError.
func jsonTypeWord(v any) string {
	switch v.(type) {
	case bool:
		return "bool"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	}
	return "number"
}
