package samples

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/timeline"
)

// handleTimeline is the Timeline mode's wasm: engine/api's session with
// engine/timeline's player, as wasm/timeline's main wires them.
func handleTimeline(requestJSON string) string {
	session := &api.Session{Timeline: new(timeline.Player).Respond}
	return session.Handle(requestJSON)
}

// timelineGolden is what a timeline sample must show: every step's
// output, and the objects in the cluster after the last step. The
// browser tests (web/e2e) check the page shows the same.
type timelineGolden struct {
	Steps   []timelineGoldenStep   `json:"steps"`
	Objects []timelineGoldenObject `json:"objects"`
}

type timelineGoldenStep struct {
	Command  string `json:"command"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exitCode"`
	Error    string `json:"error,omitempty"`
}

type timelineGoldenObject struct {
	Ref       string `json:"ref"`
	Namespace string `json:"namespace,omitempty"`
	YAML      string `json:"yaml"`
}

// playSample plays a timeline sample through engine/api's op "timeline"
// (engine/cluster underneath), as the page asks for it, the last step
// selected.
func playSample(t *testing.T, tl Timeline) timelineGolden {
	t.Helper()
	req := api.TimelineRequest{Op: api.OpTimeline, Namespace: tl.Namespace, Select: &api.TimelineSelect{Step: len(tl.Commands) - 1}}
	for _, c := range tl.Commands {
		req.Commands = append(req.Commands, api.TimelineCommand{Command: c.Command, Files: c.FileMap()})
	}
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var resp api.Response
	if err := json.Unmarshal([]byte(handleTimeline(string(b))), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error != nil || resp.Timeline == nil || resp.Timeline.Detail == nil {
		t.Fatalf("the timeline did not play: %+v", resp.Error)
	}
	var g timelineGolden
	for _, s := range resp.Timeline.Steps {
		g.Steps = append(g.Steps, timelineGoldenStep{s.Command, s.Stdout, s.Stderr, s.ExitCode, s.Error})
	}
	g.Objects = []timelineGoldenObject{}
	for _, o := range resp.Timeline.Detail.Objects {
		if o.AfterYAML != "" {
			g.Objects = append(g.Objects, timelineGoldenObject{o.Ref, o.Namespace, o.AfterYAML})
		}
	}
	return g
}

func TestTimelineSamplesGolden(t *testing.T) {
	all := Timelines()
	if len(all) == 0 {
		t.Fatal("no timeline samples")
	}
	for _, tl := range all {
		t.Run(tl.ID, func(t *testing.T) {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(playSample(t, tl)); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "timelines", tl.ID+".golden.json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./samples -run TestTimelineSamples -update)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("the timeline differs from %s (run go test ./samples -run TestTimelineSamples -update and review the diff):\n%s", path, buf.String())
			}
		})
	}
}

func TestTimelineSamplesLoad(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
	}{
		{"no index", map[string]string{}},
		{"listed twice", map[string]string{"timelines/index.yaml": "[a, a]", "timelines/a/timeline.yaml": "title: t\ndescription: d\ncommands: [{command: x}]\n"}},
		{"no commands", map[string]string{"timelines/index.yaml": "[a]", "timelines/a/timeline.yaml": "title: t\ndescription: d\n"}},
		{"unknown field", map[string]string{"timelines/index.yaml": "[a]", "timelines/a/timeline.yaml": "title: t\ndescription: d\ncommands: [{command: x}]\nextra: 1\n"}},
		{"missing folder", map[string]string{"timelines/index.yaml": "[b]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := loadTimelines(mapFS(tc.files)); err == nil {
				t.Error("loaded; want a LoadError")
			}
		})
	}
}

// The files of every embedded timeline are named: the page shows the
// name above each editor, and a command names them after -f.
func TestTimelineSamplesFilesAreNamed(t *testing.T) {
	for _, tl := range Timelines() {
		for i, c := range tl.Commands {
			for _, f := range c.Files {
				if f.Name == "" || f.Text == "" {
					t.Errorf("%s, command %d: a file without a name or text", tl.ID, i+1)
				}
			}
		}
	}
}
