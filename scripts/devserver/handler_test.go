package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                   {Data: []byte("<!doctype html>")},
		"app.0123456789.js":            {Data: []byte("plain js")},
		"app.0123456789.js.br":         {Data: []byte("brotli js")},
		"app.0123456789.js.gz":         {Data: []byte("gzip js")},
		"applylens.abcdef0123.wasm":    {Data: []byte("\x00asm")},
		"applylens.abcdef0123.wasm.gz": {Data: []byte("gzip wasm")},
		"chunk.JBRBSPUG.js":            {Data: []byte("esbuild chunk")},
		"sub/index.html":               {Data: []byte("sub page")},
		"sub/notes.abcdefgh.txt":       {Data: []byte("more notes")},
		"notes.txt":                    {Data: []byte("notes")},
	}
}

func TestHandler(t *testing.T) {
	tests := []struct {
		name           string
		method         string
		path           string
		acceptEncoding string
		wantStatus     int
		wantBody       string
		wantType       string
		wantEncoding   string
		wantVary       string
		wantNoVary     bool
		wantCache      string
		wantLocation   string
	}{
		{
			name: "root serves index.html uncached", path: "/",
			wantStatus: 200, wantBody: "<!doctype html>", wantType: "text/html; charset=utf-8", wantCache: "no-cache",
		},
		{
			name: "brotli preferred when both accepted", path: "/app.0123456789.js", acceptEncoding: "gzip, deflate, br",
			wantStatus: 200, wantBody: "brotli js", wantType: "text/javascript; charset=utf-8", wantEncoding: "br",
			wantVary: "Accept-Encoding", wantCache: "public, max-age=31536000, immutable",
		},
		{
			name: "gzip when brotli is not accepted", path: "/app.0123456789.js", acceptEncoding: "gzip",
			wantStatus: 200, wantBody: "gzip js", wantEncoding: "gzip", wantVary: "Accept-Encoding",
		},
		{
			name: "q=0 refuses brotli", path: "/app.0123456789.js", acceptEncoding: "br;q=0, gzip;q=0.5",
			wantStatus: 200, wantBody: "gzip js", wantEncoding: "gzip", wantVary: "Accept-Encoding",
		},
		{
			name: "star accepts unnamed codings", path: "/app.0123456789.js", acceptEncoding: "*",
			wantStatus: 200, wantBody: "brotli js", wantEncoding: "br",
		},
		{
			name: "no Accept-Encoding gets the plain file but still varies", path: "/app.0123456789.js",
			wantStatus: 200, wantBody: "plain js", wantVary: "Accept-Encoding",
		},
		{
			name: "wasm keeps its MIME type when gzipped", path: "/applylens.abcdef0123.wasm", acceptEncoding: "br, gzip",
			wantStatus: 200, wantBody: "gzip wasm", wantType: "application/wasm", wantEncoding: "gzip",
			wantCache: "public, max-age=31536000, immutable",
		},
		{
			name: "esbuild's hashed chunk is cached for good", path: "/chunk.JBRBSPUG.js",
			wantStatus: 200, wantBody: "esbuild chunk", wantCache: "public, max-age=31536000, immutable", wantNoVary: true,
		},
		{
			name: "eight lower-case letters are no esbuild hash", path: "/sub/notes.abcdefgh.txt",
			wantStatus: 200, wantBody: "more notes", wantCache: "no-cache",
		},
		{
			name: "file without siblings does not vary", path: "/notes.txt", acceptEncoding: "br",
			wantStatus: 200, wantBody: "notes", wantType: "text/plain; charset=utf-8", wantCache: "no-cache", wantNoVary: true,
		},
		{
			name: "directory without slash redirects relative", path: "/sub",
			wantStatus: 301, wantLocation: "sub/",
		},
		{
			name: "directory with slash serves its index", path: "/sub/",
			wantStatus: 200, wantBody: "sub page",
		},
		{
			name: "missing file", path: "/nope.js",
			wantStatus: 404,
		},
		{
			name: "dot-dot cannot escape", path: "/../../etc/passwd",
			wantStatus: 404,
		},
		{
			name: "POST refused", method: "POST", path: "/",
			wantStatus: 405,
		},
		{
			name: "HEAD has headers and no body", method: "HEAD", path: "/app.0123456789.js", acceptEncoding: "br",
			wantStatus: 200, wantBody: "", wantEncoding: "br",
		},
	}
	h := &Handler{FS: testFS()}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			method := tc.method
			if method == "" {
				method = http.MethodGet
			}
			req := httptest.NewRequest(method, tc.path, nil)
			if tc.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", tc.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tc.wantStatus {
				t.Fatalf("status = %d, want %d", res.StatusCode, tc.wantStatus)
			}
			if tc.wantStatus != 200 {
				if tc.wantLocation != "" && res.Header.Get("Location") != tc.wantLocation {
					t.Errorf("Location = %q, want %q", res.Header.Get("Location"), tc.wantLocation)
				}
				return
			}
			if got := rec.Body.String(); got != tc.wantBody {
				t.Errorf("body = %q, want %q", got, tc.wantBody)
			}
			if tc.wantType != "" && res.Header.Get("Content-Type") != tc.wantType {
				t.Errorf("Content-Type = %q, want %q", res.Header.Get("Content-Type"), tc.wantType)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.wantEncoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tc.wantEncoding)
			}
			if tc.wantVary != "" && res.Header.Get("Vary") != tc.wantVary {
				t.Errorf("Vary = %q, want %q", res.Header.Get("Vary"), tc.wantVary)
			}
			if tc.wantNoVary && res.Header.Get("Vary") != "" {
				t.Errorf("Vary = %q, want none", res.Header.Get("Vary"))
			}
			if tc.wantCache != "" && res.Header.Get("Cache-Control") != tc.wantCache {
				t.Errorf("Cache-Control = %q, want %q", res.Header.Get("Cache-Control"), tc.wantCache)
			}
			if res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("X-Content-Type-Options missing")
			}
			// Embeds (docs/embedding.md): any site may frame the page.
			if xfo := res.Header.Get("X-Frame-Options"); xfo != "" {
				t.Errorf("X-Frame-Options = %q: embeds would not load in other sites' pages", xfo)
			}
			for _, csp := range res.Header.Values("Content-Security-Policy") {
				if strings.Contains(csp, "frame-ancestors") && !strings.Contains(csp, "frame-ancestors *") {
					t.Errorf("Content-Security-Policy %q limits frame-ancestors: embeds would not load in other sites' pages", csp)
				}
			}
		})
	}
}

func TestAcceptedEncodings(t *testing.T) {
	tests := []struct {
		header string
		br, gz bool
	}{
		{"", false, false},
		{"gzip", false, true},
		{"br", true, false},
		{"BR , GZIP", true, true},
		{"gzip;q=1.0, br;q=0", false, true},
		{"*;q=0.1", true, true},
		{"*, gzip;q=0", true, false},
		{"br;q=bogus", false, false},
		{"identity", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.header, func(t *testing.T) {
			got := acceptedEncodings(tc.header)
			if got["br"] != tc.br || got["gzip"] != tc.gz {
				t.Errorf("acceptedEncodings(%q) = br:%v gzip:%v, want br:%v gzip:%v", tc.header, got["br"], got["gzip"], tc.br, tc.gz)
			}
		})
	}
}
