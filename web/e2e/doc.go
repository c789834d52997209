//go:build browser

// Package e2e drives the built playground (dist/) in headless Chromium with
// chromedp: the user flows of docs/page.md, screenshots and the page
// benchmark. Everything here needs a browser, so every file carries the
// build tag "browser" and plain `go test ./...` skips the package; run it
// with scripts/test-browser (flows) or scripts/bench-page (figures).
//
// The tests serve dist/ (or $APPLYLENS_DIST) with scripts/devserver on a
// free loopback port and start one Chromium from /usr/bin/chromium (or
// $CHROMIUM) for the suite; each test's tab has a browser context of its
// own (its own storage, cache and permissions, like a fresh profile). The
// tests that count on a cache on disk (the wasm fetched once) or measure a
// first visit in a fresh profile, and those that need other flags, start a
// Chromium of their own (newBrowser's options, withProfileOnDisk). The
// shared Chromium runs wasm on V8's baseline compiler alone
// (sharedJSFlags); what the page costs is measured with V8's defaults
// (scripts/bench-page, TestSlowDevice, TestMemory).
//
// scripts/test-browser runs the whole suite as two processes: TestSlowDevice,
// whose Chromium is held to half a core, beside all the others.
package e2e
