package apiserver

import (
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// Error types, as k8s.io/apimachinery's field.ErrorType names them in a
// Status cause, and their words in a message.
const (
	TypeRequired     = "FieldValueRequired"
	TypeInvalid      = "FieldValueInvalid"
	TypeNotSupported = "FieldValueNotSupported"
	TypeForbidden    = "FieldValueForbidden"
	TypeTooLong      = "FieldValueTooLong"
	TypeDuplicate    = "FieldValueDuplicate"
	TypeNotFound     = "FieldValueNotFound"
)

var typeWords = map[string]string{
	TypeRequired:     "Required value",
	TypeInvalid:      "Invalid value",
	TypeNotSupported: "Unsupported value",
	TypeForbidden:    "Forbidden",
	TypeTooLong:      "Too long",
	TypeDuplicate:    "Duplicate value",
	TypeNotFound:     "Not found",
}

// fieldError is one field.Error: value is the bad value already written as
// ErrorBody writes it ("" for the types that print none).
type fieldError struct {
	field, typ, value, detail string
}

// body is field.Error.ErrorBody.
func (e fieldError) body() string {
	s := typeWords[e.typ]
	if e.value != "" {
		s += ": " + e.value
	}
	if e.detail != "" {
		s += ": " + e.detail
	}
	return s
}

func required(path, detail string) fieldError {
	return fieldError{field: path, typ: TypeRequired, detail: detail}
}

func forbidden(path, detail string) fieldError {
	return fieldError{field: path, typ: TypeForbidden, detail: detail}
}

func invalid(path string, value any, detail string) fieldError {
	return fieldError{field: path, typ: TypeInvalid, value: badValue(value), detail: detail}
}

// notSupported is field.NotSupported: the value and the quoted valid ones.
func notSupported(path string, value any, valid ...string) fieldError {
	quoted := make([]string, len(valid))
	for i, v := range valid {
		quoted[i] = strconv.Quote(v)
	}
	return fieldError{field: path, typ: TypeNotSupported, value: badValue(value), detail: "supported values: " + strings.Join(quoted, ", ")}
}

// badValue writes a value as ErrorBody does: scalars with %v (strings
// quoted), the rest as JSON. A value already JSON-encoded is passed as
// rawJSON.
func badValue(v any) string {
	switch t := v.(type) {
	case rawJSON:
		return string(t)
	case string:
		return strconv.Quote(t)
	case int64:
		return strconv.FormatInt(t, 10)
	case bool:
		return strconv.FormatBool(t)
	case float64:
		return strconv.FormatFloat(t, 'g', -1, 64)
	}
	b, err := jsonvalue.Encode(v)
	if err != nil {
		return "?"
	}
	return string(b)
}

// rawJSON is a bad value already written as JSON.
type rawJSON string

// statusError builds the Invalid StatusError the server returns for errs,
// with the message kubectl prints for it.
func statusError(kind, group, name string, errs []fieldError) *StatusError {
	if len(errs) == 0 {
		return nil
	}
	se := &StatusError{Reason: "Invalid"}
	seen := map[string]bool{}
	var lines []string
	// Identical errors are reported once (the server's list of causes
	// comes out so for, e.g., two labels with the same bad value).
	for _, e := range errs {
		line := e.field + ": " + e.body()
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
			se.Causes = append(se.Causes, Cause{Field: e.field, Type: e.typ, Message: e.body()})
		}
	}
	qualified := kind
	if group != "" {
		qualified += "." + group
	}
	if len(lines) == 1 {
		se.ServerMessage = qualified + " " + strconv.Quote(name) + " is invalid: " + lines[0]
	} else {
		se.ServerMessage = qualified + " " + strconv.Quote(name) + " is invalid: [" + strings.Join(lines, ", ") + "]"
	}
	prefix := "The " + kind + " " + strconv.Quote(name) + " is invalid: "
	if len(lines) == 1 {
		se.Message = prefix + lines[0]
	} else {
		se.Message = prefix + "\n* " + strings.Join(lines, "\n* ")
	}
	return se
}

// selectorJSON writes a label selector as the typed metav1.LabelSelector
// encodes: matchLabels, then matchExpressions, fields in struct order.
func selectorJSON(sel map[string]any) rawJSON {
	var b strings.Builder
	b.WriteByte('{')
	if ml := objectAt(sel, "matchLabels"); len(ml) > 0 {
		b.WriteString(`"matchLabels":`)
		b.WriteString(badValue(stringMap(ml)))
	}
	if exprs := listAt(sel, "matchExpressions"); len(exprs) > 0 {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`"matchExpressions":[`)
		for i, e := range exprs {
			em, _ := e.(map[string]any)
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"key":` + strconv.Quote(stringAt(em, "key")) + `,"operator":` + strconv.Quote(stringAt(em, "operator")))
			if vs := listAt(em, "values"); len(vs) > 0 {
				b.WriteString(`,"values":` + badValue(vs))
			}
			b.WriteByte('}')
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return rawJSON(b.String())
}

// stringMap keeps the string values of a map[string]string field.
func stringMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}
