//go:build browser

// Package e2e drives the built playground (dist/) in headless Chromium with
// chromedp: the user flows of docs/page.md, screenshots and the page
// benchmark. Everything here needs a browser, so every file carries the
// build tag "browser" and plain `go test ./...` skips the package; run it
// with scripts/test-browser (flows) or scripts/bench-page (figures).
//
// The tests serve dist/ (or $APPLYLENS_DIST) with scripts/devserver on a
// free loopback port and start Chromium from /usr/bin/chromium (or
// $CHROMIUM) with a fresh profile per test.
package e2e
