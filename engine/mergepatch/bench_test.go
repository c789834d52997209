//go:build !js

package mergepatch

import (
	"encoding/json"
	"fmt"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"
	kmergepatch "k8s.io/apimachinery/pkg/util/mergepatch"
)

// typicalCR is a certificate-like custom resource: the file before and
// after an edit, and the live object with server fields and status.
func typicalCR() (original, modified, current []byte) {
	spec := func(hosts int, renew string) map[string]any {
		names := make([]any, hosts)
		for i := range names {
			names[i] = fmt.Sprintf("app%d.example.com", i)
		}
		return map[string]any{
			"secretName":  "web-tls",
			"dnsNames":    names,
			"duration":    "2160h",
			"renewBefore": renew,
			"issuerRef":   map[string]any{"name": "letsencrypt", "kind": "ClusterIssuer", "group": "cert-manager.io"},
			"privateKey":  map[string]any{"algorithm": "ECDSA", "size": 256, "rotationPolicy": "Always"},
			"usages":      []any{"server auth", "client auth"},
		}
	}
	meta := map[string]any{"name": "web", "namespace": "prod", "labels": map[string]any{"app": "web", "team": "edge"}}
	orig := map[string]any{"apiVersion": "cert-manager.io/v1", "kind": "Certificate", "metadata": meta, "spec": spec(3, "360h")}
	mod := map[string]any{"apiVersion": "cert-manager.io/v1", "kind": "Certificate", "metadata": meta, "spec": spec(4, "720h")}
	cur := map[string]any{"apiVersion": "cert-manager.io/v1", "kind": "Certificate",
		"metadata": map[string]any{"name": "web", "namespace": "prod", "labels": map[string]any{"app": "web", "team": "edge"},
			"uid": "4f1c", "resourceVersion": "81234", "generation": 3, "creationTimestamp": "2024-01-01T00:00:00Z",
			"annotations": map[string]any{"kubectl.kubernetes.io/last-applied-configuration": string(mustJSON(orig))}},
		"spec": spec(3, "360h"),
		"status": map[string]any{"notAfter": "2025-01-01T00:00:00Z", "revision": 7,
			"conditions": []any{map[string]any{"type": "Ready", "status": "True", "reason": "Ready", "observedGeneration": 3}}},
	}
	return mustJSON(orig), mustJSON(mod), mustJSON(cur)
}

// largeCR is a custom resource with a few thousand fields: a routing table
// of 500 rules, a quarter of them edited.
func largeCR() (original, modified, current []byte) {
	rules := func(edit bool, live bool) []any {
		out := make([]any, 500)
		for i := range out {
			r := map[string]any{
				"name":     fmt.Sprintf("rule-%d", i),
				"match":    map[string]any{"path": fmt.Sprintf("/api/v%d", i), "methods": []any{"GET", "POST"}},
				"backend":  map[string]any{"service": fmt.Sprintf("svc-%d", i%17), "port": 8080 + i%3, "weight": 0.5},
				"timeouts": map[string]any{"connect": "1s", "read": "30s"},
			}
			if edit && i%4 == 0 {
				r["backend"].(map[string]any)["weight"] = 0.75
			}
			if live {
				r["status"] = map[string]any{"hits": 1000 + i, "healthy": true}
			}
			out[i] = r
		}
		return out
	}
	labels := map[string]any{}
	for i := range 50 {
		labels[fmt.Sprintf("label-%d", i)] = fmt.Sprint(i)
	}
	doc := func(edit, live bool) map[string]any {
		return map[string]any{"apiVersion": "routing.example.com/v1", "kind": "RouteTable",
			"metadata": map[string]any{"name": "edge", "labels": labels},
			"spec":     map[string]any{"rules": rules(edit, live), "defaults": map[string]any{"retries": 3, "edit": edit}}}
	}
	return mustJSON(doc(false, false)), mustJSON(doc(true, false)), mustJSON(doc(false, true))
}

func benchInputs() []struct {
	name                        string
	original, modified, current []byte
} {
	o1, m1, c1 := typicalCR()
	o2, m2, c2 := largeCR()
	return []struct {
		name                        string
		original, modified, current []byte
	}{{"typical", o1, m1, c1}, {"large", o2, m2, c2}}
}

func BenchmarkCreateThreeWay(b *testing.B) {
	for _, in := range benchInputs() {
		b.Run(in.name+"/ours", func(b *testing.B) {
			b.SetBytes(int64(len(in.original) + len(in.modified) + len(in.current)))
			for b.Loop() {
				if _, err := CreateThreeWay(in.original, in.modified, in.current, KubectlPreconditions()...); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/apimachinery", func(b *testing.B) {
			b.SetBytes(int64(len(in.original) + len(in.modified) + len(in.current)))
			for b.Loop() {
				if _, err := jsonmergepatch.CreateThreeWayJSONMergePatch(in.original, in.modified, in.current,
					kmergepatch.RequireKeyUnchanged("apiVersion"), kmergepatch.RequireKeyUnchanged("kind"),
					kmergepatch.RequireMetadataKeyUnchanged("name")); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkApply(b *testing.B) {
	for _, in := range benchInputs() {
		patch, err := CreateThreeWay(in.original, in.modified, in.current)
		if err != nil {
			b.Fatal(err)
		}
		if !json.Valid(patch) || len(patch) < 20 {
			b.Fatalf("%s: patch %s is too small to measure", in.name, patch)
		}
		b.Run(in.name+"/ours", func(b *testing.B) {
			b.SetBytes(int64(len(in.current) + len(patch)))
			for b.Loop() {
				if _, err := Apply(in.current, patch); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/json-patch", func(b *testing.B) {
			b.SetBytes(int64(len(in.current) + len(patch)))
			for b.Loop() {
				if _, err := jsonpatch.MergePatch(in.current, patch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The benchmark inputs are also test inputs.
func TestBenchmarkInputsAgree(t *testing.T) {
	for _, in := range benchInputs() {
		for _, kubectl := range []bool{false, true} {
			if d, _ := compareThreeWay(in.original, in.modified, in.current, kubectl); d != "" {
				t.Errorf("%s: %s", in.name, d)
			}
		}
	}
}
