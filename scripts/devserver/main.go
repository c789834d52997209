package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"syscall"
	"time"
)

func main() {
	dir := flag.String("dir", "dist", "folder to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	verbose := flag.Bool("v", false, "log every request")
	flag.Parse()

	root, err := os.OpenRoot(*dir)
	if err != nil {
		log.Fatalf("devserver: %v (run scripts/build first)", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			log.Fatalf("devserver: %s is in use by another program: pick another port (scripts/serve --port 8081)", *addr)
		}
		log.Fatalf("devserver: %v", err)
	}
	var h http.Handler = &Handler{FS: root.FS()}
	if *verbose {
		h = logRequests(h)
	}
	// The printed URL uses the real port, so callers passing port 0 can
	// read it back.
	fmt.Printf("applylens: serving %s at http://%s/\n", *dir, ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(srv.Serve(ln))
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		log.Printf("%s %s %d %s", r.Method, r.URL.Path, rec.status, w.Header().Get("Content-Encoding"))
	})
}
