package explain

import "testing"

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
		{"string merge key null stays bare", Path{}.Key("c").Keyed("name", "null"), `c[name=null]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.path.String(); got != tc.text {
				t.Errorf("String() = %s, want %s", got, tc.text)
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
