package kustomize

import (
	"errors"
	"testing"
)

func TestMergeYAML(t *testing.T) {
	cases := []struct {
		name, object, patch, want string
		refused                   bool
	}{
		{name: "keyed list prepends the patch's element",
			object: "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n",
			patch:  "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: b\n",
			want:   "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: b\n      - name: a\n"},
		{name: "an added key keeps the patch's key style",
			object: "kind: ConfigMap\ndata:\n  '6443': a\n", patch: "kind: ConfigMap\ndata:\n  9110: b\n  'x': c\n",
			want: "kind: ConfigMap\ndata:\n  '6443': a\n  9110: b\n  'x': c\n"},
		{name: "an empty flow list takes the patch's block style",
			object: "kind: Foo\nspec:\n  items: []\n", patch: "kind: Foo\nspec:\n  items:\n  - a\n",
			want: "kind: Foo\nspec:\n  items:\n  - a\n"},
		{name: "a replaced value keeps the object's quoting (FieldSetter)",
			object: "kind: ConfigMap\ndata:\n  a: \"\"\n", patch: "kind: ConfigMap\ndata:\n  a: 2\n",
			want: "kind: ConfigMap\ndata:\n  a: \"2\"\n"},
		{name: "top-level delete deletes the object",
			object: "apiVersion: v1\nkind: ConfigMap\n", patch: "$patch: delete\n", want: ""},
		{name: "elements repeating their key leave one",
			object: "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n      - name: a\n",
			patch:  "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n",
			want:   "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n"},
		{name: "a scalar in a keyed list is refused",
			object:  "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - a\n",
			patch:   "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n",
			refused: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := MergeYAML(c.object, c.patch)
			if c.refused {
				var e *Error
				if !errors.As(err, &e) || e.Kind != ErrUnsupported {
					t.Fatalf("got %q, %v; want a refusal (ErrUnsupported)", got, err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestApplyJSON6902(t *testing.T) {
	cases := []struct{ name, object, ops, want, err string }{
		{name: "json ops", object: "kind: A\nspec:\n  r: 1\n", ops: `[{"op": "replace", "path": "/spec/r", "value": 2}]`,
			want: "kind: A\nspec:\n  r: 2\n"},
		{name: "yaml ops", object: "kind: A\nspec:\n  l: [x]\n", ops: "- op: add\n  path: /spec/l/-\n  value: z\n",
			want: "kind: A\nspec:\n  l:\n  - x\n  - z\n"},
		{name: "missing path", object: "kind: A\n", ops: `[{"op": "replace", "path": "/spec/n", "value": 2}]`,
			err: "replace operation does not apply: doc is missing path: /spec/n: missing value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ApplyJSON6902(c.object, c.ops)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("got %q, %v; want error %q", got, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
}
