package main

import (
	"path"
	"strings"
)

// pagePolicy is the Content-Security-Policy of the page: the same as the
// <meta http-equiv> in index.html (which any static host delivers; a test
// keeps the two equal). No inline script, nothing from elsewhere, and no
// frame-ancestors: the page may be embedded in frames. Inline styles are
// allowed: CodeMirror and its merge view set style attributes and add
// style elements at run time (a style cannot run code). The page compiles
// one wasm itself, the saved work's (wasm/store, IndexedDB, loaded after
// the first result), hence 'wasm-unsafe-eval'.
const pagePolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

// workerPolicy is the policy of the workers' scripts. A dedicated worker
// follows the policy its own script arrives with, not the page's; these
// compile the wasm, so they alone get 'wasm-unsafe-eval'.
const workerPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'"

// contentSecurityPolicy is the policy sent with the file name ("" for
// none: styles, data, the wasm itself).
func contentSecurityPolicy(name string) string {
	base := path.Base(name)
	switch {
	case strings.HasSuffix(base, ".html"):
		return pagePolicy
	case strings.HasSuffix(base, ".js") && (strings.HasPrefix(base, "worker.") || strings.HasPrefix(base, "jsonnet-worker.") || strings.HasPrefix(base, "timeline-worker.") || strings.HasPrefix(base, "serverside-worker.")):
		return workerPolicy
	}
	return ""
}
