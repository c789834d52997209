package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unsafe"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// The response is written by hand, byte for byte as a json.Encoder with
// SetEscapeHTML(false) writes it (TestEncodeMatchesEncodingJSON): the
// reflection-driven encoder was a tenth of a large keystroke's time in
// the browser, and most of its allocations.

// encode renders a response; the types here always encode.
func (h *Session) encode(r *Response) string {
	if h.encodeSizeHint == 0 {
		h.encodeSizeHint = 4096
	}
	b := appendResponse(make([]byte, 0, h.encodeSizeHint), r)
	h.encodeSizeHint = min(len(b)+len(b)/8+512, 64<<20)
	// b is not touched again: the string can share its bytes.
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func appendResponse(b []byte, r *Response) []byte {
	b = append(b, `{"version":`...)
	b = appendString(b, r.Version)
	if r.Seq != 0 {
		b = append(b, `,"seq":`...)
		b = strconv.AppendInt(b, int64(r.Seq), 10)
	}
	if r.Result != nil {
		b = append(b, `,"result":`...)
		b = appendResult(b, r.Result)
	}
	if r.Delta != nil {
		b = append(b, `,"delta":`...)
		b = appendDelta(b, r.Delta)
	}
	if e := r.Error; e != nil {
		b = append(b, `,"error":{"kind":`...)
		b = appendString(b, e.Kind)
		if e.Pane != "" {
			b = append(b, `,"pane":`...)
			b = appendString(b, e.Pane)
		}
		if e.Line != 0 {
			b = append(b, `,"line":`...)
			b = strconv.AppendInt(b, int64(e.Line), 10)
		}
		if e.Column != 0 {
			b = append(b, `,"column":`...)
			b = strconv.AppendInt(b, int64(e.Column), 10)
		}
		if e.Path != "" {
			b = append(b, `,"path":`...)
			b = appendString(b, e.Path)
		}
		b = append(b, `,"message":`...)
		b = appendString(b, e.Message)
		if e.Explanation != "" {
			b = append(b, `,"explanation":`...)
			b = appendString(b, e.Explanation)
		}
		if len(e.Fields) > 0 {
			b = append(b, `,"fields":`...)
			b = appendList(b, e.Fields, appendErrorField)
		}
		b = append(b, '}')
	}
	if r.Where != nil {
		b = append(b, `,"where":`...)
		b = appendWhere(b, r.Where)
	}
	if r.Timeline != nil {
		b = append(b, `,"timeline":`...)
		b = appendTimeline(b, r.Timeline)
	}
	return append(b, '}')
}

func appendErrorField(b []byte, f *Field) []byte {
	b = append(b, `{"path":`...)
	b = appendString(b, f.Path)
	b = append(b, `,"where":`...)
	b = appendWhere(b, f.Where)
	return append(b, '}')
}

func appendWhere(b []byte, w *Where) []byte {
	b = append(b, '{')
	first := true
	for _, f := range [...]struct {
		name string
		span *Span
	}{{`"lastApplied":`, w.LastApplied}, {`"file":`, w.File}, {`"live":`, w.Live}, {`"result":`, w.Result}, {`"patch":`, w.Patch}} {
		if f.span == nil {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, f.name...)
		b = append(b, `{"line":`...)
		b = strconv.AppendInt(b, int64(f.span.Line), 10)
		b = append(b, `,"endLine":`...)
		b = strconv.AppendInt(b, int64(f.span.EndLine), 10)
		b = append(b, '}')
	}
	return append(b, '}')
}

func appendResult(b []byte, r *Result) []byte {
	b = append(b, `{"action":`...)
	b = appendString(b, r.Action)
	b = append(b, `,"patchType":`...)
	b = appendString(b, r.PatchType)
	b = append(b, `,"patchTypeWhy":`...)
	b = appendString(b, r.PatchTypeWhy)
	b = append(b, `,"patchJSON":`...)
	b = appendString(b, r.PatchJSON)
	b = append(b, `,"patchYAML":`...)
	b = appendString(b, r.PatchYAML)
	b = append(b, `,"objectYAML":`...)
	b = appendString(b, r.ObjectYAML)
	b = append(b, `,"liveYAML":`...)
	b = appendString(b, r.LiveYAML)
	b = append(b, `,"lastApplied":`...)
	b = appendString(b, r.LastApplied)
	b = append(b, `,"lastAppliedSource":`...)
	b = appendString(b, r.LastAppliedSource)
	b = append(b, `,"derivedLastAppliedYAML":`...)
	b = appendString(b, r.DerivedLastAppliedYAML)
	b = append(b, `,"kubectlPatch":`...)
	b = appendString(b, r.KubectlPatch)
	b = append(b, `,"steps":`...)
	b = appendList(b, r.Steps, appendStep)
	b = append(b, `,"warnings":`...)
	b = appendList(b, r.Warnings, appendWarning)
	b = append(b, `,"directives":`...)
	b = appendList(b, r.Directives, appendDirective)
	b = appendElsewhere(b, r.Elsewhere)
	return append(b, '}')
}

// appendElsewhere writes `,"elsewhere":{…}`, nothing for nil.
func appendElsewhere(b []byte, e *engine.Elsewhere) []byte {
	if e == nil {
		return b
	}
	b = append(b, `,"elsewhere":{"namespace":`...)
	b = appendString(b, e.Namespace)
	b = append(b, `,"liveNamespace":`...)
	b = appendString(b, e.LiveNamespace)
	if e.Name != "" {
		b = append(b, `,"name":`...)
		b = appendString(b, e.Name)
	}
	if e.LiveName != "" {
		b = append(b, `,"liveName":`...)
		b = appendString(b, e.LiveName)
	}
	if e.FromFlag {
		b = append(b, `,"fromFlag":true`...)
	}
	b = append(b, `,"explanation":`...)
	b = appendString(b, e.Explanation)
	b = append(b, `,"kubectl":`...)
	b = appendString(b, e.Kubectl)
	return append(b, '}')
}

func appendDelta(b []byte, d *Delta) []byte {
	b = append(b, `{"base":`...)
	b = strconv.AppendInt(b, int64(d.Base), 10)
	b = append(b, `,"action":`...)
	b = appendString(b, d.Action)
	b = append(b, `,"patchType":`...)
	b = appendString(b, d.PatchType)
	b = append(b, `,"patchTypeWhy":`...)
	b = appendString(b, d.PatchTypeWhy)
	b = append(b, `,"lastAppliedSource":`...)
	b = appendString(b, d.LastAppliedSource)
	b = appendElsewhere(b, d.Elsewhere)
	b = append(b, `,"texts":`...)
	b = appendList(b, d.Texts, appendTextEdit)
	b = append(b, `,"lists":`...)
	b = appendList(b, d.Lists, appendListEdit)
	return append(b, '}')
}

func appendTextEdit(b []byte, e *TextEdit) []byte {
	b = appendEditHead(b, e.Field, e.At, e.Del)
	b = appendString(b, e.Ins)
	return append(b, '}')
}

func appendListEdit(b []byte, e *ListEdit) []byte {
	b = appendEditHead(b, e.Field, e.At, e.Del)
	switch ins := e.Ins.(type) {
	case []engine.Step:
		b = appendList(b, ins, appendStep)
	case []engine.Warning:
		b = appendList(b, ins, appendWarning)
	case []Directive:
		b = appendList(b, ins, appendDirective)
	default:
		panic("encoding the response: a list edit of " + e.Field + " holds an unknown type")
	}
	return append(b, '}')
}

func appendEditHead(b []byte, field string, at, del int) []byte {
	b = append(b, `{"field":`...)
	b = appendString(b, field)
	b = append(b, `,"at":`...)
	b = strconv.AppendInt(b, int64(at), 10)
	b = append(b, `,"del":`...)
	b = strconv.AppendInt(b, int64(del), 10)
	return append(b, `,"ins":`...)
}

// appendList appends xs as a JSON array, each element by appendOne, or
// null for a nil slice, as encoding/json writes them.
func appendList[T any](b []byte, xs []T, appendOne func(b []byte, x *T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendOne(b, &xs[i])
	}
	return append(b, ']')
}

func appendStep(b []byte, s *engine.Step) []byte {
	b = append(b, `{"phase":`...)
	b = strconv.AppendInt(b, int64(s.Phase), 10)
	b = append(b, `,"path":`...)
	b = appendString(b, s.Path)
	b = append(b, `,"rule":`...)
	b = appendString(b, s.Rule)
	if s.MergeKey != "" {
		b = append(b, `,"mergeKey":`...)
		b = appendString(b, s.MergeKey)
	}
	b = append(b, `,"row":{"inFile":`...)
	b = strconv.AppendBool(b, s.Row.InFile)
	b = append(b, `,"inLive":`...)
	b = strconv.AppendBool(b, s.Row.InLive)
	b = append(b, `,"inLastApplied":`...)
	b = strconv.AppendBool(b, s.Row.InLastApplied)
	b = append(b, `},"action":`...)
	b = appendString(b, s.Action)
	if len(s.Old) > 0 {
		b = append(b, `,"old":`...)
		b = appendRaw(b, s.Old)
	}
	if len(s.New) > 0 {
		b = append(b, `,"new":`...)
		b = appendRaw(b, s.New)
	}
	b = append(b, `,"why":`...)
	b = appendString(b, s.Why)
	return append(b, '}')
}

func appendWarning(b []byte, w *engine.Warning) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, w.Code)
	if w.Path != "" {
		b = append(b, `,"path":`...)
		b = appendString(b, w.Path)
	}
	b = append(b, `,"message":`...)
	b = appendString(b, w.Message)
	return append(b, '}')
}

