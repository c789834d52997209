// Package bridge publishes an applylens wasm's functions to the page's
// worker (globalThis.NAME, NAMEReady, onNAMEReady); built for js/wasm only.
package bridge
