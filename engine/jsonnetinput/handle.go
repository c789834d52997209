package jsonnetinput

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	jsonnet "github.com/google/go-jsonnet"
)

// Request is what the page's Jsonnet worker sends.
type Request struct {
	// Source is the configuration file pane's Jsonnet text.
	Source string `json:"source"`
}

// Response is what the worker gets back: JSON or Error, never both.
type Response struct {
	// Version names the evaluator, like "go-jsonnet v0.22.0".
	Version string `json:"version"`
	// JSON is the object the source evaluates to; the page sends it as
	// the file of an apply request.
	JSON  string         `json:"json,omitempty"`
	Error *ResponseError `json:"error,omitempty"`
}

// ResponseError has the shape of the engine's api.Error, so the page shows
// it the same way, next to the file pane. Its package is not imported: it
// would link the whole engine into this wasm.
type ResponseError struct {
	// Kind is "input" (the Jsonnet text) or "internal" (a malformed
	// request or a bug, recovered).
	Kind    string `json:"kind"`
	Pane    string `json:"pane,omitempty"`
	Reason  Reason `json:"reason,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// Version is the evaluator's name and version.
var Version = "go-jsonnet " + jsonnet.Version()

// panicLog gets the stack of a recovered panic (the browser console).
var panicLog io.Writer = os.Stderr

// evaluate is Evaluate; tests replace it to inject a panic.
var evaluate = Evaluate

// Handle answers one JSON request with one JSON response. A panic becomes
// an error response of kind "internal", so the runtime stays alive.
func Handle(requestJSON string) (response string) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(panicLog, "applylens jsonnet: panic: %v\n%s", r, debug.Stack())
			response = encode(&Response{Version: Version, Error: &ResponseError{
				Kind:    "internal",
				Message: fmt.Sprintf("the Jsonnet evaluator hit a bug (%v)", r),
			}})
		}
	}()
	var req Request
	if err := json.Unmarshal([]byte(requestJSON), &req); err != nil {
		return encode(&Response{Version: Version, Error: &ResponseError{Kind: "internal", Message: "malformed request: " + err.Error()}})
	}
	out, err := evaluate(req.Source)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = &Error{Reason: ReasonInternal, Message: err.Error()}
		}
		return encode(&Response{Version: Version, Error: &ResponseError{
			Kind: "input", Pane: "file", Reason: e.Reason, Line: e.Line, Column: e.Column, Message: e.Message,
		}})
	}
	return encode(&Response{Version: Version, JSON: out})
}

func encode(r *Response) string {
	b, err := json.Marshal(r)
	if err != nil {
		// Only strings and ints: cannot happen.
		panic(err)
	}
	return string(b)
}
