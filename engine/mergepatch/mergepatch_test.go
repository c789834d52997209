package mergepatch

import (
	"errors"
	"reflect"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

func TestCreateThreeWay(t *testing.T) {
	kubectl := KubectlPreconditions()
	cases := []struct {
		name                        string
		original, modified, current string
		pre                         []Precondition
		want                        string
		wantErr                     string
	}{
		{name: "unchanged", original: `{"a":1}`, modified: `{"a":1}`, current: `{"a":1,"s":2}`, want: `{}`},
		{name: "empty documents count as {}", want: `{}`},
		{name: "no original: no deletions", modified: `{"a":1}`, current: `{"b":2}`, want: `{"a":1}`},
		{name: "removed field is cleared", original: `{"a":1,"b":2}`, modified: `{"a":1}`, current: `{"a":1,"b":3}`, want: `{"b":null}`},
		{name: "removed field already gone is still cleared", original: `{"b":2}`, modified: `{}`, current: `{}`, want: `{"b":null}`},
		{name: "drifted field is reset", original: `{"a":1}`, modified: `{"a":1}`, current: `{"a":5}`, want: `{"a":1}`},
		{name: "lists are replaced whole", original: `{"l":[1,2]}`, modified: `{"l":[1,2,3]}`, current: `{"l":[1,2]}`, want: `{"l":[1,2,3]}`},
		{name: "nested deletion and change", original: `{"m":{"x":1,"y":2}}`, modified: `{"m":{"x":2}}`, current: `{"m":{"x":1,"y":2,"z":3}}`, want: `{"m":{"x":2,"y":null}}`},
		{name: "1.0 equals 1 while diffing", original: `{}`, modified: `{"a":1.0}`, current: `{"a":1}`, want: `{}`},
		{name: "float written back as an integer", modified: `{"a":2.0}`, current: `{}`, want: `{"a":2}`},
		{name: "1e3 becomes 1000", modified: `{"a":1e3}`, current: `{}`, want: `{"a":1000}`},
		{name: "big integer loses precision", modified: `{"a":9007199254740993}`, current: `{}`, want: `{"a":9007199254740992}`},
		{name: "big integer equal as float64 is no change", modified: `{"a":12345678901234567891}`, current: `{"a":12345678901234567890}`, want: `{}`},
		{name: "beyond int64 stays a float", modified: `{"a":12345678901234567891}`, current: `{}`, want: `{"a":12345678901234567000}`},
		{name: "huge float uses an exponent", modified: `{"a":1e21}`, current: `{}`, want: `{"a":1e+21}`},
		{name: "nulls in the file are deletions", modified: `{"m":{"x":null},"n":{"y":null,"z":1}}`, current: `{}`, want: `{"m":{"x":null},"n":{"y":null,"z":1}}`},
		{name: "added empty object is kept", modified: `{"m":{}}`, current: `{}`, want: `{"m":{}}`},
		{name: "nulls in list elements are pruned", modified: `{"l":[{"a":null,"b":1},null]}`, current: `{}`, want: `{"l":[{"b":1},null]}`},
		{name: "html is escaped", modified: `{"a":"<b>&"}`, current: `{}`, want: `{"a":"\u003cb\u003e\u0026"}`},
		{name: "kubectl: kind change fails", original: `{"kind":"A"}`, modified: `{"kind":"B"}`, current: `{"kind":"A"}`, pre: kubectl,
			wantErr: "precondition failed for: map[kind:B]"},
		{name: "kubectl: name change fails", original: `{"metadata":{"name":"a"}}`, modified: `{"metadata":{"name":"b"},"n":1.5}`, current: `{"metadata":{"name":"a"}}`, pre: kubectl,
			wantErr: "precondition failed for: map[metadata:map[name:b] n:1.5]"},
		{name: "kubectl: removing apiVersion fails", original: `{"apiVersion":"v1"}`, modified: `{}`, current: `{"apiVersion":"v1"}`, pre: kubectl,
			wantErr: "precondition failed for: map[apiVersion:<nil>]"},
		{name: "kubectl: other changes pass", original: `{"kind":"A","metadata":{"name":"a"}}`, modified: `{"kind":"A","metadata":{"name":"a","labels":{"x":"y"}}}`, current: `{"kind":"A","metadata":{"name":"a"}}`, pre: kubectl,
			want: `{"metadata":{"labels":{"x":"y"}}}`},
		{name: "invalid JSON", modified: `{`, wantErr: "Invalid JSON Document"},
		{name: "not an object", current: `"x"`, wantErr: "Invalid JSON Document"},
		{name: "list against object", current: `[]`, modified: `{}`, wantErr: "Mismatched JSON Documents"},
		{name: "original list against object", original: `[{}]`, modified: `{}`, wantErr: "Mismatched JSON Documents"},
		{name: "two lists", current: `[{}]`, modified: `[{"a":1}]`, wantErr: "json: cannot unmarshal array into Go value of type map[string]interface {}"},
		{name: "two lists of different length", current: `[{}]`, modified: `[]`, wantErr: "Invalid JSON Document"},
		{name: "number out of float64 range", modified: `{"a":1e400}`, wantErr: "Invalid JSON Document"},
		{name: "null documents count as empty", original: `null`, modified: `{"a":1}`, current: `null`, want: `{"a":1}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CreateThreeWay([]byte(c.original), []byte(c.modified), []byte(c.current), c.pre...)
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Fatalf("error = %v, want %q (patch %s)", err, c.wantErr, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if string(got) != c.want {
				t.Errorf("patch = %s, want %s", got, c.want)
			}
		})
	}
}

func TestPreconditionErrorIsTyped(t *testing.T) {
	tw, err := CreateThreeWayValues(
		map[string]any{"kind": "A"}, map[string]any{"kind": "B"}, map[string]any{"kind": "A"},
		KubectlPreconditions()...)
	if !IsPreconditionFailed(err) {
		t.Fatalf("error = %v, want a failed precondition", err)
	}
	if tw == nil || !reflect.DeepEqual(tw.Patch, map[string]any{"kind": "B"}) {
		t.Errorf("patch with the error = %#v, want kind: B", tw)
	}
	if IsPreconditionFailed(ErrBadJSONDoc) {
		t.Error("IsPreconditionFailed(ErrBadJSONDoc) = true")
	}
}

func TestCreateThreeWayValues(t *testing.T) {
	original := map[string]any{"keep": "x", "gone": int64(1), "m": map[string]any{"a": int64(1), "b": "old"}}
	modified := map[string]any{"keep": "x", "m": map[string]any{"a": 1.0}, "new": []any{map[string]any{"n": nil}}}
	current := map[string]any{"keep": "y", "gone": int64(1), "m": map[string]any{"a": int64(1), "b": "old"}, "status": "s"}
	snapshot := jsonvalue.Copy(map[string]any{"o": original, "m": modified, "c": current})

	tw, err := CreateThreeWayValues(original, modified, current)
	if err != nil {
		t.Fatal(err)
	}
	want := ThreeWay{
		Deletions: map[string]any{"gone": nil, "m": map[string]any{"b": nil}},
		Changes:   map[string]any{"keep": "x", "new": []any{map[string]any{"n": nil}}},
		Patch:     map[string]any{"gone": nil, "keep": "x", "m": map[string]any{"b": nil}, "new": []any{map[string]any{}}},
	}
	if !reflect.DeepEqual(*tw, want) {
		t.Errorf("got  %#v\nwant %#v", *tw, want)
	}
	if !reflect.DeepEqual(snapshot, map[string]any{"o": original, "m": modified, "c": current}) {
		t.Error("inputs were modified")
	}
	if _, err := CreateThreeWayValues(nil, map[string]any{"a": 1}, nil); err == nil {
		t.Error("an int (not decoded JSON) was accepted")
	}
}

func TestApply(t *testing.T) {
	cases := []struct {
		name           string
		current, patch string
		want           string
		wantErr        error
	}{
		{name: "set, change and delete", current: `{"a":1,"b":2,"c":3}`, patch: `{"a":9,"b":null,"d":4}`, want: `{"a":9,"c":3,"d":4}`},
		{name: "objects merge", current: `{"m":{"x":1,"y":2}}`, patch: `{"m":{"y":null,"z":3}}`, want: `{"m":{"x":1,"z":3}}`},
		{name: "lists replace", current: `{"l":[1,2,3]}`, patch: `{"l":[4]}`, want: `{"l":[4]}`},
		{name: "deleting a missing key", current: `{}`, patch: `{"a":null}`, want: `{}`},
		{name: "new object loses nested nulls", current: `{}`, patch: `{"m":{"a":null,"b":{"c":null}}}`, want: `{"m":{"b":{}}}`},
		{name: "object replacing a scalar loses nulls", current: `{"m":1}`, patch: `{"m":{"a":null,"b":1}}`, want: `{"m":{"b":1}}`},
		{name: "list elements keep nulls, their objects do not", current: `{}`, patch: `{"l":[null,{"a":null,"b":[{"c":null}]}]}`, want: `{"l":[null,{"b":[{}]}]}`},
		{name: "list replacing an object keeps nested nulls", current: `{"l":{"x":1}}`, patch: `{"l":[{"a":null}]}`, want: `{"l":[{"a":null}]}`},
		{name: "null current value is replaced", current: `{"m":null}`, patch: `{"m":{"a":null,"b":1}}`, want: `{"m":{"b":1}}`},
		{name: "numbers keep their meaning", current: `{"f":1.0,"g":1e3,"i":7,"big":12345678901234567891,"neg":-0.0}`, patch: `{"h":2.0}`,
			want: `{"big":12345678901234567000,"f":1.0,"g":1000.0,"h":2.0,"i":7,"neg":-0.0}`},
		{name: "unrepresentable numbers pass through", current: `{"a":1e400}`, patch: `{"b":1}`, want: `{"a":1e400,"b":1}`},
		{name: "document not an object: patch replaces it", current: `[1]`, patch: `{"a":null,"b":2}`, want: `{"b":2}`},
		{name: "list patch replaces anything", current: `{"a":1}`, patch: `[{"a":null},null]`, want: `[{},null]`},
		{name: "scalar patch", current: `{}`, patch: `1`, wantErr: ErrBadJSONPatch},
		{name: "null document", current: `null`, patch: `[1]`, wantErr: ErrBadJSONDoc},
		{name: "null patch", current: `{}`, patch: `null`, wantErr: ErrBadJSONPatch},
		{name: "invalid document", current: `{`, patch: `{`, wantErr: ErrBadJSONDoc},
		{name: "trailing data in patch", current: `{}`, patch: `{} x`, wantErr: ErrBadJSONPatch},
		{name: "empty patch", current: `{}`, patch: ``, wantErr: ErrBadJSONPatch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Apply([]byte(c.current), []byte(c.patch))
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("error = %v, want %v", err, c.wantErr)
			}
			if string(got) != c.want {
				t.Errorf("result = %s, want %s", got, c.want)
			}
		})
	}
}

func TestApplyValueLeavesInputsAlone(t *testing.T) {
	current := map[string]any{"m": map[string]any{"x": int64(1), "y": int64(2)}, "k": "v"}
	patch := map[string]any{"m": map[string]any{"y": nil, "l": []any{map[string]any{"n": nil}}}}
	snapshot := jsonvalue.Copy([]any{current, patch})
	got, err := ApplyValue(current, patch)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"m": map[string]any{"x": int64(1), "l": []any{map[string]any{}}}, "k": "v"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
	if !reflect.DeepEqual(snapshot, []any{current, patch}) {
		t.Error("inputs were modified")
	}
}

func TestConflicts(t *testing.T) {
	cases := []struct {
		name        string
		left, right any
		want        bool
	}{
		{name: "disjoint keys", left: map[string]any{"a": int64(1)}, right: map[string]any{"b": nil}, want: false},
		{name: "same scalar", left: map[string]any{"a": "x"}, right: map[string]any{"a": "x"}, want: false},
		{name: "value against null", left: map[string]any{"a": "x"}, right: map[string]any{"a": nil}, want: true},
		{name: "int against float", left: int64(0), right: 0.0, want: true},
		{name: "object against null", left: map[string]any{"a": map[string]any{}}, right: map[string]any{"a": nil}, want: true},
		{name: "lists of different length", left: []any{int64(1)}, right: []any{}, want: true},
		{name: "equal lists", left: []any{int64(1)}, right: []any{int64(1)}, want: false},
		{name: "nested objects merge", left: map[string]any{"m": map[string]any{"a": int64(1)}}, right: map[string]any{"m": map[string]any{"b": nil}}, want: false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, pair := range [][2]any{{c.left, c.right}, {c.right, c.left}} {
				got, err := conflicts(pair[0], pair[1])
				if err != nil {
					t.Fatal(err)
				}
				if got != c.want {
					t.Errorf("conflicts(%v, %v) = %v, want %v", pair[0], pair[1], got, c.want)
				}
			}
		})
	}
	if _, err := conflicts(map[string]any{"a": 1}, map[string]any{"a": 1}); err == nil {
		t.Error("an int (not decoded JSON) was accepted")
	}
}

func TestConflictErrorMessage(t *testing.T) {
	err := &ErrConflict{Changes: map[string]any{"a": "x"}, Deletions: map[string]any{"a": nil}}
	want := "patch:\na: x\n\nconflicts with changes made from original to current:\na: null\n\n"
	if err.Error() != want {
		t.Errorf("message = %q, want %q", err.Error(), want)
	}
}
