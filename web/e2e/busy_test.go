//go:build browser

package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
)

// busySiteURL serves the site as siteURL does, except for the engine's
// worker (worker.<hash>.js), which starts with busyPrelude: a computation
// whose request holds a busyMarker keeps the worker busy at least that
// long. The tests of the computing state (TestBusy, TestReplacedRequest)
// open it, so that what the page shows while the engine computes can be
// checked on a machine of any speed; the page and its workers carry no
// hook for it.
var busySiteURL string

// busyWorkerPath is the engine's worker, the only file busySiteURL changes.
var busyWorkerPath = regexp.MustCompile(`^/worker\.[0-9a-f]+\.js$`)

// busyPrelude runs in the engine's worker before the worker's own code.
// It reads each apply request as it arrives (a listener added before the
// worker's onmessage handler runs first) and holds back the worker's
// answer to it (its response, or crashed) until the computation has kept
// the worker's thread busy for the marker's milliseconds, counted from
// the worker's "started" message: the worker really is busy, so Stop and
// the time limit must end it. Each marker line counts once per worker
// (the first request that carries it), so a pane that keeps its text
// makes the later requests no slower.
const busyPrelude = `(() => {
  const floors = new Map();
  const starts = new Map();
  const seen = new Set();
  self.addEventListener('message', (event) => {
    const msg = event.data;
    if (!msg || msg.type !== 'apply' || typeof msg.request !== 'string') return;
    let floor = 0;
    for (const m of msg.request.matchAll(/# e2e-busy-ms=(\d+) [\w-]+/g)) {
      if (seen.has(m[0])) continue;
      seen.add(m[0]);
      floor = Math.max(floor, Math.min(Number(m[1]), 30000));
    }
    if (floor > 0) floors.set(msg.id, floor);
  });
  const post = self.postMessage.bind(self);
  self.postMessage = (msg, ...rest) => {
    if (msg && msg.type === 'started' && floors.has(msg.id)) starts.set(msg.id, performance.now());
    if (msg && (msg.type === 'response' || msg.type === 'crashed') && floors.has(msg.id)) {
      const until = (starts.get(msg.id) ?? performance.now()) + floors.get(msg.id);
      floors.delete(msg.id);
      starts.delete(msg.id);
      while (performance.now() < until) { /* busy */ }
    }
    return post(msg, ...rest);
  };
})();
`

// busyMarker is a YAML comment line for a pane's text: the first request
// that holds it keeps the worker of busySiteURL busy at least ms. name
// tells markers apart (each counts once).
func busyMarker(ms int, name string) string {
	return fmt.Sprintf("# e2e-busy-ms=%d %s\n", ms, name)
}

// startBusySite serves busySiteURL in front of the site at target.
func startBusySite(target string) (net.Listener, error) {
	// The worker is sent with the prelude in front.
	return serveRewriting(target, busyWorkerPath.MatchString, func(w http.ResponseWriter, resp *http.Response) {
		body, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			http.Error(w, fmt.Sprintf("the worker: %d %v", resp.StatusCode, err), http.StatusBadGateway)
			return
		}
		out := bytes.Join([][]byte{[]byte(busyPrelude), body}, nil)
		w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Length", strconv.Itoa(len(out)))
		w.Write(out)
	})
}
