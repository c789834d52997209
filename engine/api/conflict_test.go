package api

import (
	"encoding/json"
	"os"
	"testing"
)

// --overwrite=false on the walkthrough: kubectl's conflict, with the
// conflicting field located in the live pane for the page to mark.
func TestConflictFields(t *testing.T) {
	t.Parallel()
	sess := new(Session)
	file, err := os.ReadFile("testdata/walkthrough/file.yaml")
	if err != nil {
		t.Fatal(err)
	}
	live, err := os.ReadFile("testdata/walkthrough/live.yaml")
	if err != nil {
		t.Fatal(err)
	}
	req, _ := json.Marshal(map[string]any{"op": "apply", "file": string(file), "live": string(live), "overwrite": false})
	var resp Response
	if err := json.Unmarshal([]byte(sess.Handle(string(req))), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error == nil || resp.Error.Kind != KindApply {
		t.Fatalf("error = %+v, want an apply error", resp.Error)
	}
	want := `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`
	if len(resp.Error.Fields) != 1 || resp.Error.Fields[0].Path != want {
		t.Fatalf("fields = %+v, want only %s", resp.Error.Fields, want)
	}
	w := resp.Error.Fields[0].Where
	if w == nil || w.Live == nil || w.Live.Line != 6 || w.File != nil {
		t.Errorf("where = %+v, want line 6 of the live pane and nothing in the file", w)
	}
}
