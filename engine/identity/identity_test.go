package identity

import (
	"strings"
	"testing"
)

func TestExplain(t *testing.T) {
	live := Identity{"apps/v1", "Deployment", "nginx-deployment"}
	const finds = "kubectl finds the object by the file's apiVersion, kind and name, so it would apply the file to the "
	for _, tc := range []struct {
		name string
		file Identity
		want string // "": no explanation
	}{
		{"the same object", live, ""},
		{"a near-miss of the live kind", Identity{"apps/v1", "Deploymnet", "nginx-deployment"},
			"The kind differs: the file has Deploymnet, the live object Deployment. " + finds + "Deploymnet nginx-deployment (creating it if missing), never to this one. Did you mean Deployment?"},
		{"a kind nothing is near", Identity{"apps/v1", "Widget", "nginx-deployment"},
			"The kind differs: the file has Widget, the live object Deployment. " + finds + "Widget nginx-deployment (creating it if missing), never to this one."},
		{"another name", Identity{"apps/v1", "Deployment", "web"},
			"The name differs: the file has web, the live object nginx-deployment. " + finds + "Deployment web (creating it if missing), never to this one."},
		{"all three", Identity{"example.com/v1", "Ingress", "web"},
			"The apiVersion, kind and name differ: the file has example.com/v1, Ingress and web, the live object apps/v1, Deployment and nginx-deployment. " + finds + "Ingress web (creating it if missing), never to this one."},
		{"a built-in kind is not a near-miss", Identity{"v1", "Service", "nginx-deployment"},
			"The apiVersion and kind differ: the file has v1 and Service, the live object apps/v1 and Deployment. " + finds + "Service nginx-deployment (creating it if missing), never to this one."},
		{"no kind", Identity{"apps/v1", "", "nginx-deployment"},
			"The kind differs: the file has (none), the live object Deployment. " + finds + "(none) nginx-deployment (creating it if missing), never to this one."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Explain(tc.file, live)
			if got != tc.want {
				t.Fatalf("Explain =\n%s\nwant\n%s", got, tc.want)
			}
			if strings.Contains(got, "map[") || strings.Contains(got, "interface{}") || strings.Contains(got, "\n") {
				t.Errorf("Explain is not one line of plain words: %q", got)
			}
		})
	}
}

func TestOf(t *testing.T) {
	got := Of(map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}})
	if got != (Identity{"v1", "ConfigMap", "c"}) {
		t.Errorf("Of = %+v", got)
	}
	if got := Of(map[string]any{"kind": 3}); got != (Identity{}) {
		t.Errorf("Of a malformed object = %+v, want empty", got)
	}
}

