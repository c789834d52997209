//go:build browser

package e2e

import (
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"time"
)

// The page's own Network events miss the dedicated worker, which fetches
// the wasm (the biggest file) from its own target. So the tests reach the
// devserver through this recorder, which sees every request of the page
// and of the worker, with the bytes of each response body as sent (that
// is, compressed when the browser accepted an encoding).

// exchange is one request the recorder forwarded.
type exchange struct {
	Path     string
	Status   int
	Encoding string // Content-Encoding of the response
	Type     string // Content-Type of the response
	Bytes    int64  // body bytes sent to the browser
	Header   int64  // approximate response header bytes
}

var traffic struct {
	mu  sync.Mutex
	log []exchange
}

// trafficMark returns a position in the log; trafficSince returns what
// came after it.
func trafficMark() int {
	traffic.mu.Lock()
	defer traffic.mu.Unlock()
	return len(traffic.log)
}

func trafficSince(mark int) []exchange {
	traffic.mu.Lock()
	defer traffic.mu.Unlock()
	return append([]exchange(nil), traffic.log[mark:]...)
}

type countingWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (w *countingWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

func (w *countingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// startRecorder listens on a free loopback port and forwards to target.
func startRecorder(target string) (net.Listener, error) {
	return serveProxy(target, func(proxy http.Handler) http.Handler {
		return recording(proxy)
	})
}

// serveProxy serves, on a port of its own, the handler wrap makes of a
// reverse proxy to target.
func serveProxy(target string, wrap func(proxy http.Handler) http.Handler) (net.Listener, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: wrap(httputil.NewSingleHostReverseProxy(u)), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return ln, nil
}

// serveRewriting serves target through serveProxy, except the files whose
// path match tells: each is fetched from target whole and uncompressed (Go's
// client undoes the encoding it asked for) and rewrite answers with what it
// makes of it.
func serveRewriting(target string, match func(path string) bool, rewrite func(w http.ResponseWriter, original *http.Response)) (net.Listener, error) {
	return serveProxy(target, rewriting(target, match, rewrite))
}

// rewriting is serveRewriting's handler, for a site that adds more.
func rewriting(target string, match func(path string) bool, rewrite func(w http.ResponseWriter, original *http.Response)) func(proxy http.Handler) http.Handler {
	client := &http.Client{Timeout: time.Minute}
	return func(proxy http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !match(r.URL.Path) {
				proxy.ServeHTTP(w, r)
				return
			}
			resp, err := client.Get(target + r.URL.Path[1:])
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
			defer resp.Body.Close()
			rewrite(w, resp)
		})
	}
}

// recording is proxy noting each exchange in traffic.
func recording(proxy http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		proxy.ServeHTTP(cw, r)
		var header int64
		for k, vs := range w.Header() {
			for _, v := range vs {
				header += int64(len(k) + len(v) + 4)
			}
		}
		traffic.mu.Lock()
		traffic.log = append(traffic.log, exchange{
			Path:     r.URL.Path,
			Status:   cw.status,
			Encoding: w.Header().Get("Content-Encoding"),
			Type:     w.Header().Get("Content-Type"),
			Bytes:    cw.n,
			Header:   header,
		})
		traffic.mu.Unlock()
	})
}
