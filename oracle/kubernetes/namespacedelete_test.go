package kubernetes

import (
	"context"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/cluster"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	api "k8s.io/kubernetes/pkg/apis/core"
)

// TestProtectedNamespaces deletes namespaces on the simulated cluster and
// asks kube-apiserver's NamespaceLifecycle admission plugin (with the
// immortal namespaces its registration gives it) about the same delete:
// refused with the same kubectl message, or allowed and deleted.
func TestProtectedNamespaces(t *testing.T) {
	// The set lifecycle.Register gives NewLifecycle.
	plugin, err := lifecycle.NewLifecycle(sets.New(metav1.NamespaceDefault, metav1.NamespaceSystem, metav1.NamespacePublic))
	if err != nil {
		t.Fatal(err)
	}
	file := "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: kube-system\n"
	cases := []struct {
		name, command, namespace, source string
		refused                          bool
	}{
		{"default", "kubectl delete namespace default", "default", "", true},
		{"kube-system", "kubectl delete ns kube-system", "kube-system", "", true},
		{"kube-public", "kubectl delete namespace kube-public", "kube-public", "", true},
		{"kube-node-lease", "kubectl delete namespace kube-node-lease", "kube-node-lease", "", false},
		{"a namespace of the user", "kubectl delete namespace team", "team", "", false},
		{"server dry run of default", "kubectl delete namespace default --dry-run=server", "default", "", true},
		{"kube-system from a file", "kubectl delete -f ns.yaml", "kube-system", "ns.yaml", true},
	}
	for _, c := range cases {
		attrs := admission.NewAttributesRecord(nil, nil, api.Kind("Namespace").WithVersion("v1"), "", c.namespace,
			api.Resource("namespaces").WithVersion("v1"), "", admission.Delete, &metav1.DeleteOptions{}, strings.Contains(c.command, "dry-run"), nil)
		realErr := plugin.Admit(context.Background(), attrs, nil)
		if (realErr != nil) != c.refused {
			t.Errorf("%s: the admission plugin says %v, the case expects refused=%v", c.name, realErr, c.refused)
			continue
		}
		sim := cluster.New(cluster.Options{})
		if _, err := sim.Run("kubectl create namespace team", nil); err != nil {
			t.Fatal(err)
		}
		out, err := sim.Run(c.command, map[string]string{"ns.yaml": file})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if realErr == nil {
			if out.ExitCode != 0 {
				t.Errorf("%s: refused, the server deletes it: %s", c.name, out.Stderr)
			}
			continue
		}
		want := kubectlMessage(cmdutil.AddSourceToErr("deleting", c.source, realErr))
		if testing.Verbose() {
			t.Logf("%s: %s", c.name, want)
		}
		if got := errorLines(out.Stderr); got != want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, want)
		}
	}
}