// TestOtherObject: a file addressing another object than the live one
// (another namespace, another name of the same apiVersion and kind, or
// both) is kubectl's create of the file's object, said in one line naming
// both values; an apiVersion or kind difference is not this outcome.
func TestOtherObject(t *testing.T) {
	file := Identity{"apps/v1", "Deployment", "nginx-deployment"}
	for _, tc := range []struct {
		name              string
		file, live        Identity
		ns, liveNS        string
		fromFlag          bool
		operation         string
		wantExplanation   string // "": no outcome
		wantKubectlOutput string
		wantLiveNS        string
		wantLiveName      string
	}{
		{name: "the same namespace", file: file, live: file, ns: "default", liveNS: "default", operation: "created"},
		{name: "a cluster-scoped object", file: file, live: file, ns: "", liveNS: "default", operation: "created"},
		{name: "a live object pasted without its namespace", file: file, live: file, ns: "production", liveNS: "", operation: "created"},
		{name: "the file's own namespace", file: file, live: file, ns: "production", liveNS: "default", operation: "created",
			wantExplanation:   "The file names namespace production, the live object is in default: kubectl applies to the Deployment nginx-deployment in production, not to this live object, which stays untouched; none is given in production, so kubectl creates it there.",
			wantKubectlOutput: "deployment.apps/nginx-deployment created", wantLiveNS: "default", wantLiveName: "nginx-deployment"},
		{name: "-n's namespace", file: file, live: file, ns: "staging", liveNS: "default", fromFlag: true, operation: "serverside-applied",
			wantExplanation:   "The file names no namespace and -n gives staging, the live object is in default: kubectl applies to the Deployment nginx-deployment in staging, not to this live object, which stays untouched; none is given in staging, so kubectl creates it there.",
			wantKubectlOutput: "deployment.apps/nginx-deployment serverside-applied", wantLiveNS: "default", wantLiveName: "nginx-deployment"},
		{name: "another name", file: Identity{"apps/v1", "Deployment", "web2"}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "default", liveNS: "default", operation: "created",
			wantExplanation:   "The file names Deployment web2, the live object is Deployment web (both in default): kubectl looks the object up by the file's name, so it applies to web2, not to this live object, which stays untouched; no web2 is given, so kubectl creates it.",
			wantKubectlOutput: "deployment.apps/web2 created", wantLiveNS: "default", wantLiveName: "web"},
		{name: "another name, live pasted without its namespace", file: Identity{"apps/v1", "Deployment", "web2"}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "default", liveNS: "", operation: "serverside-applied",
			wantExplanation:   "The file names Deployment web2, the live object is Deployment web (both in default): kubectl looks the object up by the file's name, so it applies to web2, not to this live object, which stays untouched; no web2 is given, so kubectl creates it.",
			wantKubectlOutput: "deployment.apps/web2 serverside-applied", wantLiveNS: "default", wantLiveName: "web"},
		{name: "another name, cluster-scoped", file: Identity{"rbac.authorization.k8s.io/v1", "ClusterRole", "reader2"}, live: Identity{"rbac.authorization.k8s.io/v1", "ClusterRole", "reader"}, operation: "created",
			wantExplanation:   "The file names ClusterRole reader2, the live object is ClusterRole reader: kubectl looks the object up by the file's name, so it applies to reader2, not to this live object, which stays untouched; no reader2 is given, so kubectl creates it.",
			wantKubectlOutput: "clusterrole.rbac.authorization.k8s.io/reader2 created", wantLiveName: "reader"},
		{name: "another name and namespace", file: Identity{"apps/v1", "Deployment", "web2"}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "production", liveNS: "default", operation: "created",
			wantExplanation:   "The file names Deployment web2 in namespace production, the live object is web in default: kubectl applies to web2 in production, not to this live object, which stays untouched; none is given there, so kubectl creates it.",
			wantKubectlOutput: "deployment.apps/web2 created", wantLiveNS: "default", wantLiveName: "web"},
		{name: "another name and -n's namespace", file: Identity{"apps/v1", "Deployment", "web2"}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "staging", liveNS: "default", fromFlag: true, operation: "created",
			wantExplanation:   "The file names Deployment web2 and no namespace, -n gives staging, the live object is web in default: kubectl applies to web2 in staging, not to this live object, which stays untouched; none is given there, so kubectl creates it.",
			wantKubectlOutput: "deployment.apps/web2 created", wantLiveNS: "default", wantLiveName: "web"},
		// kubectl's patch fails on these (Explain says why): not a create.
		{name: "another name and kind", file: Identity{"apps/v1", "Deploymnet", "web2"}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "default", liveNS: "default", operation: "created"},
		{name: "another name and apiVersion", file: Identity{"apps/v1beta2", "Deployment", "web2"}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "default", liveNS: "default", operation: "created"},
		{name: "a file without a name", file: Identity{"apps/v1", "Deployment", ""}, live: Identity{"apps/v1", "Deployment", "web"}, ns: "default", liveNS: "default", operation: "created"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := OtherObject(tc.file, tc.live, tc.ns, tc.liveNS, tc.fromFlag, tc.operation)
			if tc.wantExplanation == "" {
				if got != nil {
					t.Fatalf("OtherObject = %+v, want nil", got)
				}
				return
			}
			if got == nil {
				t.Fatal("OtherObject = nil")
			}
			if got.Explanation != tc.wantExplanation {
				t.Errorf("explanation =\n%s\nwant\n%s", got.Explanation, tc.wantExplanation)
			}
			if got.Kubectl != tc.wantKubectlOutput || got.Namespace != tc.ns || got.LiveNamespace != tc.wantLiveNS ||
				got.Name != tc.file.Name || got.LiveName != tc.wantLiveName || got.FromFlag != tc.fromFlag {
				t.Errorf("OtherObject = %+v", got)
			}
			if strings.ContainsAny(got.Explanation, "\n[]{}%") {
				t.Errorf("the explanation is not one line of plain words: %q", got.Explanation)
			}
		})
	}
}

// TestRef: kubectl's name printer (cli-runtime printers.printObj) writes
// kind.group/name, the kind in lower case, without a group for the core
// one.
func TestRef(t *testing.T) {
	for _, tc := range []struct {
		id   Identity
		want string
	}{
		{Identity{"apps/v1", "Deployment", "web"}, "deployment.apps/web"},
		{Identity{"v1", "Service", "web"}, "service/web"},
		{Identity{"example.com/v1", "CronTab", "c"}, "crontab.example.com/c"},
		{Identity{"v1", "ConfigMap", ""}, "configmap/<unknown>"},
	} {
		if got := tc.id.Ref(); got != tc.want {
			t.Errorf("%+v: Ref = %q, want %q", tc.id, got, tc.want)
		}
	}
}
