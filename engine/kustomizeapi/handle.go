// Package kustomizeapi is the Kustomize mode's request and answer: the
// page's JSON (a file tree and the directory to build) turned into
// engine/kustomize's Input, and its Result or Error turned back into JSON
// the page renders. It is what wasm/kustomize publishes; the wasm's main
// only moves strings, so that everything here is tested natively.
package kustomizeapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/applylens/applylens/engine/kustomize"
	"github.com/applylens/applylens/engine/kustomize/applydiff"
)

// Version names what answers: kubectl 1.37's kustomize, as engine/kustomize
// computes it.
const Version = "kustomize v5.8.1 (kubectl 1.37)"

// Ops of a request.
const (
	// OpBuild runs `kubectl kustomize Dir` on Files.
	OpBuild = "kustomize"
	// OpWarmUp builds the last tree built again and answers with the
	// version only: the worker calls it while the user reads, so that the
	// browser optimizes the wasm (web/workers/wasm-worker.js).
	OpWarmUp = "warmup"
)

// Limits on a request, so that a pasted archive cannot hold the worker
// for long: kustomize's trees on the page are a few files of a few kB.
const (
	MaxFiles = 200
	MaxBytes = 2 << 20
)

// File is one file of the tree: a slash-separated path and its text.
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Request is what the page sends.
type Request struct {
	Op string `json:"op"`
	// Dir is the directory to build ("" or "." for the top).
	Dir   string `json:"dir"`
	Files []File `json:"files"`
}

// Step is kustomize.Step as the page reads it.
type Step struct {
	Kustomization string `json:"kustomization"`
	Transformer   string `json:"transformer"`
	Object        string `json:"object"`
	Field         string `json:"field,omitempty"`
	Old           string `json:"old,omitempty"`
	New           string `json:"new,omitempty"`
	Rule          string `json:"rule"`
}

// Output is a build that succeeded.
type Output struct {
	// YAML is what `kubectl kustomize Dir` prints on stdout.
	YAML string `json:"yaml"`
	// Warnings are what it prints on stderr.
	Warnings []string `json:"warnings"`
	Steps    []Step   `json:"steps"`
	// Differences are the fields where kubectl apply's merge (apimachinery's
	// strategic merge, or a JSON merge patch for a custom resource) would
	// merge a patch otherwise than kustomize did (applydiff).
	Differences []Difference `json:"differences"`
	// DifferencesError is set when the comparison itself failed: the build
	// stands, the differences are then unknown.
	DifferencesError string `json:"differencesError,omitempty"`
}

// Difference is applydiff.Difference as the page reads it.
type Difference struct {
	Kustomization string `json:"kustomization"`
	Patch         string `json:"patch"`
	Object        string `json:"object"`
	// Field is the field's path, dot-separated.
	Field string `json:"field"`
	// Kustomize and Apply are the field's value after kustomize's merge
	// and after kubectl apply's, as JSON ("" when the field is missing).
	Kustomize string `json:"kustomize"`
	Apply     string `json:"apply"`
	// Why is applydiff.Why; Reason its sentence.
	Why    string `json:"why"`
	Reason string `json:"reason"`
}

// Error kinds, as the page names them.
const (
	KindInput       = "input"
	KindMissing     = "missing"
	KindConflict    = "conflict"
	KindUnsupported = "unsupported"
	KindTransform   = "transform"
	// KindRequest: the request itself was malformed or over the limits.
	KindRequest = "request"
	// KindInternal: the engine failed (a recovered panic).
	KindInternal = "internal"
)

// Error is a build that failed: kustomize's message as `kubectl
// kustomize` prints it after "error: ", the file it names (a path of the
// tree, without the leading slash) and the line when the message tells it.
type Error struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
}

// Response is what the page receives: Output or Error.
type Response struct {
	Version   string  `json:"version"`
	Kustomize *Output `json:"kustomize,omitempty"`
	Error     *Error  `json:"error,omitempty"`
}

// build is kustomize.Build; a test replaces it to prove that a panic
// becomes an error response.
var build = kustomize.Build

// Handler answers requests; it keeps the last tree built for OpWarmUp.
// Not safe for concurrent use (a worker calls it one request at a time).
type Handler struct {
	last *kustomize.Input
}

// Handle answers one JSON request with one JSON response. It never
// panics: a panic in the engine becomes an internal error, and the
// handler still answers after.
func (h *Handler) Handle(requestJSON string) string {
	b, err := json.Marshal(h.respond(requestJSON))
	if err != nil {
		// Only strings, ints and slices of them: cannot fail.
		panic(err)
	}
	return string(b)
}

func (h *Handler) respond(requestJSON string) (resp *Response) {
	defer func() {
		if r := recover(); r != nil {
			resp = &Response{Version: Version, Error: &Error{Kind: KindInternal,
				Message: fmt.Sprintf("the kustomize engine failed (%v); your files are kept, edit them to try again", r)}}
		}
	}()
	var req Request
	if err := json.Unmarshal([]byte(requestJSON), &req); err != nil {
		return requestError("the request is not valid JSON: %v", err)
	}
	switch req.Op {
	case OpWarmUp:
		if h.last != nil {
			_, _ = build(*h.last)
		}
		return &Response{Version: Version}
	case OpBuild:
	default:
		return requestError("unknown op %q (want %q or %q)", req.Op, OpBuild, OpWarmUp)
	}
	in, rerr := input(req)
	if rerr != nil {
		return &Response{Version: Version, Error: rerr}
	}
	h.last = &in
	res, err := build(in)
	if err != nil {
		return &Response{Version: Version, Error: buildError(err)}
	}
	out := output(res)
	out.Differences, out.DifferencesError = differences(res.Merges)
	return &Response{Version: Version, Kustomize: out}
}

