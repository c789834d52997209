//go:build js && wasm

// Command wasm is applylens' engine for the browser. It registers
//
//	globalThis.applylens = { apply(requestJSON) -> responseJSON, version() -> string }
//
// after one small computation of its own (api.Prepare: the code a first
// request runs is compiled while the page builds its editors), then sets
// globalThis.applylensReady = true, calls
// globalThis.onApplylensReady() if the page defined it, and waits for
// calls. All logic lives in engine/api (one api.Session for the page);
// this only moves strings across.
package main

import (
	"syscall/js"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/wasm/internal/bridge"
)

func main() {
	bridge.Prepare(api.Prepare)
	session := new(api.Session)
	bridge.Publish("applylens", map[string]js.Func{"apply": bridge.Strings(session.Handle), "version": bridge.Constant(api.Version)})
	select {}
}
