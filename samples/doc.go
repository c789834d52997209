// Package samples holds the playground's example scenarios: each one a
// last-applied configuration, a configuration file and a live object that
// show one behaviour or trap of `kubectl apply`; the Timeline mode's
// stories of several commands (timelines/); and the Kustomize mode's file
// trees with what `kubectl kustomize` prints (kustomize/).
//
// The data lives in one folder per sample and is embedded, so the page can
// get it from the WebAssembly bridge or from the JSON that JSON returns.
package samples
