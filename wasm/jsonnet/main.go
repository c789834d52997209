//go:build js && wasm

// Command jsonnet is applylens' Jsonnet evaluator for the browser, a wasm
// of its own so that only a page that picks the Jsonnet format downloads
// it. It registers
//
//	globalThis.applylensJsonnet = { evaluate(requestJSON) -> responseJSON, version() -> string }
//
// then sets globalThis.applylensJsonnetReady = true, calls
// globalThis.onApplylensJsonnetReady() if the page defined it, and waits
// for calls. The logic is in engine/jsonnetinput.
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/applylens/applylens/engine/jsonnetinput"
	"github.com/applylens/applylens/wasm/internal/bridge"
)

func main() {
	// Made once: js.Func values live as long as the program.
	evaluate := js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
		// Handle recovers its own panics; this one covers reading the
		// argument, so nothing ends the runtime the page reuses.
		defer func() {
			if r := recover(); r != nil {
				out = internalError(fmt.Sprintf("the Jsonnet bridge hit a bug (%v)", r))
			}
		}()
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return internalError("malformed request: evaluate takes one JSON string")
		}
		return jsonnetinput.Handle(args[0].String())
	})
	bridge.Publish("applylensJsonnet", map[string]js.Func{"evaluate": evaluate, "version": bridge.Constant(jsonnetinput.Version)})
	select {}
}

func internalError(message string) string {
	b, _ := json.Marshal(jsonnetinput.Response{
		Version: jsonnetinput.Version,
		Error:   &jsonnetinput.ResponseError{Kind: "internal", Message: message},
	})
	return string(b)
}
