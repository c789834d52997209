package samples

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"sort"
	"sync"
)

// timelineData holds timelines/index.yaml and one folder per timeline
// sample, each with a timeline.yaml.
//
//go:embed timelines/index.yaml timelines/*/timeline.yaml
var timelineData embed.FS

const (
	timelinesDir = "timelines"
	timelineFile = "timeline.yaml"
)

// Timeline is a sample of the page's Timeline mode: kubectl commands
// played in order on a simulated cluster.
type Timeline struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Namespace is the default namespace of the commands.
	Namespace string            `json:"namespace"`
	Commands  []TimelineCommand `json:"commands"`
}

// TimelineCommand is one command line and the files it reads.
type TimelineCommand struct {
	Command string `json:"command"`
	// Files are sorted by name.
	Files []TimelineFile `json:"files"`
}

// TimelineFile is a file a command names after -f (or a file inside a
// directory it names).
type TimelineFile struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// FileMap is the command's files by name, as engine/cluster reads them.
func (c TimelineCommand) FileMap() map[string]string {
	m := make(map[string]string, len(c.Files))
	for _, f := range c.Files {
		m[f.Name] = f.Text
	}
	return m
}

// timelineYAML is the schema of a timeline.yaml.
type timelineYAML struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Namespace   string `json:"namespace"`
	Commands    []struct {
		Command string            `json:"command"`
		Files   map[string]string `json:"files"`
	} `json:"commands"`
}

var loadedTimelines = sync.OnceValues(func() ([]Timeline, error) { return loadTimelines(timelineData) })

// Timelines returns the timeline samples in display order.
func Timelines() []Timeline {
	all, err := loadedTimelines()
	if err != nil {
		panic(err)
	}
	return append([]Timeline(nil), all...)
}

// TimelinesCategory is the gallery category of every timeline sample
// (web/gallery/categories.js lists it).
const TimelinesCategory = "timelines"

// TimelinesPageJSON returns the timelines as entries of the page's
// examples menu (web/examples/examples.js): id (prefixed "timeline-", apart from
// the single-apply samples' ids), title, description and the timeline in
// the page's form (web/timeline/model.js), the first step selected.
func TimelinesPageJSON() []json.RawMessage {
	type pageTimeline struct {
		Namespace string            `json:"namespace"`
		Commands  []TimelineCommand `json:"commands"`
		Selected  int               `json:"selected"`
	}
	type entry struct {
		ID          string       `json:"id"`
		Title       string       `json:"title"`
		Category    string       `json:"category"`
		Description string       `json:"description"`
		Timeline    pageTimeline `json:"timeline"`
	}
	var out []json.RawMessage
	for _, t := range Timelines() {
		out = append(out, pageEntry(entry{"timeline-" + t.ID, t.Title, TimelinesCategory, t.Description, pageTimeline{t.Namespace, t.Commands, 0}}))
	}
	return out
}

// pageEntry encodes an entry of the page's examples menu as the page
// reads it: compact, without HTML escaping.
func pageEntry(v any) json.RawMessage {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // entries hold strings, numbers and lists of them only
	}
	return json.RawMessage(bytes.TrimSpace(buf.Bytes()))
}

func loadTimelines(fsys fs.FS) ([]Timeline, error) {
	return loadIndexed(fsys, timelinesDir+"/"+indexFile, func(id string) (Timeline, error) { return loadTimeline(fsys, id) })
}

func loadTimeline(fsys fs.FS, id string) (Timeline, error) {
	var y timelineYAML
	name := timelinesDir + "/" + id + "/" + timelineFile
	if err := readYAML(fsys, name, &y); err != nil {
		return Timeline{}, &LoadError{Sample: id, File: timelineFile, Err: err}
	}
	if y.Title == "" || y.Description == "" || len(y.Commands) == 0 {
		return Timeline{}, &LoadError{Sample: id, File: timelineFile, Err: errors.New("title, description and commands are required")}
	}
	t := Timeline{ID: id, Title: y.Title, Description: y.Description, Namespace: y.Namespace}
	for _, c := range y.Commands {
		cmd := TimelineCommand{Command: c.Command, Files: []TimelineFile{}}
		for n, text := range c.Files {
			cmd.Files = append(cmd.Files, TimelineFile{Name: n, Text: text})
		}
		sort.Slice(cmd.Files, func(i, j int) bool { return cmd.Files[i].Name < cmd.Files[j].Name })
		t.Commands = append(t.Commands, cmd)
	}
	return t, nil
}
