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
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// busySiteURL serves the site as siteURL does, except for the engine's
// worker (worker.<hash>.js), which starts with busyPrelude: a computation
// whose request holds a busyHold's marker keeps the worker busy until the
// test releases the hold. The tests of the computing state (TestBusy,
// TestReplacedRequest) open it, so that what the page shows while the
// engine computes can be checked on a machine of any speed, idle or
// loaded, without guessing how long "long enough" is; the page and its
// workers carry no hook for it.
var busySiteURL string

// busyWorkerPath is the engine's worker, the only file busySiteURL changes.
var busyWorkerPath = regexp.MustCompile(`^/worker\.[0-9a-f]+\.js$`)

// busyHoldPath is where the prelude asks whether a hold was released:
// busyHoldPath+NAME answers "released" or "held". It is on the page's own
// origin, which the Content-Security-Policy's connect-src 'self' allows.
const busyHoldPath = "/e2e-busy/"

// busyMaxHoldMs caps a hold, so that a test that fails before it releases
// its hold still ends (the worker then answers).
const busyMaxHoldMs = 60000

// busyPrelude runs in the engine's worker before the worker's own code.
// It reads each apply request as it arrives (a listener added before the
// worker's onmessage handler runs first) and holds back the worker's
// answer to it (its response, or crashed) while any hold named in it is
// not released, asking busyHoldPath with a synchronous request every
// 15 ms: the worker's thread really is busy meanwhile (it handles no
// message), so Stop and the time limit must end it. A hold known released
// is not asked about again, so the later requests of a pane that keeps
// the marker are not slowed.
var busyPrelude = fmt.Sprintf(`(() => {
  const holds = new Map();
  const released = new Set();
  self.addEventListener('message', (event) => {
    const msg = event.data;
    if (!msg || msg.type !== 'apply' || typeof msg.request !== 'string') return;
    const names = [...msg.request.matchAll(/# e2e-busy ([\w-]+)/g)].map((m) => m[1]);
    if (names.length > 0) holds.set(msg.id, names);
  });
  const isReleased = (name) => {
    if (released.has(name)) return true;
    const xhr = new XMLHttpRequest();
    xhr.open('GET', %q + encodeURIComponent(name), false);
    xhr.send();
    if (xhr.status === 200 && xhr.responseText === 'released') released.add(name);
    return released.has(name);
  };
  const post = self.postMessage.bind(self);
  self.postMessage = (msg, ...rest) => {
    if (msg && (msg.type === 'response' || msg.type === 'crashed') && holds.has(msg.id)) {
      const names = holds.get(msg.id);
      holds.delete(msg.id);
      const until = performance.now() + %d;
      for (;;) {
        if (names.every(isReleased) || performance.now() > until) break;
        const next = performance.now() + 15;
        while (performance.now() < next) { /* busy */ }
      }
    }
    return post(msg, ...rest);
  };
})();
`, busyHoldPath, busyMaxHoldMs)

// busyHolds are the holds' states by name: true once released. A name
// the map does not know is answered as released, so nothing waits for a
// hold no test made.
var busyHolds = struct {
	sync.Mutex
	released map[string]bool
}{released: map[string]bool{}}

// busySeq makes each hold's name unique, in a run of -count N too.
var busySeq atomic.Int64

// busyHold keeps the engine's worker of busySiteURL busy from the moment
// a request holding its marker reaches it until release is called.
type busyHold struct {
	name string
}

// newBusyHold makes a hold, held until release or the end of the test.
// name tells the holds apart in the worker's requests.
func newBusyHold(t testing.TB, name string) *busyHold {
	h := &busyHold{name: fmt.Sprintf("%s-%d", name, busySeq.Add(1))}
	busyHolds.Lock()
	busyHolds.released[h.name] = false
	busyHolds.Unlock()
	t.Cleanup(h.release)
	return h
}

// marker is a YAML comment line for a pane's text: each request that
// holds it keeps the worker busy while the hold is held.
func (h *busyHold) marker() string {
	return "# e2e-busy " + h.name + "\n"
}

// release lets the worker answer the requests the hold keeps.
func (h *busyHold) release() {
	busyHolds.Lock()
	busyHolds.released[h.name] = true
	busyHolds.Unlock()
}

// serveBusyHold answers the prelude's question about a hold.
func serveBusyHold(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, busyHoldPath)
	busyHolds.Lock()
	released, known := busyHolds.released[name]
	busyHolds.Unlock()
	w.Header().Set("Content-Type", "text/plain")
	w.Header().Set("Cache-Control", "no-store")
	if !known || released {
		io.WriteString(w, "released")
		return
	}
	io.WriteString(w, "held")
}

// startBusySite serves busySiteURL in front of the site at target.
func startBusySite(target string) (net.Listener, error) {
	// The worker is sent with the prelude in front.
	site := rewriting(target, busyWorkerPath.MatchString, func(w http.ResponseWriter, resp *http.Response) {
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
	return serveProxy(target, func(proxy http.Handler) http.Handler {
		rest := site(proxy)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, busyHoldPath) {
				serveBusyHold(w, r)
				return
			}
			rest.ServeHTTP(w, r)
		})
	})
}
