package explain

import (
	"errors"
	"reflect"
	"testing"
)

func TestPath(t *testing.T) {
	tests := []struct {
		name string
		path Path
		text string
	}{
		{"empty", nil, ""},
		{"plain keys", Path{}.Key("spec").Key("replicas"), "spec.replicas"},
		{"merge key", Path{}.Key("spec").Key("containers").Keyed("name", "nginx").Key("image"), "spec.containers[name=nginx].image"},
		{"numeric merge key", Path{}.Key("ports").Keyed("containerPort", int64(80)), "ports[containerPort=80]"},
		{"string merge key that reads as a number", Path{}.Key("ports").Keyed("name", "80"), `ports[name="80"]`},
		{"string merge key that reads as a bool", Path{}.Key("c").Keyed("name", "true"), `c[name="true"]`},
		{"merge key with brackets", Path{}.Key("c").Keyed("name", "a]b"), `c[name="a]b"]`},
		{"empty merge key value", Path{}.Key("c").Keyed("name", ""), `c[name=""]`},
		{"index", Path{}.Key("args").Index(2), "args[2]"},
		{"dotted key", Path{}.Key("metadata").Key("annotations").Key(LastAppliedAnnotation), annotationPath},
		{"slash key", Path{}.Key("labels").Key("app.kubernetes.io/name"), `labels["app.kubernetes.io/name"]`},
		{"quote in key", Path{}.Key("a").Key(`x"y`), `a["x\"y"]`},
		{"empty key", Path{}.Key("a").Key(""), `a[""]`},
		{"root quoted key", Path{}.Key("a.b").Key("c"), `["a.b"].c`},
		{"dash and underscore stay plain", Path{}.Key("x-y_z"), "x-y_z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.path.String(); got != tc.text {
				t.Errorf("String() = %s, want %s", got, tc.text)
			}
			back, err := ParsePath(tc.text)
			if err != nil {
				t.Fatalf("ParsePath(%s): %v", tc.text, err)
			}
			if len(back) != len(tc.path) || (len(back) > 0 && !reflect.DeepEqual(back, tc.path)) {
				t.Errorf("ParsePath(%s) = %#v, want %#v", tc.text, back, tc.path)
			}
		})
	}
}

func TestPathWithCopies(t *testing.T) {
	base := Path{}.Key("a").Key("b")
	x, y := base.Key("x"), base.Key("y")
	if x.String() != "a.b.x" || y.String() != "a.b.y" {
		t.Errorf("siblings alias: %s, %s", x, y)
	}
}

func TestParsePathErrors(t *testing.T) {
	for _, text := range []string{"a..b", "a[", "a[x", `a["x`, "a[-1]", "a[name=]", ".a", "a b", "a[na me=x]"} {
		t.Run(text, func(t *testing.T) {
			_, err := ParsePath(text)
			var pe *PathError
			if !errors.As(err, &pe) {
				t.Errorf("ParsePath(%q) error = %v, want *PathError", text, err)
			}
		})
	}
}

// TestPathStack checks that the walkers' path renders as Path does after
// any sequence of pushes and pops, whatever it rendered before.
func TestPathStack(t *testing.T) {
	type op struct {
		push *Segment // nil: pop
		text string   // the text after the op; "-" skips rendering
	}
	push := func(s Segment, text string) op { return op{&s, text} }
	pop := func(text string) op { return op{nil, text} }
	tests := []struct {
		name string
		ops  []op
	}{
		{"keys", []op{push(Segment{Key: "spec"}, "spec"), push(Segment{Key: "replicas"}, "spec.replicas"), pop("spec"), pop("")}},
		{"siblings after a render", []op{
			push(Segment{Key: "a"}, "-"), push(Segment{Key: "x"}, "a.x"), pop("-"), push(Segment{Key: "y"}, "a.y"),
		}},
		{"pop below what was rendered", []op{
			push(Segment{Key: "a"}, "-"), push(Segment{Key: "b"}, "-"), push(Segment{Key: "c"}, "a.b.c"),
			pop("-"), pop("-"), push(Segment{Key: "d.e"}, `a["d.e"]`),
		}},
		{"merge key, index and quoted root", []op{
			push(Segment{Key: "a.b"}, `["a.b"]`), push(Segment{MergeKey: "name", Value: "web"}, `["a.b"][name=web]`),
			push(Segment{Index: 3, IsIndex: true}, `["a.b"][name=web][3]`), pop("-"), pop(`["a.b"]`),
			push(Segment{MergeKey: "port", Value: int64(8080)}, `["a.b"][port=8080]`),
		}},
		{"empty again", []op{push(Segment{Key: "a"}, "a"), pop(""), push(Segment{Key: "b"}, "b")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p pathStack
			for i, o := range tc.ops {
				if o.push != nil {
					p.push(*o.push)
				} else {
					p.pop()
				}
				if o.text == "-" {
					continue
				}
				if got, want := p.String(), p.segs.String(); got != want || got != o.text {
					t.Errorf("op %d: String() = %s, Path gives %s, want %s", i, got, want, o.text)
				}
			}
		})
	}
}

// TestBareType covers the strings the fast path turns away before
// strconv sees them.
func TestBareType(t *testing.T) {
	tests := []struct {
		in   string
		want any
	}{
		{"", nil}, {"true", true}, {"false", false}, {"null", nil}, {"abc", nil}, {"-", nil},
		{"12", int64(12)}, {"+1", int64(1)}, {"-7", int64(-7)}, {".5", 0.5}, {"-.5", -0.5}, {"1e3", 1e3},
		{"0x1p3", 8.0}, {"12a", nil}, {"+1.5", nil}, {"inf", nil}, {"Inf", nil}, {"+Inf", nil}, {"-inf", nil},
		{"NaN", nil}, {"nan", nil}, {"infinity", nil}, {"1_000", 1000.0}, {"_1", nil},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := bareType(tc.in); got != tc.want {
				t.Errorf("bareType(%q) = %#v, want %#v", tc.in, got, tc.want)
			}
		})
	}
}
