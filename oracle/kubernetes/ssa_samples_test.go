package kubernetes

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"github.com/applylens/applylens/samples"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"sigs.k8s.io/yaml"
)

var updateSamples = flag.Bool("update-samples", false, "rewrite samples/*/live.yaml from their history.yaml through the real field manager")

// historyStep is one request the API server handled, in a server-side
// sample's history.yaml: an apply or an update by a manager, at a time.
type historyStep struct {
	Manager     string `json:"manager"`
	Operation   string `json:"operation"` // Apply or Update
	Subresource string `json:"subresource,omitempty"`
	Time        string `json:"time"`
	// Object is the applied configuration (Apply) or the whole new object
	// (Update).
	Object map[string]any `json:"object"`
}

// TestServerSideSampleLive: the live object of every server-side sample
// (samples/<id>/live.yaml) is what the real field manager writes when it
// handles the requests of samples/<id>/history.yaml in order, managedFields
// and all; then the sample's own apply agrees with the real one.
// -update-samples writes live.yaml from the history.
func TestServerSideSampleLive(t *testing.T) {
	histories, err := filepath.Glob("../../samples/*/history.yaml")
	if err != nil || len(histories) == 0 {
		t.Fatalf("no histories (%v)", err)
	}
	for _, path := range histories {
		dir := filepath.Dir(path)
		id := filepath.Base(dir)
		t.Run(id, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			js, err := yaml.YAMLToJSON(data)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := jsonvalue.Decode(js)
			if err != nil {
				t.Fatal(err)
			}
			var live map[string]any
			for i, s := range raw.([]any) {
				step := s.(map[string]any)
				manager, _ := step["manager"].(string)
				op, _ := step["operation"].(string)
				sub, _ := step["subresource"].(string)
				at, err := time.Parse(time.RFC3339, step["time"].(string))
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				obj := step["object"].(map[string]any)
				fm := sampleFieldManager(t, obj, sub)
				liveU := emptyLive(obj)
				if live != nil {
					liveU = unstr(live)
				}
				switch op {
				case "Apply":
					out, err := fm.Apply(liveU, unstr(obj), manager, false)
					if err != nil {
						t.Fatalf("step %d: apply: %v", i, err)
					}
					live = stamp(t, asMap(t, out), at)
				case "Update":
					out, err := fm.Update(liveU, unstr(obj), manager)
					if err != nil {
						t.Fatalf("step %d: update: %v", i, err)
					}
					live = stamp(t, asMap(t, out), at)
				default:
					t.Fatalf("step %d: operation %q", i, op)
				}
			}
			delete(live, "status")
			liveJSON, err := jsonvalue.Encode(live)
			if err != nil {
				t.Fatal(err)
			}
			want, err := yaml.JSONToYAML(liveJSON)
			if err != nil {
				t.Fatal(err)
			}
			livePath := filepath.Join(dir, "live.yaml")
			if *updateSamples {
				if err := os.WriteFile(livePath, want, 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				got, err := os.ReadFile(livePath)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("%s is not what the field manager writes from history.yaml (run go test -run TestServerSideSampleLive -update-samples):\n%s", livePath, want)
				}
			}
			s, ok := samples.Get(id)
			if !ok || !s.ServerSide() {
				t.Fatalf("sample %s is not a server-side sample (meta.yaml flags.apply)", id)
			}
			file, err := yaml.YAMLToJSON([]byte(s.File))
			if err != nil {
				t.Fatal(err)
			}
			fileObj, err := jsonvalue.DecodeObject(file)
			if err != nil {
				t.Fatal(err)
			}
			if fileObj["metadata"].(map[string]any)["namespace"] == nil && serverside.Builtin(fileObj["apiVersion"].(string), fileObj["kind"].(string)) {
				t.Fatal("the file names no namespace: give one, so that the oracle applies what kubectl sends")
			}
			if ok, action := checkSSA(t, id, live, fileObj, s.Flags.FieldManager, s.Flags.ForceConflicts); !ok {
				t.Errorf("the engine and the field manager disagree (%s)", action)
			} else {
				t.Logf("%s: %s", id, action)
			}
		})
	}
}

// sampleFieldManager is fakeFieldManager for a subresource (the scale
// subresource an autoscaler writes replicas through).
func sampleFieldManager(t testing.TB, obj map[string]any, subresource string) *managedfields.FieldManager {
	if subresource == "" {
		return fakeFieldManager(t, obj)
	}
	gvk := gvkOf(obj)
	fm, err := managedfields.NewDefaultFieldManager(typeConverter(t), unconverted{}, undefaulted{}, emptyCreater{}, gvk, gvk.GroupVersion(), subresource, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fm
}
