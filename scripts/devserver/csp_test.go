package main

import (
	"os"
	"strings"
	"testing"
)

func TestContentSecurityPolicy(t *testing.T) {
	for _, tc := range []struct {
		name, file, want string
	}{
		{"the page", "index.html", pagePolicy},
		{"the engine's worker", "worker.0123456789.js", workerPolicy},
		{"the Jsonnet worker", "jsonnet-worker.0123456789.js", workerPolicy},
		{"the Timeline worker", "timeline-worker.0123456789.js", workerPolicy},
		{"the server-side worker", "serverside-worker.0123456789.js", workerPolicy},
		{"the page's module", "app.ABCDEF12.js", ""},
		{"the wasm", "applylens.0123456789.wasm", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := contentSecurityPolicy(tc.file); got != tc.want {
				t.Errorf("contentSecurityPolicy(%q) = %q, want %q", tc.file, got, tc.want)
			}
		})
	}
	if strings.Contains(pagePolicy, "frame-ancestors") {
		t.Error("the page policy restricts frame-ancestors: the page must stay embeddable")
	}
	for _, d := range strings.Split(pagePolicy, ";") {
		// Its own script files, and the one wasm the page compiles itself
		// (the saved work's store); never inline script or eval.
		if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src") && d != "script-src 'self' 'wasm-unsafe-eval'" {
			t.Errorf("the page's %q allows more than its own script files and the store's wasm", d)
		}
	}
}

// The meta element in index.html is what static hosts deliver; the
// devserver's header must say the same.
func TestPagePolicyMatchesIndexHTML(t *testing.T) {
	html, err := os.ReadFile("../../index.html")
	if err != nil {
		t.Fatal(err)
	}
	want := `<meta http-equiv="Content-Security-Policy" content="` + pagePolicy + `">`
	if !strings.Contains(string(html), want) {
		t.Errorf("index.html lacks %s", want)
	}
}