// differences is applydiff.Differences for the page, with the
// kustomization's name relative to the tree's top, as the page shows it.
func differences(merges []kustomize.Merge) ([]Difference, string) {
	ds, err := applydiff.Differences(merges)
	if err != nil {
		return []Difference{}, err.Error()
	}
	out := make([]Difference, len(ds))
	for i, d := range ds {
		out[i] = Difference{
			Kustomization: strings.TrimPrefix(d.Kustomization, "/"),
			Patch:         d.Patch,
			Object:        d.Object, Field: d.Field, Kustomize: d.Kustomize, Apply: d.Apply,
			Why: string(d.Why), Reason: d.Why.Explain(),
		}
	}
	return out, ""
}

func requestError(format string, args ...any) *Response {
	return &Response{Version: Version, Error: &Error{Kind: KindRequest, Message: fmt.Sprintf(format, args...)}}
}

// input checks the tree: names are relative slash paths, each given once,
// within the limits.
func input(req Request) (kustomize.Input, *Error) {
	if len(req.Files) > MaxFiles {
		return kustomize.Input{}, &Error{Kind: KindRequest, Message: fmt.Sprintf("%d files: the Kustomize mode takes at most %d", len(req.Files), MaxFiles)}
	}
	files := make(map[string][]byte, len(req.Files))
	total := 0
	for _, f := range req.Files {
		name, err := cleanName(f.Name)
		if err != nil {
			return kustomize.Input{}, &Error{Kind: KindRequest, Message: err.Error(), File: f.Name}
		}
		if _, dup := files[name]; dup {
			return kustomize.Input{}, &Error{Kind: KindRequest, Message: fmt.Sprintf("two files are named %s", name), File: name}
		}
		total += len(f.Text)
		if total > MaxBytes {
			return kustomize.Input{}, &Error{Kind: KindRequest, Message: fmt.Sprintf("the files hold more than %d bytes: the Kustomize mode takes at most that", MaxBytes), File: name}
		}
		files[name] = []byte(f.Text)
	}
	dir, err := cleanDir(req.Dir)
	if err != nil {
		return kustomize.Input{}, &Error{Kind: KindRequest, Message: err.Error()}
	}
	return kustomize.Input{Files: files, Dir: dir}, nil
}

// cleanName is a file's path as the tree keys it: relative, slash
// separated, no "." or ".." parts, no empty parts.
func cleanName(name string) (string, error) {
	if name == "" {
		return "", errors.New("a file has no name")
	}
	if strings.HasPrefix(name, "/") {
		return "", fmt.Errorf("%s: a file's name is a path relative to the top of the tree, without a leading /", name)
	}
	for _, part := range strings.Split(name, "/") {
		switch part {
		case "":
			return "", fmt.Errorf("%s: a file's name has an empty part (// or a trailing /)", name)
		case ".", "..":
			return "", fmt.Errorf("%s: a file's name may not hold . or .. parts", name)
		}
	}
	return name, nil
}

// cleanDir is the directory to build, relative to the top ("." for it).
func cleanDir(dir string) (string, error) {
	dir = strings.Trim(dir, "/")
	if dir == "" {
		return ".", nil
	}
	c := path.Clean(dir)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", fmt.Errorf("%s: the directory to build must be inside the tree", dir)
	}
	return c, nil
}

// lineRE finds the line a YAML error names ("yaml: line 3: ...",
// "error converting YAML to JSON: yaml: line 7: ...").
var lineRE = regexp.MustCompile(`\bline (\d+)\b`)

func buildError(err error) *Error {
	var ke *kustomize.Error
	if !errors.As(err, &ke) {
		return &Error{Kind: KindInternal, Message: err.Error()}
	}
	e := &Error{Kind: kindName(ke.Kind), Message: ke.Message, File: strings.TrimPrefix(ke.File, "/")}
	if e.File != "" {
		if m := lineRE.FindStringSubmatch(ke.Message); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
		}
	}
	return e
}

func kindName(k kustomize.ErrorKind) string {
	switch k {
	case kustomize.ErrInput:
		return KindInput
	case kustomize.ErrMissing:
		return KindMissing
	case kustomize.ErrConflict:
		return KindConflict
	case kustomize.ErrUnsupported:
		return KindUnsupported
	case kustomize.ErrTransform:
		return KindTransform
	}
	return KindInternal
}

func output(res *kustomize.Result) *Output {
	out := &Output{YAML: string(res.YAML), Warnings: res.Warnings, Steps: make([]Step, len(res.Steps))}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	for i, s := range res.Steps {
		out.Steps[i] = Step{
			Kustomization: strings.TrimPrefix(s.Kustomization, "/"),
			Transformer:   s.Transformer, Object: s.Object, Field: s.Field, Old: s.Old, New: s.New, Rule: s.Rule,
		}
	}
	return out
}
