//go:build js && wasm

// Command serverside is applylens' engine for the single-apply page's
// server-side switch: the same bridge as ./wasm (globalThis.applylens.apply,
// version, then globalThis.applylensReady and onApplylensReady), with
// engine/serverside linked (engine.Apply handles Input.ServerSide) and
// engine/ssaview registered for op "serverside". A wasm of its own, fetched
// when the switch is first moved off client-side, so that the page's first
// visit does not carry the server-side schema.
package main

import (
	"syscall/js"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/ssaview"
)

func main() {
	// api.Handle recovers a panic anywhere below into an error response.
	api.RegisterServerSide(ssaview.Respond)
	apply := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
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
