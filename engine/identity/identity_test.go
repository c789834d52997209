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

func TestInOtherNamespace(t *testing.T) {
	file := Identity{"apps/v1", "Deployment", "nginx-deployment"}
	for _, tc := range []struct {
		name              string
		ns, liveNS        string
		fromFlag          bool
		operation         string
		wantExplanation   string // "": no outcome
		wantKubectlOutput string
	}{
		{name: "the same namespace", ns: "default", liveNS: "default", operation: "created"},
		{name: "a cluster-scoped object", ns: "", liveNS: "default", operation: "created"},
		{name: "a live object pasted without its namespace", ns: "production", liveNS: "", operation: "created"},
		{name: "the file's own namespace", ns: "production", liveNS: "default", operation: "created",
			wantExplanation:   "The file names namespace production, the live object is in default: kubectl applies to the Deployment nginx-deployment in production, not to this live object, which stays untouched; none is given in production, so kubectl creates it there.",
			wantKubectlOutput: "deployment.apps/nginx-deployment created"},
		{name: "-n's namespace", ns: "staging", liveNS: "default", fromFlag: true, operation: "serverside-applied",
			wantExplanation:   "The file names no namespace and -n gives staging, the live object is in default: kubectl applies to the Deployment nginx-deployment in staging, not to this live object, which stays untouched; none is given in staging, so kubectl creates it there.",
			wantKubectlOutput: "deployment.apps/nginx-deployment serverside-applied"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := InOtherNamespace(file, tc.ns, tc.liveNS, tc.fromFlag, tc.operation)
			if tc.wantExplanation == "" {
				if got != nil {
					t.Fatalf("InOtherNamespace = %+v, want nil", got)
				}
				return
			}
			if got == nil {
				t.Fatal("InOtherNamespace = nil")
			}
			if got.Explanation != tc.wantExplanation || got.Kubectl != tc.wantKubectlOutput || got.Namespace != tc.ns || got.LiveNamespace != tc.liveNS || got.FromFlag != tc.fromFlag {
				t.Errorf("InOtherNamespace = %+v", got)
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
