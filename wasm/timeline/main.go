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
	"github.com/applylens/applylens/wasm/internal/bridge"
)

func main() {
	session := &api.Session{Timeline: new(timeline.Player).Respond}
	bridge.Prepare(timeline.Prepare)
	bridge.Publish("applylens", map[string]js.Func{"apply": bridge.Strings(session.Handle), "version": bridge.Constant(api.Version)})
	select {}
}
