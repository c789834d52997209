//go:build js && wasm

// Command serverside is applylens' engine for the single-apply page's
// server-side switch: the bridge of ./wasm (globalThis.applylens.apply,
// version, then globalThis.applylensReady and onApplylensReady), answering
// op "serverside" alone with engine/ssaview.Handle (engine/serverside
// linked, the client-side engine for the "both" view). A wasm of its own,
// fetched when the switch first leaves client-side, so that the page's
// first visit carries neither the server-side schema nor this op.
package main

import (
	"syscall/js"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/ssaview"
)

func main() {
	// ssaview.Handle recovers a panic anywhere below into an error response.
	apply := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return ssaview.Handle("")
		}
		return ssaview.Handle(args[0].String())
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
