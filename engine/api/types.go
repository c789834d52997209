package api

import (
	"github.com/applylens/applylens/engine"
)

// Request is what the page's worker sends.
type Request struct {
	// Op is "apply" (the default), "version", or "where" (see Step).
	Op          string `json:"op,omitempty"`
	LastApplied string `json:"lastApplied"`
	File        string `json:"file"`
	Live        string `json:"live"`
	// LastAppliedFromLive ignores LastApplied and reads the annotation of
	// Live, as kubectl does.
	LastAppliedFromLive bool `json:"lastAppliedFromLive"`
	// Overwrite is kubectl's --overwrite; absent means true.
	Overwrite *bool `json:"overwrite,omitempty"`
	// Namespace is kubectl's -n; absent or "" means not given (the
	// context's namespace).
	Namespace string `json:"namespace,omitempty"`
	// ClusterScoped says that the file's kind, when it is a custom one,
	// is cluster-scoped (its CustomResourceDefinition's scope: Cluster);
	// absent means namespaced. Built-in kinds ignore it.
	ClusterScoped bool `json:"clusterScoped,omitempty"`
	// Base is the Seq of the last result the page holds: when it is the
	// last result this engine returned, the answer is a Delta from it.
	Base int `json:"base,omitempty"`
	// Step is, for op "where", the index of the step of result Base to
	// locate.
	Step int `json:"step,omitempty"`
}

// Response is what the worker gets back. Exactly one of Result, Delta and
// Error is set for op "apply", one of Where and Error for op "where", and
// none for op "version"; Version is always set.
type Response struct {
	Version string `json:"version"`
	// Seq numbers the result (given whole or as a Delta), for the next
	// request's Base.
	Seq    int     `json:"seq,omitempty"`
	Result *Result `json:"result,omitempty"`
	Delta  *Delta  `json:"delta,omitempty"`
	Error  *Error  `json:"error,omitempty"`
	// Where answers op "where".
	Where *Where `json:"where,omitempty"`
	// Timeline answers op "timeline".
	Timeline *Timeline `json:"timeline,omitempty"`
}

// Error is an input error (Pane set) or an error kubectl would report.
type Error struct {
	// Kind is "input" (the user's text), "apply" (kubectl would fail the
	// same way) or "internal" (a bug in applylens, recovered, or a
	// malformed request).
	Kind    string `json:"kind"`
	Pane    string `json:"pane,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
	// Explanation is an apply error's meaning in plain words, when
	// kubectl's own text (Message) does not say it: the page shows it as
	// the headline and Message below it, folded.
	Explanation string `json:"explanation,omitempty"`
	// Fields are the fields an apply error is about (the conflicting ones
	// of --overwrite=false) and where each is written in the input panes.
	Fields []Field `json:"fields,omitempty"`
}

// Field is a field path and its lines in the input panes.
type Field struct {
	Path  string `json:"path"`
	Where *Where `json:"where"`
}

// Result is engine.Result plus everything the page renders, so the page
// does no YAML or JSON work of its own.
type Result struct {
	Action            string `json:"action"`
	PatchType         string `json:"patchType"`
	PatchTypeWhy      string `json:"patchTypeWhy"`
	PatchJSON         string `json:"patchJSON"` // indented
	PatchYAML         string `json:"patchYAML"`
	ObjectYAML        string `json:"objectYAML"`
	LiveYAML          string `json:"liveYAML"` // the live object in the same format as ObjectYAML, for the diff; "" on create
	LastApplied       string `json:"lastApplied"`
	LastAppliedSource string `json:"lastAppliedSource"`
	// DerivedLastAppliedYAML is the live object's annotation as YAML, to
	// fill the last-applied pane when it is derived from live.
	DerivedLastAppliedYAML string           `json:"derivedLastAppliedYAML"`
	KubectlPatch           string           `json:"kubectlPatch"` // the equivalent `kubectl patch` command
	Steps                  []engine.Step    `json:"steps"`
	Warnings               []engine.Warning `json:"warnings"`
	Directives             []Directive      `json:"directives"`
	// Elsewhere is set when the file names another namespace or another
	// name than the live object's: kubectl applies to (creates) the
	// file's object and leaves the pasted one alone. The page shows
	// its explanation and kubectl's line above the result.
	Elsewhere *engine.Elsewhere `json:"elsewhere,omitempty"`
}

// Where locates a step's field in the inputs and outputs (nil = not
// there). The page asks for it when a step is selected (op "where"):
// locating every step in every text was a tenth of a large keystroke, and
// inserting a line changed the answer for every step below it.
type Where struct {
	LastApplied *Span `json:"lastApplied,omitempty"`
	File        *Span `json:"file,omitempty"`
	Live        *Span `json:"live,omitempty"`
	Result      *Span `json:"result,omitempty"` // in ObjectYAML
	Patch       *Span `json:"patch,omitempty"`  // in PatchYAML
}

// Span is a range of whole lines, 1-based and inclusive.
type Span struct {
	Line    int `json:"line"`
	EndLine int `json:"endLine"`
}

// Directive is a strategic-patch directive found in the patch, explained.
type Directive struct {
	Name    string `json:"name"` // "$setElementOrder", "$retainKeys", "$patch", "$deleteFromPrimitiveList"
	Path    string `json:"path"`
	Line    int    `json:"line"` // in PatchYAML
	EndLine int    `json:"endLine"`
	Meaning string `json:"meaning"`
}
