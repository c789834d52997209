//go:build js && wasm

// Command kustomize is applylens' engine for the Kustomize mode:
// globalThis.applylens.apply answers engine/kustomizeapi's requests (a
// file tree built as `kubectl kustomize DIR` builds it), version names
// it, then globalThis.applylensReady and onApplylensReady. A wasm of its
// own, loaded by the Kustomize mode's worker when the mode is first
// shown, so that no other visit carries kustomize.
package main

import (
	"syscall/js"

	"github.com/applylens/applylens/engine/kustomizeapi"
	"github.com/applylens/applylens/wasm/internal/bridge"
)

func main() {
	h := new(kustomizeapi.Handler)
	bridge.Publish("applylens", map[string]js.Func{"apply": bridge.Strings(h.Handle), "version": bridge.Constant(kustomizeapi.Version)})
	select {}
}
