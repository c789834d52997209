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
	"github.com/applylens/applylens/wasm/internal/bridge"
)

func main() {
	// ssaview.Handle recovers a panic anywhere below into an error response.
	bridge.Prepare(ssaview.Prepare)
	bridge.Publish("applylens", map[string]js.Func{"apply": bridge.Strings(ssaview.Handle), "version": bridge.Constant(api.Version)})
	select {}
}
