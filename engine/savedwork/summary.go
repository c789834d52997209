package savedwork

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Summarize names what a state holds, for the list and its search:
// "Deployment web" from the top-level kind and metadata.name of the
// state's file pane (fileSummary). A state saved in the Kustomize mode is
// its tree, not the file pane (which the mode does not show):
// kustomizeSummary; one saved in the Timeline mode is its commands:
// timelineSummary. "" when nothing is found.
func Summarize(state json.RawMessage) string {
	var s struct {
		File      string `json:"file"`
		View      string `json:"view"`
		Kustomize *struct {
			Dir   string            `json:"dir"`
			Files []json.RawMessage `json:"files"`
		} `json:"kustomize"`
		Timeline *struct {
			Commands []timelineCommand `json:"commands"`
		} `json:"timeline"`
	}
	if json.Unmarshal(state, &s) != nil {
		return ""
	}
	if s.View == "kustomize" && s.Kustomize != nil {
		return kustomizeSummary(s.Kustomize.Dir, len(s.Kustomize.Files))
	}
	if s.View == "timeline" && s.Timeline != nil {
		return timelineSummary(s.Timeline.Commands)
	}
	return fileSummary(s.File)
}

// fileSummary reads a file's first kind and metadata.name (YAML or JSON,
// line by line without parsing: a half-typed pane still gets a summary).
func fileSummary(text string) string {
	kind, name := "", ""
	inMetadata, jsonMetadata := false, false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		indented := len(line) > 0 && (line[0] == ' ' || line[0] == '\t')
		switch {
		case !indented && strings.HasPrefix(trimmed, "kind:") && kind == "":
			kind = scalar(strings.TrimPrefix(trimmed, "kind:"))
		case !indented && trimmed != "":
			inMetadata = strings.HasPrefix(trimmed, "metadata:")
		case inMetadata && name == "" && strings.HasPrefix(trimmed, "name:") && indentOf(line) <= 4:
			name = scalar(strings.TrimPrefix(trimmed, "name:"))
		}
		// JSON on one or more lines: "kind": "X" and the first "name".
		if kind == "" {
			kind = jsonField(trimmed, `"kind"`)
		}
		if name == "" {
			rest := trimmed
			if i := strings.Index(rest, `"metadata"`); i >= 0 {
				jsonMetadata, rest = true, rest[i:]
			}
			if jsonMetadata {
				name = jsonField(rest, `"name"`)
			}
		}
	}
	return strings.TrimSpace(kind + " " + name)
}

func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// scalar reads a plain or quoted YAML scalar, dropping a trailing comment.
func scalar(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	v = strings.Trim(v, `"'`)
	if len(v) > 80 {
		v = truncateUTF8(v, 80)
	}
	return v
}

// jsonField finds `"key": "value"` in a line and returns value.
func jsonField(line, key string) string {
	i := strings.Index(line, key)
	if i < 0 {
		return ""
	}
	rest := strings.TrimSpace(line[i+len(key):])
	if !strings.HasPrefix(rest, ":") {
		return ""
	}
	rest = strings.TrimSpace(rest[1:])
	if !strings.HasPrefix(rest, `"`) {
		return ""
	}
	end := strings.Index(rest[1:], `"`)
	if end < 0 {
		return ""
	}
	return scalar(rest[1 : end+1])
}

// kustomizeSummary is the command the Kustomize mode runs and the size of
// its tree: "kubectl kustomize overlays/prod · 4 files" (the top is ".").
func kustomizeSummary(dir string, files int) string {
	dir = strings.Trim(dir, "/")
	if dir == "" {
		dir = "."
	}
	if len(dir) > 80 {
		dir = truncateUTF8(dir, 80)
	}
	unit := "files"
	if files == 1 {
		unit = "file"
	}
	return fmt.Sprintf("kubectl kustomize %s · %d %s", dir, files, unit)
}

// timelineCommand is one command of a saved timeline (web/timeline/model.js).
type timelineCommand struct {
	Command string `json:"command"`
	Files   []struct {
		Name string `json:"name"`
		Text string `json:"text"`
	} `json:"files"`
}

// timelineSummary is the size of a timeline and what it is about, as a
// user recognises it in a list of saves: "timeline · 3 commands ·
// Deployment web", the first object its files define (a kustomization
// file names none: its resources do), else its first command.
func timelineSummary(commands []timelineCommand) string {
	unit := "commands"
	if len(commands) == 1 {
		unit = "command"
	}
	head := fmt.Sprintf("timeline · %d %s", len(commands), unit)
	for _, c := range commands {
		for _, f := range c.Files {
			if object := fileSummary(f.Text); object != "" && !kustomizationKind(object) {
				return head + " · " + object
			}
		}
	}
	for _, c := range commands {
		if first := strings.Join(strings.Fields(c.Command), " "); first != "" {
			if len(first) > 60 {
				first = truncateUTF8(first, 60) + "…"
			}
			return head + " · " + first
		}
	}
	return head
}

// kustomizationKind tells a kustomization file's summary ("Kustomization",
// "Component", with or without a name) from an object's.
func kustomizationKind(summary string) bool {
	kind, _, _ := strings.Cut(summary, " ")
	return kind == "Kustomization" || kind == "Component"
}
