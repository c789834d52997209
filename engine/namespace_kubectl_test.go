//go:build !js

package engine

import (
	"errors"
	"testing"
)

// TestNamespaceFlagsAgreeWithKubectl compares Apply with kubectl's code for
// -n and the scope of a custom kind: which namespace the object gets (in
// the patch, the object and the last-applied annotation) and kubectl's
// error for a file naming another namespace than -n.
func TestNamespaceFlagsAgreeWithKubectl(t *testing.T) {
	const (
		deployment      = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n"
		deploymentInA   = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 2\n"
		liveInA         = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 3\n"
		backup          = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  keep: 3\n"
		backupInA       = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n  namespace: a\nspec:\n  keep: 3\n"
		liveBackup      = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  keep: 1\n"
		clusterRole     = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules: []\n"
		clusterRoleInA  = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\n  namespace: a\nrules: []\n"
		namespace       = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n"
		liveInB         = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: b\nspec:\n  replicas: 3\n"
		liveBackupInB   = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n  namespace: b\nspec:\n  keep: 1\n"
		liveNoNamespace = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n"
	)
	cases := []struct {
		name string
		in   Input
		// wantNamespace is Result.Namespace; wantErr kubectl's error.
		wantNamespace, wantErr string
		// wantElsewhere: the live object is in another namespace than
		// wantNamespace, so kubectl creates the object there.
		wantElsewhere bool
	}{
		{name: "context default", in: Input{File: deployment}, wantNamespace: "default"},
		{name: "-n on a file naming none", in: Input{File: deployment, Namespace: "b"}, wantNamespace: "b"},
		{name: "-n on a file naming none, live in it", in: Input{File: deployment, Live: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: b\nspec:\n  replicas: 3\n", Namespace: "b"}, wantNamespace: "b"},
		{name: "-n equal to the file's", in: Input{File: deploymentInA, Live: liveInA, Namespace: "a"}, wantNamespace: "a"},
		{name: "-n other than the file's", in: Input{File: deploymentInA, Namespace: "b"},
			wantErr: `the namespace from the provided object "a" does not match the namespace "b". You must pass '--namespace=a' to perform this operation.`},
		{name: "-n other than the file's, live present", in: Input{File: deploymentInA, Live: liveInA, Namespace: "b"},
			wantErr: `the namespace from the provided object "a" does not match the namespace "b". You must pass '--namespace=a' to perform this operation.`},
		{name: "file's own namespace without -n", in: Input{File: deploymentInA, Live: liveInA}, wantNamespace: "a"},
		{name: "file's own namespace other than the live's", in: Input{File: deploymentInA, Live: liveInB}, wantNamespace: "a", wantElsewhere: true},
		{name: "file's own namespace other than the live's, last-applied given", in: Input{File: deploymentInA, Live: liveInB, LastApplied: deployment}, wantNamespace: "a", wantElsewhere: true},
		{name: "-n other than the live's, file naming none", in: Input{File: deployment, Live: liveInB, Namespace: "a"}, wantNamespace: "a", wantElsewhere: true},
		{name: "-n equal to the file's, live in another", in: Input{File: deploymentInA, Live: liveInB, Namespace: "a"}, wantNamespace: "a", wantElsewhere: true},
		{name: "custom kind in the file's namespace, live in another", in: Input{File: backupInA, Live: liveBackupInB}, wantNamespace: "a", wantElsewhere: true},
		{name: "live without a namespace is taken as the file's", in: Input{File: deploymentInA, Live: liveNoNamespace}, wantNamespace: "a"},
		{name: "custom kind namespaced by default", in: Input{File: backup, Namespace: "b"}, wantNamespace: "b"},
		{name: "custom kind cluster-scoped", in: Input{File: backup, ClusterScoped: true}},
		{name: "custom kind cluster-scoped ignores -n", in: Input{File: backup, ClusterScoped: true, Namespace: "b"}},
		{name: "custom kind cluster-scoped drops the file's namespace", in: Input{File: backupInA, ClusterScoped: true, Namespace: "b"}},
		{name: "custom kind cluster-scoped update", in: Input{File: backup, Live: liveBackup, ClusterScoped: true, Namespace: "b"}},
		{name: "custom kind namespaced, file's namespace against -n", in: Input{File: backupInA, Namespace: "b"},
			wantErr: `the namespace from the provided object "a" does not match the namespace "b". You must pass '--namespace=a' to perform this operation.`},
		{name: "built-in cluster-scoped ignores -n", in: Input{File: clusterRole, Namespace: "b"}},
		{name: "built-in cluster-scoped drops the file's namespace", in: Input{File: clusterRoleInA, Namespace: "b"}},
		{name: "Namespace ignores -n", in: Input{File: namespace, Namespace: "b"}},
		{name: "built-in kind ignores the custom scope", in: Input{File: deployment, ClusterScoped: true, Namespace: "b"}, wantNamespace: "b"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			compareWithKubectl(t, tc.name, tc.in)
			want := kubectlApply(tc.in)
			res, err := Apply(tc.in)
			if tc.wantErr != "" {
				var ie *InputError
				if !errors.As(err, &ie) || ie.Message != tc.wantErr || ie.Pane != PaneFile || ie.Path != "metadata.namespace" || ie.Line != 5 {
					t.Fatalf("error = %#v, want on the file's metadata.namespace (line 5): %s", err, tc.wantErr)
				}
				if want.err == nil || want.err.Error() != tc.wantErr {
					t.Fatalf("kubectl's error = %v, want %s", want.err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Namespace != tc.wantNamespace {
				t.Errorf("Namespace = %q, want %q", res.Namespace, tc.wantNamespace)
			}
			switch {
			case !tc.wantElsewhere && res.Elsewhere != nil:
				t.Errorf("Elsewhere = %+v, want none", res.Elsewhere)
			case tc.wantElsewhere && (res.Elsewhere == nil || res.Elsewhere.Namespace != tc.wantNamespace || res.Elsewhere.LiveNamespace != "b"):
				t.Errorf("Elsewhere = %+v, want the file's namespace %s and the live object's b", res.Elsewhere, tc.wantNamespace)
			case tc.wantElsewhere && (res.Action != ActionCreate || want.action != ActionCreate):
				t.Errorf("action %s, kubectl's %s: want both create", res.Action, want.action)
			}
		})
	}
}
