package kubernetes

import (
	"testing"

	"k8s.io/kubernetes/pkg/capabilities"
)

// TestServiceIPFamilies creates Services asking for IP families on the
// simulated cluster and on the real side (the Service REST storage's
// allocator on a single-stack IPv4 cluster, realalloc_test.go): each case
// just inside or just outside a rule of the allocator, stored alike or
// refused with the same message.
func TestServiceIPFamilies(t *testing.T) {
	capabilities.ResetForTest()
	capabilities.Setup(true, 0)
	defer capabilities.ResetForTest()
	real := newRealKubectl(t)
	svc := func(spec string) string {
		return "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n" + spec
	}
	cases := []documentCase{
		{"no families", svc("  selector: {app: web}\n"), false},
		{"IPv4 single stack", svc("  selector: {app: web}\n  ipFamilyPolicy: SingleStack\n  ipFamilies: [IPv4]\n"), false},
		{"IPv6 single stack", svc("  selector: {app: web}\n  ipFamilyPolicy: SingleStack\n  ipFamilies: [IPv6]\n"), true},
		{"IPv6 without a policy", svc("  selector: {app: web}\n  ipFamilies: [IPv6]\n"), true},
		{"prefer dual stack", svc("  selector: {app: web}\n  ipFamilyPolicy: PreferDualStack\n"), false},
		{"prefer dual stack, IPv4 named", svc("  selector: {app: web}\n  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4]\n"), false},
		{"prefer dual stack, both named", svc("  selector: {app: web}\n  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4, IPv6]\n"), true},
		{"require dual stack", svc("  selector: {app: web}\n  ipFamilyPolicy: RequireDualStack\n"), true},
		{"require dual stack, IPv6 first", svc("  selector: {app: web}\n  ipFamilyPolicy: RequireDualStack\n  ipFamilies: [IPv6, IPv4]\n"), true},
		{"single stack, two families", svc("  selector: {app: web}\n  ipFamilyPolicy: SingleStack\n  ipFamilies: [IPv4, IPv6]\n"), true},
		{"unknown family", svc("  selector: {app: web}\n  ipFamilies: [IPv5]\n"), true},
		{"family twice", svc("  selector: {app: web}\n  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4, IPv4]\n"), true},
		{"unknown policy", svc("  selector: {app: web}\n  ipFamilyPolicy: DualStack\n"), true},
		{"IPv4 cluster IP", svc("  selector: {app: web}\n  clusterIP: 10.96.0.20\n"), false},
		{"IPv6 cluster IP", svc("  selector: {app: web}\n  clusterIP: fd00::20\n"), true},
		{"headless, selector, IPv6", svc("  selector: {app: web}\n  clusterIP: None\n  ipFamilies: [IPv6]\n"), true},
		{"headless, no selector", svc("  clusterIP: None\n"), false},
		{"headless, no selector, IPv6", svc("  clusterIP: None\n  ipFamilies: [IPv6]\n"), false},
		{"headless, no selector, single stack IPv6", svc("  clusterIP: None\n  ipFamilyPolicy: SingleStack\n  ipFamilies: [IPv6]\n"), false},
		{"headless, no selector, require dual stack", svc("  clusterIP: None\n  ipFamilyPolicy: RequireDualStack\n"), false},
		{"external name", svc("  type: ExternalName\n  externalName: example.com\n"), false},
	}
	compareDocuments(t, real, cases)
}

// documentCase is a document `kubectl create -f` sends, and whether the
// real server refuses it.
type documentCase struct {
	name, doc string
	refused   bool
}

// compareDocuments creates each document on a fresh simulated cluster and
// on the real side: stored alike or refused with the same message, and
// refused when the case says the server refuses (so that a case meant
// to be outside a rule cannot pass by being accepted by both).
func compareDocuments(t testing.TB, real *realKubectl, cases []documentCase) {
	t.Helper()
	for _, c := range cases {
		v, detail := compareDocument(t, real, realDocument{id: c.name, text: c.doc})
		if !v.agrees() {
			t.Errorf("%s: %s\n%s", c.name, v, detail)
			continue
		}
		if (v == refusedAlike) != c.refused {
			t.Errorf("%s: %s, expected refused=%v", c.name, v, c.refused)
		}
	}
}
