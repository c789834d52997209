package document

import (
	"reflect"
	"testing"
)

func TestParsePath(t *testing.T) {
	tests := []struct {
		name string
		path string
		want []Segment
		bad  bool
	}{
		{"empty", "", nil, false},
		{"keys", "spec.replicas", []Segment{{Kind: SegKey, Key: "spec"}, {Kind: SegKey, Key: "replicas"}}, false},
		{"selector", "spec.containers[name=nginx].image", []Segment{{Kind: SegKey, Key: "spec"}, {Kind: SegKey, Key: "containers"}, {Kind: SegSelector, Key: "name", Value: "nginx"}, {Kind: SegKey, Key: "image"}}, false},
		{"quoted selector", `ports[name="a]b"]`, []Segment{{Kind: SegKey, Key: "ports"}, {Kind: SegSelector, Key: "name", Value: `"a]b"`}}, false},
		{"index", "args[2]", []Segment{{Kind: SegKey, Key: "args"}, {Kind: SegIndex, Index: 2}}, false},
		{"quoted key", `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`, []Segment{{Kind: SegKey, Key: "metadata"}, {Kind: SegKey, Key: "annotations"}, {Kind: SegKey, Key: "kubectl.kubernetes.io/last-applied-configuration"}}, false},
		{"quoted key with escapes", `a["x\"y\u00e9"]`, []Segment{{Kind: SegKey, Key: "a"}, {Kind: SegKey, Key: "x\"yé"}}, false},
		{"directive key bare", "spec.$setElementOrder/containers", []Segment{{Kind: SegKey, Key: "spec"}, {Kind: SegKey, Key: "$setElementOrder/containers"}}, false},
		{"leading dot", ".a", nil, true},
		{"double dot", "a..b", nil, true},
		{"trailing dot", "a.", nil, true},
		{"unclosed bracket", "a[1", nil, true},
		{"negative index", "a[-1]", nil, true},
		{"junk after bracket", "a[1]b", nil, true},
		{"unclosed quote", `a["x]`, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePath(tt.path)
			if (err != nil) != tt.bad {
				t.Fatalf("err = %v, want error %v", err, tt.bad)
			}
			if !tt.bad && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestAppend(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"plain keys", AppendKey(AppendKey("", "spec"), "replicas"), "spec.replicas"},
		{"dotted key", AppendKey("metadata.annotations", "kubectl.kubernetes.io/last-applied-configuration"), `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`},
		{"slash key", AppendKey("spec", "$setElementOrder/containers"), `spec["$setElementOrder/containers"]`},
		{"empty key", AppendKey("data", ""), `data[""]`},
		{"key with html", AppendKey("", "a<b>.c"), `["a<b>.c"]`},
		{"index", AppendIndex("args", 3), "args[3]"},
		{"string selector", AppendSelector("containers", "name", "nginx"), "containers[name=nginx]"},
		{"number selector", AppendSelector("ports", "containerPort", int64(80)), "ports[containerPort=80]"},
		{"numeric string selector", AppendSelector("ports", "name", "80"), `ports[name="80"]`},
		{"boolean-like string", AppendSelector("x", "k", "true"), `x[k="true"]`},
		{"path-like string", AppendSelector("volumeMounts", "mountPath", "/etc/x"), `volumeMounts[mountPath=/etc/x]`},
		{"spaced string", AppendSelector("env", "name", "a b"), `env[name="a b"]`},
		{"colon key", AppendKey("data", "a:b"), `data["a:b"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %s, want %s", tt.got, tt.want)
			}
			if _, err := ParsePath(tt.got); err != nil {
				t.Errorf("ParsePath(%s): %v", tt.got, err)
			}
		})
	}
	for _, tc := range []struct {
		v     any
		raw   string
		match bool
	}{
		{"nginx", "nginx", true}, {"nginx", `"nginx"`, true}, {"80", "80", true}, {"80", `"80"`, true},
		{int64(80), "80", true}, {int64(80), `"80"`, false}, {true, "true", true}, {"a b", `"a b"`, true},
	} {
		if got := MatchValue(tc.v, tc.raw); got != tc.match {
			t.Errorf("MatchValue(%#v, %s) = %v, want %v", tc.v, tc.raw, got, tc.match)
		}
	}
}