func appendDirective(b []byte, d *Directive) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, d.Name)
	b = append(b, `,"path":`...)
	b = appendString(b, d.Path)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(d.Line), 10)
	b = append(b, `,"endLine":`...)
	b = strconv.AppendInt(b, int64(d.EndLine), 10)
	b = append(b, `,"meaning":`...)
	b = appendString(b, d.Meaning)
	return append(b, '}')
}

func appendString(b []byte, s string) []byte {
	return jsonvalue.AppendString(b, s, false)
}

// appendRaw appends JSON the engine encoded, compacted as encoding/json
// compacts a json.RawMessage. The engine's JSON is compact already; the
// scan only finds out, and anything else goes through json.Compact,
// which also validates it (it panics on invalid JSON: Handle turns that
// into an internal error, as encoding/json's error would have been).
func appendRaw(b []byte, raw []byte) []byte {
	if len(raw) == 0 {
		return append(b, "null"...)
	}
	if compact(raw) {
		return append(b, raw...)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		panic("encoding the response: " + err.Error())
	}
	return append(b, buf.Bytes()...)
}

// compact tells whether raw has no whitespace outside its strings and
// starts and ends like one JSON value.
func compact(raw []byte) bool {
	switch raw[0] {
	case '{', '[', '"', 't', 'f', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
	default:
		return false
	}
	inString := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case ' ', '\t', '\n', '\r':
			return false
		}
	}
	return !inString
}
