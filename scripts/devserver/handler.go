package main

import (
	"bytes"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Handler serves the files of FS. A request for a file that has a
// precompressed sibling (name.br, name.gz) gets the sibling when the
// client accepts that encoding.
type Handler struct {
	FS fs.FS
}

// encodings in the server's order of preference: brotli is smaller.
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// mimeTypes is fixed rather than read from the host's /etc/mime.types so
// that the same build is served the same way everywhere.
var mimeTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".json":  "application/json",
	".map":   "application/json",
	".wasm":  "application/wasm",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".ico":   "image/x-icon",
	".txt":   "text/plain; charset=utf-8",
	".md":    "text/markdown; charset=utf-8",
	".yaml":  "text/yaml; charset=utf-8",
	".woff2": "font/woff2",
}

// hashed matches the content-hashed names scripts/build writes, such as
// applylens.3f2a1c09ab.wasm (ours: 10 hex digits) and app.QEXYRGCH.js
// (esbuild's: 8 base32 letters): their content never changes under the
// same name, so every frame of a page with many embeds reuses them from
// the HTTP cache without asking again.
var hashed = regexp.MustCompile(`\.(?:[0-9a-f]{10}|[A-Z2-7]{8})\.[a-z0-9]+$`)

func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := mimeTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func cacheControl(name string) string {
	if hashed.MatchString(name) {
		return "public, max-age=31536000, immutable"
	}
	return "no-cache"
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	urlPath := path.Clean("/" + r.URL.Path)
	name := strings.TrimPrefix(urlPath, "/")
	if name == "" {
		name = "."
	}
	info, err := fs.Stat(h.FS, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	if info.IsDir() {
		// Relative asset URLs resolve against the directory only with a
		// trailing slash, which is what makes a sub-path deployment work.
		if urlPath != "/" && !strings.HasSuffix(r.URL.Path, "/") {
			target := path.Base(urlPath) + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			// Set by hand: http.Redirect would make it absolute, which is
			// wrong behind a proxy that mounts the site on a sub-path.
			w.Header().Set("Location", target)
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
		name = path.Join(name, "index.html")
		if info, err = fs.Stat(h.FS, name); err != nil || info.IsDir() {
			http.NotFound(w, r)
			return
		}
	}

	hdr := w.Header()
	hdr.Set("Content-Type", contentType(name))
	hdr.Set("Cache-Control", cacheControl(name))
	hdr.Set("X-Content-Type-Options", "nosniff")
	if csp := contentSecurityPolicy(name); csp != "" {
		hdr.Set("Content-Security-Policy", csp)
	}

	serve := name
	accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	hasSibling := false
	for _, enc := range encodings {
		sib, err := fs.Stat(h.FS, name+enc.ext)
		if err != nil || sib.IsDir() {
			continue
		}
		hasSibling = true
		if serve == name && accepted[enc.name] {
			serve = name + enc.ext
			hdr.Set("Content-Encoding", enc.name)
		}
	}
	if hasSibling {
		// Caches must key on Accept-Encoding, whichever variant this is.
		hdr.Add("Vary", "Accept-Encoding")
	}

	f, err := h.FS.Open(serve)
	if err != nil {
		http.Error(w, "cannot open "+serve, http.StatusInternalServerError)
		return
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		data, err := io.ReadAll(f)
		if err != nil {
			http.Error(w, "cannot read "+serve, http.StatusInternalServerError)
			return
		}
		rs = bytes.NewReader(data)
	}
	if serve != name && r.Header.Get("Range") == "" {
		// ServeContent leaves Content-Length out whenever Content-Encoding
		// is set; the encoded size is known, so say it (progress bars and
		// keep-alive both like it).
		if st, err := fs.Stat(h.FS, serve); err == nil {
			hdr.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
		}
	}
	http.ServeContent(w, r, name, info.ModTime(), rs)
}

// acceptedEncodings reads an Accept-Encoding header into the set of
// codings the client takes. A coding with q=0 is refused, and "*" stands
// for every coding not named.
func acceptedEncodings(header string) map[string]bool {
	named := map[string]bool{}
	star := false
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		ok := qualityPositive(params)
		if coding == "*" {
			star = ok
			continue
		}
		named[coding] = ok
	}
	out := map[string]bool{}
	for _, enc := range encodings {
		if ok, seen := named[enc.name]; seen {
			out[enc.name] = ok
		} else {
			out[enc.name] = star
		}
	}
	return out
}

// qualityPositive reports whether the parameters of one Accept-Encoding
// entry leave it acceptable: no q, or a q above zero.
func qualityPositive(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return false
		}
		return q > 0
	}
	return true
}
