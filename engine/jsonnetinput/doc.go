// Package jsonnetinput reads a configuration file written in Jsonnet: it
// evaluates the text with go-jsonnet to the JSON of one object, which the
// engine then reads like any pasted JSON.
//
// There is no filesystem in the browser, so imports are refused; the
// standard library works. Recursion is capped by the evaluator's stack
// limit and the output by MaxOutputSize; an evaluation that loops without
// recursing is stopped by the page, which abandons its worker.
//
// This package is linked only into the separate Jsonnet wasm
// (wasm/jsonnet), never into the engine's, so the first visit does not
// pay for the evaluator.
package jsonnetinput
