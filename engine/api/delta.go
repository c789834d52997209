package api

import (
	"bytes"
	"unicode/utf8"

	"github.com/applylens/applylens/engine"
)

// A keystroke changes a line or two of texts that run to megabytes for a
// large object, and few of its thousands of steps. Sending only the
// changes saves encoding them here, copying them out of the wasm and
// parsing them on the page's main thread, where they cost the most.

// Delta is a Result given as its changes from the result numbered Base,
// which the page holds.
type Delta struct {
	Base              int    `json:"base"`
	Action            string `json:"action"`
	PatchType         string `json:"patchType"`
	PatchTypeWhy      string `json:"patchTypeWhy"`
	LastAppliedSource string `json:"lastAppliedSource"`
	// Elsewhere is Result's, whole (absent when the result has none).
	Elsewhere *engine.Elsewhere `json:"elsewhere,omitempty"`
	// Texts are the string fields of Result that changed.
	Texts []TextEdit `json:"texts"`
	// Lists are the list fields of Result (steps, warnings, directives)
	// that changed.
	Lists []ListEdit `json:"lists"`
}

// TextEdit replaces Del characters at At of the string field Field with
// Ins. Offsets count UTF-16 code units, as JavaScript strings do (where
// each byte of invalid UTF-8 has become one U+FFFD).
type TextEdit struct {
	Field string `json:"field"`
	At    int    `json:"at"`
	Del   int    `json:"del"`
	Ins   string `json:"ins"`
}

// ListEdit replaces Del elements at At of the list field Field with Ins.
type ListEdit struct {
	Field string `json:"field"`
	At    int    `json:"at"`
	Del   int    `json:"del"`
	// Ins holds elements of the field's type: []engine.Step, []engine.Warning or
	// []Directive.
	Ins any `json:"ins"`
}

// heldResult is the last result a Session returned, which a request's
// Base can name, and its number.
type heldResult struct {
	seq    int
	result *Result
	idx    indexes
}

// answer numbers a new result and returns it whole, or as a delta when
// the page holds the previous one.
func (held *heldResult) answer(base int, r *Result, idx indexes) *Response {
	prev, prevSeq := held.result, held.seq
	held.seq++
	held.result, held.idx = r, idx
	if base != 0 && base == prevSeq && prev != nil {
		return &Response{Version: Version, Seq: held.seq, Delta: diffResults(prevSeq, prev, r)}
	}
	return &Response{Version: Version, Seq: held.seq, Result: r}
}

// diffResults returns the Delta that turns a into b.
func diffResults(base int, a, b *Result) *Delta {
	d := &Delta{Base: base, Action: b.Action, PatchType: b.PatchType, PatchTypeWhy: b.PatchTypeWhy,
		LastAppliedSource: b.LastAppliedSource, Elsewhere: b.Elsewhere, Texts: []TextEdit{}, Lists: []ListEdit{}}
	for _, f := range [...]struct {
		name string
		a, b string
	}{
		{"patchJSON", a.PatchJSON, b.PatchJSON},
		{"patchYAML", a.PatchYAML, b.PatchYAML},
		{"objectYAML", a.ObjectYAML, b.ObjectYAML},
		{"liveYAML", a.LiveYAML, b.LiveYAML},
		{"lastApplied", a.LastApplied, b.LastApplied},
		{"derivedLastAppliedYAML", a.DerivedLastAppliedYAML, b.DerivedLastAppliedYAML},
		{"kubectlPatch", a.KubectlPatch, b.KubectlPatch},
	} {
		if f.a != f.b {
			d.Texts = append(d.Texts, textEdit(f.name, f.a, f.b))
		}
	}
	if at, del, ins, ok := spliceOf(a.Steps, b.Steps, sameStep); ok {
		d.Lists = append(d.Lists, ListEdit{Field: "steps", At: at, Del: del, Ins: ins})
	}
	if at, del, ins, ok := spliceOf(a.Warnings, b.Warnings, func(x, y *engine.Warning) bool { return *x == *y }); ok {
		d.Lists = append(d.Lists, ListEdit{Field: "warnings", At: at, Del: del, Ins: ins})
	}
	if at, del, ins, ok := spliceOf(a.Directives, b.Directives, func(x, y *Directive) bool { return *x == *y }); ok {
		d.Lists = append(d.Lists, ListEdit{Field: "directives", At: at, Del: del, Ins: ins})
	}
	return d
}

// spliceOf finds the one replacement that turns a into b: everything
// between their common head and tail. ok is false when they are equal.
func spliceOf[T any](a, b []T, same func(x, y *T) bool) (at, del int, ins []T, ok bool) {
	n := min(len(a), len(b))
	for at < n && same(&a[at], &b[at]) {
		at++
	}
	if at == len(a) && at == len(b) {
		return 0, 0, nil, false
	}
	tail := 0
	for tail < n-at && same(&a[len(a)-1-tail], &b[len(b)-1-tail]) {
		tail++
	}
	ins = b[at : len(b)-tail]
	if ins == nil {
		ins = []T{}
	}
	return at, len(a) - tail - at, ins, true
}

func sameStep(x, y *engine.Step) bool {
	return x.Phase == y.Phase && x.Path == y.Path && x.Rule == y.Rule && x.MergeKey == y.MergeKey &&
		x.Row == y.Row && x.Action == y.Action && x.Why == y.Why &&
		bytes.Equal(x.Old, y.Old) && bytes.Equal(x.New, y.New)
}

// textEdit returns the edit that turns a into b: the part between their
// common prefix and suffix, cut at character boundaries of both.
func textEdit(field, a, b string) TextEdit {
	n := min(len(a), len(b))
	p := 0
	for p < n && a[p] == b[p] {
		p++
	}
	for p > 0 && (p < len(a) && continuation(a[p]) || p < len(b) && continuation(b[p])) {
		p--
	}
	q := 0
	for q < n-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	for q > 0 && (continuation(a[len(a)-q]) || continuation(b[len(b)-q])) {
		q--
	}
	return TextEdit{Field: field, At: utf16Len(a[:p]), Del: utf16Len(a[p : len(a)-q]), Ins: b[p : len(b)-q]}
}

func continuation(c byte) bool { return c&0xC0 == 0x80 }

// utf16Len is the length of s as a JavaScript string gets it through
// the JSON the page parses: valid runes are one or two code units, each
// byte of invalid UTF-8 one U+FFFD.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}
