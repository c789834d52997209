// Package ssaview answers the page's op "serverside": `kubectl apply
// --server-side` on the three panes (engine.Engine wired with
// engine/serverside: Engine), rendered as op "apply" renders a result,
// with what only a server-side apply has located in the texts: each owned
// field's lines and managers (the result's blame gutter), each conflict's
// lines in the panes, each step's. For the "both" view it also runs the
// client-side apply of the same panes and lists where the two results
// differ, each difference with the step of each apply that decided it.
//
// Linked only into wasm/serverside (with engine/serverside): the page's
// first wasm does not carry the server-side schema.
package ssaview
