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
