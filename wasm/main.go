//go:build js && wasm

// Command wasm is applylens' engine for the browser. It registers
//
//	globalThis.applylens = { apply(requestJSON) -> responseJSON, version() -> string }
//
// then sets globalThis.applylensReady = true, calls
// globalThis.onApplylensReady() if the page defined it, and waits for
// calls. All logic lives in engine/api; this only moves strings across.
package main

import (
	"syscall/js"

	"github.com/applylens/applylens/engine/api"
)

func main() {
	// Made once: js.Func values live as long as the program.
	apply := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			// Not a string: let Handle answer with its malformed-request
			// error rather than panicking in String().
			return api.Handle("")
		}
		return api.Handle(args[0].String())
	})
	version := js.FuncOf(func(js.Value, []js.Value) any { return api.Version })

	global := js.Global()
	bridge := global.Get("Object").New()
	bridge.Set("apply", apply)
	bridge.Set("version", version)
	global.Set("applylens", bridge)
	global.Set("applylensReady", true)
	if cb := global.Get("onApplylensReady"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
	select {}
}
