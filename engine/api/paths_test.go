package api

import (
	"reflect"
	"testing"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/explain"
)

// TestPathSyntaxShared keeps the directive paths written here (with
// engine/document) in the syntax of the steps' paths (engine/explain), and
// checks that document.ParsePath reads what explain writes.
func TestPathSyntaxShared(t *testing.T) {
	keys := []string{"spec", "kubectl.kubernetes.io/last-applied-configuration", "$setElementOrder/containers", "$patch", "a b", "", "x\"y", "é", "a:b", "with-dash_and_9"}
	values := []any{"nginx", "80", "true", "", "a b", "/etc/x", "my.app", "1.5", "inf", "+5", int64(80), 1.5, true}
	for _, k := range keys {
		ours := document.AppendKey(document.AppendKey("", "root"), k)
		theirs := explain.Path{}.Key("root").Key(k).String()
		if ours != theirs {
			t.Errorf("key %q: document writes %s, explain %s", k, ours, theirs)
		}
		segs, err := document.ParsePath(theirs)
		if err != nil || len(segs) != 2 || segs[1].Key != k {
			t.Errorf("ParsePath(%s) = %+v, %v", theirs, segs, err)
		}
	}
	for _, v := range values {
		ours := document.AppendSelector("list", "name", v)
		theirs := explain.Path{}.Key("list").Keyed("name", v).String()
		if ours != theirs {
			t.Errorf("value %#v: document writes %s, explain %s", v, ours, theirs)
		}
		segs, err := document.ParsePath(theirs)
		if err != nil || len(segs) != 2 || segs[1].Kind != document.SegSelector || !document.MatchValue(v, segs[1].Value) {
			t.Errorf("ParsePath(%s) = %+v, %v", theirs, segs, err)
		}
	}
	if got, want := document.AppendIndex("args", 2), (explain.Path{}.Key("args").Index(2).String()); got != want {
		t.Errorf("index: %s vs %s", got, want)
	}
	p, err := explain.ParsePath(document.AppendSelector(document.AppendKey("spec", "containers"), "name", "web"))
	if err != nil || !reflect.DeepEqual(p, explain.Path{}.Key("spec").Key("containers").Keyed("name", "web")) {
		t.Errorf("explain.ParsePath of our path: %v %v", p, err)
	}
}
