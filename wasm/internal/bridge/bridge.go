//go:build js && wasm

// Package bridge is what every applylens wasm does to meet its worker:
// put one object of functions on globalThis, then say it is ready. The
// functions only move strings across; the logic is in engine/.
package bridge

import (
	"fmt"
	"os"
	"syscall/js"
	"unicode"
)

// Prepare runs an engine's preparation (a first computation, see
// engine/timeline.Prepare) before the bridge is published, so that the
// worker reports ready only once the engine's start is paid. A failure
// is written to the console and the bridge published all the same: the
// engine still answers, its first request is only slower. The
// performance mark 'applylens-prepare' tells the worker when the Go
// program's start ended and the preparation began (web/wasm-worker.js's
// start timings).
func Prepare(prepare func() error) {
	if perf := js.Global().Get("performance"); perf.Type() == js.TypeObject && perf.Get("mark").Type() == js.TypeFunction {
		perf.Call("mark", "applylens-prepare")
	}
	if err := prepare(); err != nil {
		fmt.Fprintln(os.Stderr, "applylens:", err)
	}
}

// Publish sets globalThis[name] to an object holding funcs, then
// globalThis[name+"Ready"] = true, and calls globalThis["on"+Name+"Ready"]()
// if the page defined it (so a worker may wait either way).
func Publish(name string, funcs map[string]js.Func) {
	global := js.Global()
	object := global.Get("Object").New()
	for key, f := range funcs {
		object.Set(key, f)
	}
	global.Set(name, object)
	global.Set(name+"Ready", true)
	r := []rune(name)
	r[0] = unicode.ToUpper(r[0])
	if cb := global.Get("on" + string(r) + "Ready"); cb.Type() == js.TypeFunction {
		cb.Invoke()
	}
}

// Strings is a function of one JSON string to one JSON string. An
// argument that is not a string is handed over as "", so that handle
// answers with its malformed-request error rather than the runtime
// panicking in String(). Made once: js.Func values live as long as the
// program.
func Strings(handle func(string) string) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 || args[0].Type() != js.TypeString {
			return handle("")
		}
		return handle(args[0].String())
	})
}

// Constant is a function returning s (a version).
func Constant(s string) js.Func {
	return js.FuncOf(func(js.Value, []js.Value) any { return s })
}
