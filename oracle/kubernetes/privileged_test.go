package kubernetes

import (
	"fmt"
	"testing"

	"github.com/applylens/applylens/engine/cluster"
	"k8s.io/kubernetes/pkg/capabilities"
)

// allowPrivileged sets the real side up as kind and kubeadm run the API
// server, with --allow-privileged=true (capabilities.Setup, as
// kube-apiserver does with the flag), until the test ends: the simulated
// cluster's default.
func allowPrivileged(t *testing.T) {
	capabilities.ResetForTest()
	capabilities.Setup(true, 0)
	t.Cleanup(capabilities.ResetForTest)
}

// TestAllowPrivileged creates documents with and without privileged
// containers on a cluster run with --allow-privileged=true (kind's and
// kubeadm's) and =false, on the simulated cluster (Options.DenyPrivileged)
// and on the real side (capabilities.Setup, what kube-apiserver does with
// the flag): stored alike or refused with the same message.
func TestAllowPrivileged(t *testing.T) {
	defer capabilities.ResetForTest()
	real := newRealKubectl(t)
	pod := func(sc string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: debug\nspec:\n  containers:\n  - name: shell\n    image: busybox\n" + sc
	}
	initPod := "apiVersion: v1\nkind: Pod\nmetadata:\n  name: debug\nspec:\n  initContainers:\n  - name: setup\n    image: busybox\n    securityContext: {privileged: true}\n  containers:\n  - name: shell\n    image: busybox\n"
	deployment := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: agent}\n  template:\n    metadata:\n      labels: {app: agent}\n    spec:\n      containers:\n      - name: agent\n        image: busybox\n        securityContext:\n          privileged: true\n"
	for _, allow := range []bool{true, false} {
		capabilities.ResetForTest()
		capabilities.Setup(allow, 0)
		cases := []documentCase{
			{"no security context", pod(""), false},
			{"privileged false", pod("    securityContext: {privileged: false}\n"), false},
			{"privileged true", pod("    securityContext: {privileged: true}\n"), !allow},
			{"privileged init container", initPod, !allow},
			{"privileged deployment template", deployment, !allow},
		}
		for _, c := range cases {
			name := fmt.Sprintf("--allow-privileged=%v, %s", allow, c.name)
			v, detail := compareDocumentOn(t, real, realDocument{id: name, text: c.doc}, cluster.Options{DenyPrivileged: !allow})
			if !v.agrees() {
				t.Errorf("%s: %s\n%s", name, v, detail)
				continue
			}
			if (v == refusedAlike) != c.refused {
				t.Errorf("%s: %s, expected refused=%v", name, v, c.refused)
			}
		}
	}
}
