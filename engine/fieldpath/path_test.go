package fieldpath

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
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
		{"quoted selector field", `c["a.b"=x]`, []Segment{{Kind: SegKey, Key: "c"}, {Kind: SegSelector, Key: "a.b", Value: "x"}}, false},
		{"quoted key then junk", `c["a"x]`, nil, true},
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
			got, err := Parse(tt.path)
			if (err != nil) != tt.bad {
				t.Fatalf("err = %v, want error %v", err, tt.bad)
			}
			if !tt.bad && !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestPrint(t *testing.T) {
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"plain keys", Key(Key("", "spec"), "replicas"), "spec.replicas"},
		{"dotted key", Key("metadata.annotations", "kubectl.kubernetes.io/last-applied-configuration"), `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`},
		{"slash key", Key("spec", "$setElementOrder/containers"), `spec["$setElementOrder/containers"]`},
		{"empty key", Key("data", ""), `data[""]`},
		{"key with html", Key("", "a<b>.c"), `["a<b>.c"]`},
		{"index", Index("args", 3), "args[3]"},
		{"string selector", Selector("containers", "name", "nginx"), "containers[name=nginx]"},
		{"number selector", Selector("ports", "containerPort", int64(80)), "ports[containerPort=80]"},
		{"numeric string selector", Selector("ports", "name", "80"), `ports[name="80"]`},
		{"boolean-like string", Selector("x", "k", "true"), `x[k="true"]`},
		{"path-like string", Selector("volumeMounts", "mountPath", "/etc/x"), `volumeMounts[mountPath=/etc/x]`},
		{"spaced string", Selector("env", "name", "a b"), `env[name="a b"]`},
		{"colon key", Key("data", "a:b"), `data["a:b"]`},
		{"string null stays bare", Selector("c", "name", "null"), `c[name=null]`},
		{"merge key with brackets", Selector("c", "name", "a]b"), `c[name="a]b"]`},
		{"empty selector value", Selector("c", "name", ""), `c[name=""]`},
		{"float selector", Selector("c", "w", 1.5), `c[w=1.5]`},
		{"bool selector", Selector("c", "on", true), `c[on=true]`},
		{"quoted selector key", Selector("c", "a.b", "x"), `c["a.b"=x]`},
		{"quote in key", Key("a", `x"y`), `a["x\"y"]`},
		{"root quoted key", Key(Key("", "a.b"), "c"), `["a.b"].c`},
		{"dash and underscore stay plain", Key("", "x-y_z"), "x-y_z"},
		{"multi-byte key is quoted", Key("a", "é"), `a["é"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %s, want %s", tt.got, tt.want)
			}
			if _, err := Parse(tt.got); err != nil {
				t.Errorf("Parse(%s): %v", tt.got, err)
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

// TestAppendMatchesStrings: the byte appenders a walker keeps one buffer
// with write what the string builders write.
func TestAppendMatchesStrings(t *testing.T) {
	tests := []struct {
		name     string
		bytes    []byte
		str      string
		wantText string
	}{
		{"key at the root", AppendKey(nil, "spec"), Key("", "spec"), "spec"},
		{"key after a key", AppendKey([]byte("spec"), "replicas"), Key("spec", "replicas"), "spec.replicas"},
		{"quoted key at the root", AppendKey(nil, "a.b"), Key("", "a.b"), `["a.b"]`},
		{"index", AppendIndex([]byte("args"), 2), Index("args", 2), "args[2]"},
		{"selector", AppendSelector([]byte("c"), "name", "web"), Selector("c", "name", "web"), "c[name=web]"},
		{"int selector", AppendSelector([]byte("p"), "port", int64(8080)), Selector("p", "port", int64(8080)), "p[port=8080]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if string(tt.bytes) != tt.str || tt.str != tt.wantText {
				t.Errorf("bytes %s, string %s, want %s", tt.bytes, tt.str, tt.wantText)
			}
		})
	}
}

// TestRoundTrip: what the printer writes, the parser reads back to a
// selector that matches the value printed and no value of another type.
func TestRoundTrip(t *testing.T) {
	values := []any{"nginx", "80", "true", "null", nil, "", "a b", "/etc/x", "my.app", "1.5", "inf", "+5", "a]b", `x"y`, int64(80), int64(-3), 1.5, true, false}
	for _, v := range values {
		t.Run(FormatValue(v), func(t *testing.T) {
			text := Selector(Key("", "list"), "name", v)
			segs, err := Parse(text)
			if err != nil || len(segs) != 2 || segs[1].Kind != SegSelector || segs[1].Key != "name" {
				t.Fatalf("Parse(%s) = %+v, %v", text, segs, err)
			}
			if !MatchValue(v, segs[1].Value) {
				t.Errorf("%s does not select %#v", text, v)
			}
			if s, ok := v.(string); ok {
				if other := stringTypedAs(s); other != nil && MatchValue(other, segs[1].Value) {
					t.Errorf("%s selects %#v as well as the string", text, other)
				}
			}
		})
	}
	keys := []string{"spec", "kubectl.kubernetes.io/last-applied-configuration", "$setElementOrder/containers", "$patch", "a b", "", "x\"y", "é", "a:b", "with-dash_and_9"}
	for _, k := range keys {
		t.Run("key "+k, func(t *testing.T) {
			text := Key(Key("", "root"), k)
			segs, err := Parse(text)
			if err != nil || len(segs) != 2 || segs[1].Kind != SegKey || segs[1].Key != k {
				t.Errorf("Parse(%s) = %+v, %v", text, segs, err)
			}
		})
	}
}

// stringTypedAs is the non-string scalar a string's text would be in
// JSON, or nil.
func stringTypedAs(s string) any {
	switch s {
	case "true":
		return true
	case "false":
		return false
	case "80":
		return int64(80)
	case "1.5":
		return 1.5
	}
	return nil
}

// TestBareValue covers the strings the fast path turns away before
// strconv sees them, and those it lets through.
func TestBareValue(t *testing.T) {
	tests := []struct {
		in   string
		bare bool
	}{
		{"", false}, {"true", false}, {"false", false}, {"null", true}, {"abc", true}, {"-", true},
		{"12", false}, {"+1", false}, {"-7", false}, {".5", false}, {"-.5", false}, {"1e3", false},
		{"0x1p3", false}, {"12a", true}, {"+1.5", true}, {"inf", true}, {"Inf", true}, {"+Inf", true}, {"-inf", true},
		{"NaN", true}, {"nan", true}, {"infinity", true}, {"1_000", false}, {"_1", true}, {"a b", false}, {"a=b", false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := bareValue(tc.in); got != tc.bare {
				t.Errorf("bareValue(%q) = %v, want %v", tc.in, got, tc.bare)
			}
		})
	}
}
