//go:build browser

package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// crdBackends is a CRD whose spec.endpoints is a list of type map keyed
// by host (the timeline sample server-side-list-map's).
const crdBackends = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: backends.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    kind: Backend
    plural: backends
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              endpoints:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [host]
                items:
                  type: object
                  required: [host]
                  properties:
                    host: {type: string}
                    weight: {type: integer}
`

// TestServerSideCRD pastes a CRD beside a custom resource: the
// server-side apply then merges the resource's list by key (the other
// manager's entry stays, owned by it), the CRDs survive a reload and a
// link, and a CRD the server would refuse is an error naming its pane.
func TestServerSideCRD(t *testing.T) {
	b := newBrowser(t, 1440, 900)
	b.open()
	b.setPane("file", `apiVersion: example.com/v1
kind: Backend
metadata:
  name: web
  namespace: default
spec:
  endpoints:
  - host: a.example.com
    weight: 60
  - host: b.example.com
    weight: 40
`)
	b.setPane("live", `apiVersion: example.com/v1
kind: Backend
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:endpoints:
          k:{"host":"a.example.com"}: {".": {}, "f:host": {}, "f:weight": {}}
          k:{"host":"b.example.com"}: {".": {}, "f:host": {}, "f:weight": {}}
    manager: kubectl
    operation: Apply
    time: "2026-01-01T00:00:02Z"
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:endpoints:
          k:{"host":"canary.example.com"}: {".": {}, "f:host": {}, "f:weight": {}}
    manager: ops
    operation: Apply
    time: "2026-01-01T00:00:03Z"
spec:
  endpoints:
  - host: a.example.com
    weight: 50
  - host: b.example.com
    weight: 50
  - host: canary.example.com
    weight: 5
`)
	b.run(chromedp.Click(chromedp.ID("apply-server")))
	b.ssaReady("the apply without a CRD", `true`)
	if eval[bool](b, `document.getElementById('ssa-crds').open`) {
		t.Error("the CRD box is open with no CRD pasted")
	}
	without := eval[string](b, `document.querySelector('#ssa-result')?.textContent ?? ''`)
	// Without the CRD the kind has no schema: the list is atomic, the
	// file's list replaces the live one, the ops entry is gone.
	if strings.Contains(without, "host: canary.example.com") {
		t.Errorf("without the CRD the result keeps the other manager's entry: %s", without)
	}
	b.run(chromedp.Click(chromedp.CSS("#ssa-crds summary")))
	text, _ := json.Marshal(crdBackends)
	b.run(chromedp.Evaluate[chromedp.Void](`(() => { const t = document.getElementById('ssa-crds-text'); t.value = ` + string(text) + `; t.dispatchEvent(new Event('input')); })()`))
	b.ssaReady("the apply merged by the CRD's schema", `v.dataset.action === 'configure' && (document.querySelector('#ssa-result')?.textContent ?? '').includes('host: canary.example.com')`)
	b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('ssa-crds').scrollIntoView()`))
	saveShot(t, b, "ssa-crds-desktop")
	result := eval[string](b, `document.querySelector('#ssa-result').textContent`)
	for _, want := range []string{"host: a.example.com", "weight: 60", "host: b.example.com", "weight: 40", "host: canary.example.com", "weight: 5"} {
		if !strings.Contains(result, want) {
			t.Errorf("the result lacks %q", want)
		}
	}
	owners := eval[string](b, `[...document.querySelectorAll('#ssa-result .blame-row')].find((r) => r.textContent.includes('host: canary.example.com'))?.dataset.owners ?? ''`)
	if !strings.Contains(owners, "ops") {
		t.Errorf("the canary entry's owners are %q, want ops", owners)
	}
	if got := b.text("ssa-crds"); !strings.Contains(got, "(1)") {
		t.Errorf("the CRD box says %q, want it to count 1 CRD", got)
	}

	// A link carries the CRDs; a fresh page opens them in the box.
	b.run(chromedp.KeyEvent("l", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("the s3 link", `location.hash.startsWith('#s3=')`, stepTimeout)
	link := eval[string](b, `location.href`)
	b2 := newBrowser(t, 1440, 900)
	b2.run(chromedp.Navigate(link))
	b2.ssaReady("the link's server-side apply", `v.dataset.action === 'configure' && (document.querySelector('#ssa-result')?.textContent ?? '').includes('host: canary.example.com')`)
	if got := eval[string](b2, `document.getElementById('ssa-crds-text').value`); got != crdBackends {
		t.Errorf("the link's CRD box holds %q", got)
	}
	if !eval[bool](b2, `document.getElementById('ssa-crds').open`) {
		t.Error("the CRD box from a link is closed")
	}

	// A CRD the server would refuse: an error naming the CRDs.
	bad, _ := json.Marshal(strings.Replace(crdBackends, "type: array", "type: arrays", 1))
	b.run(chromedp.Evaluate[chromedp.Void](`(() => { const t = document.getElementById('ssa-crds-text'); t.value = ` + string(bad) + `; t.dispatchEvent(new Event('input')); })()`))
	b.waitFor("the CRD's error", `document.getElementById('ssa-view').dataset.state === 'error'`, stepTimeout)
	if got := b.text("ssa-view"); !strings.Contains(got, "crds") {
		t.Errorf("the error does not name the CRDs: %q", got)
	}
	b.checkConsole()
	b2.checkConsole()
}
