//go:build !js

package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kube"
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
			want := KubectlApply(tc.in)
			res, err := Apply(tc.in)
			if tc.wantErr != "" {
				var ie *InputError
				if !errors.As(err, &ie) || ie.Message != tc.wantErr || ie.Pane != PaneFile || ie.Path != "metadata.namespace" || ie.Line != 5 {
					t.Fatalf("error = %#v, want on the file's metadata.namespace (line 5): %s", err, tc.wantErr)
				}
				if want.Err == nil || want.Err.Error() != tc.wantErr {
					t.Fatalf("kubectl's error = %v, want %s", want.Err, tc.wantErr)
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
			case tc.wantElsewhere && (res.Action != ActionCreate || want.Action != ActionCreate):
				t.Errorf("action %s, kubectl's %s: want both create", res.Action, want.Action)
			}
		})
	}
}

// TestOtherNameAgreesWithKubectl: a file naming another object than the
// live one, of the same apiVersion and kind, is kubectl's create of the
// file's object (the cluster holds only the live object, under its own
// name: kubectl's GET of the file's name is a NotFound), never a patch
// renaming the live object; an apiVersion or kind difference stays the
// patch's failure.
func TestOtherNameAgreesWithKubectl(t *testing.T) {
	const (
		web2        = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web2\nspec:\n  replicas: 2\n"
		web2InA     = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web2\n  namespace: a\nspec:\n  replicas: 2\n"
		web         = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n"
		liveWeb     = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":1,\"paused\":true}}'\nspec:\n  replicas: 3\n  paused: true\n"
		liveWebInB  = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: b\nspec:\n  replicas: 3\n  paused: true\n"
		typo        = "apiVersion: apps/v1\nkind: Deploymnet\nmetadata:\n  name: web2\nspec:\n  replicas: 2\n"
		backup2     = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly2\nspec:\n  keep: 3\n"
		liveBackup  = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n  namespace: default\nspec:\n  keep: 1\n"
		role2       = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader2\nrules: []\n"
		liveRole    = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules:\n- apiGroups: [\"\"]\n  resources: [pods]\n  verbs: [get]\n"
		notFromLive = "paused"
	)
	cases := []struct {
		name string
		in   Input
		// wantName/wantLiveName/wantNamespace/wantLiveNamespace: the
		// outcome's (no outcome when wantName is ""); wantErr: both fail.
		wantName, wantLiveName, wantNamespace, wantLiveNamespace, wantKubectl string
		wantErr                                                               bool
	}{
		{name: "the same name", in: Input{File: web, Live: liveWeb}},
		{name: "another name", in: Input{File: web2, Live: liveWeb},
			wantName: "web2", wantLiveName: "web", wantNamespace: "default", wantLiveNamespace: "default", wantKubectl: "deployment.apps/web2 created"},
		{name: "another name, last-applied given", in: Input{File: web2, Live: liveWeb, LastApplied: web},
			wantName: "web2", wantLiveName: "web", wantNamespace: "default", wantLiveNamespace: "default", wantKubectl: "deployment.apps/web2 created"},
		{name: "another name, the live object's namespace", in: Input{File: web2, Live: liveWebInB},
			wantName: "web2", wantLiveName: "web", wantNamespace: "b", wantLiveNamespace: "b", wantKubectl: "deployment.apps/web2 created"},
		{name: "another name and namespace", in: Input{File: web2InA, Live: liveWebInB},
			wantName: "web2", wantLiveName: "web", wantNamespace: "a", wantLiveNamespace: "b", wantKubectl: "deployment.apps/web2 created"},
		{name: "another name and -n", in: Input{File: web2, Live: liveWebInB, Namespace: "a"},
			wantName: "web2", wantLiveName: "web", wantNamespace: "a", wantLiveNamespace: "b", wantKubectl: "deployment.apps/web2 created"},
		{name: "custom kind, another name", in: Input{File: backup2, Live: liveBackup},
			wantName: "nightly2", wantLiveName: "nightly", wantNamespace: "default", wantLiveNamespace: "default", wantKubectl: "backup.example.com/nightly2 created"},
		{name: "cluster-scoped, another name", in: Input{File: role2, Live: liveRole},
			wantName: "reader2", wantLiveName: "reader", wantKubectl: "clusterrole.rbac.authorization.k8s.io/reader2 created"},
		{name: "another kind and name", in: Input{File: typo, Live: liveWeb}, wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			compareWithKubectl(t, tc.name, tc.in)
			want := KubectlApply(tc.in)
			res, err := Apply(tc.in)
			if tc.wantErr {
				if err == nil || want.Err == nil {
					t.Fatalf("engine error %v, kubectl error %v: want both to fail", err, want.Err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			e := res.Elsewhere
			if tc.wantName == "" {
				if e != nil {
					t.Errorf("Elsewhere = %+v, want none", e)
				}
				return
			}
			if e == nil || e.Name != tc.wantName || e.LiveName != tc.wantLiveName || e.Namespace != tc.wantNamespace ||
				e.LiveNamespace != tc.wantLiveNamespace || e.Kubectl != tc.wantKubectl {
				t.Fatalf("Elsewhere = %+v", e)
			}
			if res.Action != ActionCreate || want.Action != ActionCreate {
				t.Errorf("action %s, kubectl's %s: want both create", res.Action, want.Action)
			}
			if strings.Contains(string(res.Object), notFromLive) || !strings.Contains(string(res.Object), `"name":"`+tc.wantName+`"`) {
				t.Errorf("not the file's object %s: %s", tc.wantName, res.Object)
			}
			for _, w := range res.Warnings {
				if w.Code == "identity-mismatch" {
					t.Errorf("a warning about the live object kubectl does not compare with: %s", w.Message)
				}
			}
			for _, st := range res.Steps {
				if st.Rule == kube.RuleCreate && (!strings.Contains(st.Why, tc.wantLiveName) || strings.Contains(st.Why, "namespace") != (tc.wantNamespace != tc.wantLiveNamespace)) {
					t.Errorf("the create step says %q", st.Why)
				}
			}
		})
	}
}
