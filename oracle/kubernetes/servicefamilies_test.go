package kubernetes

import (
	"testing"

	"github.com/applylens/applylens/engine/cluster"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/registry/rest"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"sigs.k8s.io/yaml"
)

// TestServiceIPFamilies creates Services asking for IP families on the
// simulated cluster and on the real side (the Service REST storage's
// allocator on a single-stack IPv4 cluster, realalloc_test.go): each case
// just inside or just outside a rule of the allocator, stored alike or
// refused with the same message.
func TestServiceIPFamilies(t *testing.T) {
	allowPrivileged(t)
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
		{"IPv4 cluster IP, IPv4 family", svc("  selector: {app: web}\n  clusterIP: 10.96.0.20\n  ipFamilies: [IPv4]\n"), false},
		{"IPv4 cluster IP, IPv6 family", svc("  selector: {app: web}\n  clusterIP: 10.96.0.20\n  ipFamilies: [IPv6]\n"), true},
		{"IPv6 cluster IP, IPv4 family", svc("  selector: {app: web}\n  clusterIP: fd00::20\n  ipFamilies: [IPv4]\n"), true},
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

// TestServiceIPFamiliesUpdate replaces a stored Service (created on the
// simulated cluster, which stores what the real side stores:
// TestServiceIPFamilies) with a full object, as `kubectl replace -f`
// sends it, on the simulated cluster and through the Service REST
// storage's BeginUpdate and rest.BeforeUpdate: both accept, or both
// refuse with the same kubectl message.
func TestServiceIPFamiliesUpdate(t *testing.T) {
	allowPrivileged(t)
	alloc := newServiceAllocation(t)
	svc := func(spec string) string {
		return "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: web}\n  ports:\n  - port: 80\n" + spec
	}
	ip := "  clusterIP: 10.96.0.10\n  clusterIPs: [10.96.0.10]\n"
	for _, c := range []struct {
		name, old, new string
		refused        bool
	}{
		{"policy left out", svc(""), svc(ip + "  type: ClusterIP\n"), false},
		{"single stack kept", svc(""), svc(ip + "  ipFamilyPolicy: SingleStack\n  ipFamilies: [IPv4]\n"), false},
		{"require dual stack", svc(""), svc(ip + "  ipFamilyPolicy: RequireDualStack\n"), true},
		{"prefer dual stack", svc(""), svc(ip + "  ipFamilyPolicy: PreferDualStack\n"), false},
		{"prefer dual stack, IPv6 added", svc("  ipFamilyPolicy: PreferDualStack\n"), svc(ip + "  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4, IPv6]\n"), true},
		{"prefer dual stack unchanged", svc("  ipFamilyPolicy: PreferDualStack\n"), svc(ip + "  ipFamilyPolicy: PreferDualStack\n  ipFamilies: [IPv4]\n  sessionAffinity: ClientIP\n"), false},
		{"IPv6 family", svc(""), svc(ip + "  ipFamilies: [IPv6]\n"), true},
	} {
		sim := cluster.New(cluster.Options{})
		if out := mustRunSim(t, sim, "kubectl create -f f.yaml", c.old); out.ExitCode != 0 {
			t.Fatalf("%s: the old Service: %s", c.name, out.Stderr)
		}
		var stored map[string]any
		for _, raw := range sim.Objects() {
			if o := decodeRaw(t, raw); o["kind"] == "Service" {
				stored = o
			}
		}
		out := mustRunSim(t, sim, "kubectl replace -f f.yaml", c.new)
		realErr := realServiceUpdate(t, alloc, decodeRaw(t, yamlJSON(t, c.new)), stored)
		switch {
		case realErr == nil && out.ExitCode != 0:
			t.Errorf("%s: refused, the server accepts: %s", c.name, out.Stderr)
		case realErr != nil && out.ExitCode == 0:
			t.Errorf("%s: accepted, the server refuses: %v", c.name, realErr)
		case realErr != nil:
			if want := kubectlMessage(cmdutil.AddSourceToErr("replacing", "f.yaml", realErr)); errorLines(out.Stderr) != want {
				t.Errorf("%s:\n got %q\nwant %q", c.name, errorLines(out.Stderr), want)
			}
		}
		if (realErr != nil) != c.refused {
			t.Errorf("%s: the server's answer %v, the case expects refused=%v", c.name, realErr, c.refused)
		}
	}
}

func mustRunSim(t testing.TB, c *cluster.Cluster, line, doc string) *cluster.Outcome {
	t.Helper()
	out, err := c.Run(line, map[string]string{"f.yaml": doc})
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return out
}

func yamlJSON(t testing.TB, doc string) []byte {
	t.Helper()
	js, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// realServiceUpdate is a PUT of obj over the stored old: decoding with
// defaulting, the storage's BeginUpdate (the allocator's checks), then
// rest.BeforeUpdate with the Service strategy.
func realServiceUpdate(t testing.TB, alloc *serviceAllocation, obj, old map[string]any) error {
	t.Helper()
	withSystemFields(obj)
	metaOf(obj)["resourceVersion"] = metaOf(old)["resourceVersion"]
	metaOf(obj)["uid"], metaOf(obj)["creationTimestamp"] = metaOf(old)["uid"], metaOf(old)["creationTimestamp"]
	versioned := typed(t, obj)
	legacyscheme.Scheme.Default(versioned)
	internal := toInternal(t, versioned)
	oldInternal := toInternal(t, typed(t, old))
	ctx := requestContext(obj, "update")
	finish, err := alloc.rest.Store.BeginUpdate(ctx, internal, oldInternal, &metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	err = rest.BeforeUpdate(registry["Service"].s, ctx, internal, oldInternal)
	finish(ctx, err == nil)
	return err
}
