package apiserver

import (
	"fmt"
	"strings"

	"github.com/applylens/applylens/engine/schema/typedschema"
	"github.com/applylens/applylens/engine/typedjson"
)

// Decode does what the API server's decoder does to a request body before
// anything else: the body is decoded into the kind's Go type
// (typedjson.Decode), which refuses a value the type cannot hold with the
// create handler's BadRequest, the decoder's first error in the body's
// (sorted) order ("Deployment in version "v1" cannot be handled as a
// Deployment: json: cannot unmarshal string into Go struct field
// DeploymentSpec.spec.replicas of type int32", a quantity's "quantities
// must match the regular expression ...", a Secret's "illegal base64
// data at input byte 0"). A body that decodes is then checked as the
// strict decoder (kubectl's default --validate=strict) checks it: fields
// the type does not declare are refused ("strict decoding error: unknown
// field \"spec.replica\""); with validation Warn or Ignore they are
// dropped, as the typed object has no place for them, and Warn returns
// the server's warnings. Then Canonicalize.
func Decode(obj map[string]any, validation string) (warnings []string, err *StatusError) {
	if err := typedjson.Decode(typedschema.Builtin, obj, decodeOptions(obj)); err != nil {
		return nil, cannotDecode(obj, err.Message)
	}
	// Then the strict decoder's check, after the decoding succeeded.
	if validation == "" || validation == FieldValidationStrict {
		if unknown := typedschema.Builtin.UnknownFields(obj); len(unknown) > 0 {
			return nil, cannotDecode(obj, "strict decoding error: "+strings.Join(unknownFieldMessages(unknown), ", "))
		}
	} else if unknown := typedschema.Builtin.DropUnknownFields(obj); validation == FieldValidationWarn {
		warnings = unknownFieldMessages(unknown)
	}
	Canonicalize(obj)
	return warnings, nil
}

// decodeOptions are the kind's: its group's defaulting rounds
// ResourceLists, except node.k8s.io's (RuntimeClass's overhead).
func decodeOptions(obj map[string]any) typedjson.Options {
	group, _ := splitGroupVersion(stringAt(obj, "apiVersion"))
	return typedjson.Options{RoundResourceLists: group != "node.k8s.io"}
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

// Canonicalize is the part of Decode that does not refuse: the values
// the typed object changes (quantities canonical, a ConfigMap's null
// value "", null fields as their zero values) and the fields its
// encoding omits (schema.Schema.DropEmpty on typedschema.Builtin). An update runs it on the
// object a patch produced, as the server decodes that too; a value there
// the type cannot hold is kept as it is (the patch handler's refusal is
// not simulated, see cluster.NotSimulated).
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
	_ = typedjson.Decode(typedschema.Builtin, obj, decodeOptions(obj))
	typedschema.Builtin.DropEmpty(obj)
}
