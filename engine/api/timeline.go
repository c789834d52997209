package api

import (
	"bytes"
	"encoding/json"

	"github.com/applylens/applylens/engine"
)

// OpTimeline plays a list of kubectl commands on a simulated cluster. The
// player (engine/timeline, with engine/cluster) is linked only into the
// Timeline mode's wasm, wasm/timeline: the single-apply page's first
// visit does not carry the simulated cluster. That wasm's main wires it
// into its Session (Session.Timeline).
const OpTimeline = "timeline"

// timelineResponse answers op "timeline" with the session's player.
func (h *Session) timelineResponse(requestJSON string) *Response {
	if h.Timeline == nil {
		return &Response{Version: Version, Error: &Error{Kind: KindInternal,
			Message: "this engine build has no timeline player (the Timeline mode runs wasm/timeline)"}}
	}
	return h.Timeline(requestJSON)
}

// RenderApply renders one apply of a timeline as op "apply" renders a
// result, from the panes that reproduce it (in: the texts, docs: their
// readings), with memos of its own (a Session's are left as they were).
func RenderApply(in engine.Input, docs engine.Panes, res *engine.Result) (*Result, error) {
	r, _, err := build(&liveRendering{}, in, docs, res)
	return r, err
}

// TimelineRequest is op "timeline": the commands, played in order on an
// empty cluster whose default namespace is Namespace.
type TimelineRequest struct {
	Op        string `json:"op"`
	Namespace string `json:"namespace"`
	// AllowPrivileged is the simulated API server's --allow-privileged;
	// absent means true, as kind and kubeadm set it.
	AllowPrivileged *bool             `json:"allowPrivileged,omitempty"`
	Commands        []TimelineCommand `json:"commands"`
	// Select asks for the details of one step (the objects before and
	// after it, and its applies rendered as op "apply" renders them).
	Select *TimelineSelect `json:"select,omitempty"`
	// WarmUp runs the selected (else the last) step of the last timeline
	// played again, changing nothing later requests see, and answers
	// with the version only. The worker calls it while the user reads,
	// so that the browser optimizes the wasm (see web/workers/wasm-worker.js).
	WarmUp bool `json:"warmUp,omitempty"`
}

// TimelineCommand is one command line and the files it may read (by the
// name given after -f).
type TimelineCommand struct {
	Command string            `json:"command"`
	Files   map[string]string `json:"files,omitempty"`
}

// TimelineSelect names the step whose details are wanted.
type TimelineSelect struct {
	Step int `json:"step"`
}

// Timeline is the answer to op "timeline": one summary per command, and
// the details of the selected step.
type Timeline struct {
	Steps []TimelineStep `json:"steps"`
	// Selected is the index of the step Detail describes; -1 without one.
	Selected int             `json:"selected"`
	Detail   *TimelineDetail `json:"detail,omitempty"`
}

// TimelineStep is what one command printed and changed.
type TimelineStep struct {
	Command  string `json:"command"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exitCode"`
	// Error is set when the command was not understood (the simulated
	// cluster does not know it): nothing ran.
	Error    string           `json:"error,omitempty"`
	Warnings []string         `json:"warnings"`
	Changes  []TimelineChange `json:"changes"`
}

// TimelineChange is one object the command created, changed or deleted.
type TimelineChange struct {
	// Ref is the object as kubectl names it, e.g. deployment.apps/nginx.
	Ref       string `json:"ref"`
	Namespace string `json:"namespace,omitempty"`
	Action    string `json:"action"`
	// Defaulted are the paths of the fields the server set.
	Defaulted []string `json:"defaulted"`
}

// TimelineDetail is the selected step: every object before and after it,
// and each apply it made.
type TimelineDetail struct {
	Objects []TimelineObject `json:"objects"`
	Applies []TimelineApply  `json:"applies"`
	// Kustomize is the kustomize build the step ran (kubectl kustomize
	// DIR, or -k DIR): where the applied objects came from.
	Kustomize *TimelineKustomize `json:"kustomize,omitempty"`
}

// TimelineKustomize is a step's kustomize build of Dir: what each
// transformer of each kustomization did, in kustomize's order.
type TimelineKustomize struct {
	// Dir is the directory as the command names it.
	Dir      string                  `json:"dir"`
	Warnings []string                `json:"warnings"`
	Steps    []TimelineKustomizeStep `json:"steps"`
}

// TimelineKustomizeStep is engine/kustomize's Step: one change a
// kustomization made to one object.
type TimelineKustomizeStep struct {
	// Kustomization is the file that asked for it ("" for kustomize's
	// own passes: the hash suffix, the name references).
	Kustomization string `json:"kustomization"`
	// Transformer is the kustomization's field ("resources",
	// "configMapGenerator", "patches", "labels", ...) or the pass.
	Transformer string `json:"transformer"`
	// Object is the object as it was named before the change.
	Object string `json:"object"`
	// Field is the path changed ("" for the whole object); Old and New
	// its values before and after.
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
	// Rule says why, in kustomize's terms.
	Rule string `json:"rule"`
}

// TimelineObject is one object of the cluster before or after the step
// (or both), as `kubectl get -o yaml` prints it.
type TimelineObject struct {
	Ref       string `json:"ref"`
	Namespace string `json:"namespace,omitempty"`
	// Action is the step's change to it ("" when it did not change).
	Action    string   `json:"action"`
	Defaulted []string `json:"defaulted"`
	// BeforeYAML is "" when the object did not exist before the step,
	// AfterYAML "" when it does not exist after it.
	BeforeYAML string `json:"beforeYAML"`
	AfterYAML  string `json:"afterYAML"`
}

// TimelineApply is one object `kubectl apply` applied in the step,
// rendered as op "apply" renders a result, with the three panes that
// reproduce it in the single-apply view.
type TimelineApply struct {
	Ref       string `json:"ref"`
	Namespace string `json:"namespace,omitempty"`
	Result    Result `json:"result"`
	// File is the object applied (the last-applied configuration it
	// recorded) and Live the object before the apply ("" on create).
	File string `json:"file"`
	Live string `json:"live"`
}

// appendTimeline writes the timeline as encoding/json does (with
// SetEscapeHTML(false), as the rest of the response).
func appendTimeline(b []byte, t *Timeline) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(t); err != nil {
		// The types here always encode.
		panic(err)
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
