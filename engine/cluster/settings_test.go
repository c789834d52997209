package cluster

import (
	"strings"
	"testing"
)

// TestClusterRefusals checks the refusals that come from the cluster's
// configuration and admission rather than from an object alone, with the
// messages oracle/kubernetes measures from k8s.io/kubernetes
// (TestServiceIPFamilies, TestProtectedNamespaces, TestAllowPrivileged).
func TestClusterRefusals(t *testing.T) {
	svc := func(spec string) map[string]string {
		return map[string]string{"f.yaml": "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: web}\n  ports:\n  - port: 80\n" + spec}
	}
	pod := map[string]string{"f.yaml": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: debug\nspec:\n  containers:\n  - name: shell\n    image: busybox\n    securityContext: {privileged: true}\n"}
	for _, tc := range []struct {
		name, command string
		opts          Options
		files         map[string]string
		stderr        string // "" when the command succeeds
	}{
		{"IPv4 service", "kubectl apply -f f.yaml", Options{}, svc("  ipFamilies: [IPv4]\n"), ""},
		{"IPv6 service", "kubectl apply -f f.yaml", Options{}, svc("  ipFamilies: [IPv6]\n"),
			`The Service "web" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster`},
		{"dual-stack service", "kubectl apply -f f.yaml", Options{}, svc("  ipFamilyPolicy: RequireDualStack\n"),
			`The Service "web" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services`},
		{"prefer dual-stack service", "kubectl apply -f f.yaml", Options{}, svc("  ipFamilyPolicy: PreferDualStack\n"), ""},
		{"delete default", "kubectl delete namespace default", Options{}, nil,
			`Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted`},
		{"delete kube-node-lease", "kubectl delete namespace kube-node-lease", Options{}, nil, ""},
		{"privileged, allowed", "kubectl apply -f f.yaml", Options{}, pod, ""},
		{"privileged, denied", "kubectl apply -f f.yaml", Options{DenyPrivileged: true}, pod,
			`The Pod "debug" is invalid: spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(tc.opts)
			out := mustRun(t, c, tc.command, tc.files)
			if tc.stderr == "" {
				if out.ExitCode != 0 {
					t.Errorf("exit %d: %s", out.ExitCode, out.Stderr)
				}
				return
			}
			if out.ExitCode == 0 || strings.TrimSuffix(out.Stderr, "\n") != tc.stderr {
				t.Errorf("exit %d, stderr %q\nwant %q", out.ExitCode, out.Stderr, tc.stderr)
			}
			if len(out.Changes) != 0 {
				t.Errorf("refused, yet changed %+v", out.Changes)
			}
		})
	}
	// A clone keeps the setting.
	c := New(Options{DenyPrivileged: true}).Clone()
	if out := mustRun(t, c, "kubectl apply -f f.yaml", pod); out.ExitCode == 0 {
		t.Error("a clone of a cluster with --allow-privileged=false stored a privileged pod")
	}
}
