// Package api is the request/response layer between the page and the
// engine: JSON in, JSON out, shaped by the structs here. The wasm bridge
// (wasm/) only moves these strings across the JavaScript boundary, so all of
// this is tested natively. A panic inside the engine becomes an error
// response, never a dead runtime.
package api
