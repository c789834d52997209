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
