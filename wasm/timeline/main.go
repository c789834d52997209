//go:build js && wasm

// Command timeline is applylens' engine for the Timeline mode: the same
// bridge as ./wasm (globalThis.applylens.apply, version, then
// globalThis.applylensReady and onApplylensReady), with the timeline
// player (engine/timeline, engine/cluster) registered for op "timeline".
// A wasm of its own, loaded by the Timeline mode's worker, so that the
// single-apply page's first visit does not carry the simulated cluster.
package main

import (
	"syscall/js"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/timeline"
)

func main() {
	api.RegisterTimeline(timeline.Respond)
	// Made once: js.Func values live as long as the program.
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
