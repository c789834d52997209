package savedwork

import (
	"reflect"
	"strings"
	"testing"
)

func TestUniqueName(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		taken []string
		want  string
	}{
		{"free", "web", nil, "web"},
		{"trimmed", "  web  ", nil, "web"},
		{"taken", "web", []string{"web"}, "web (2)"},
		{"taken case-insensitively", "Web", []string{"web"}, "Web (2)"},
		{"next free number", "web", []string{"web", "web (2)", "web (3)"}, "web (4)"},
		{"numbered counts on", "web (2)", []string{"web", "web (2)"}, "web (3)"},
		{"numbered with gap", "web (7)", []string{"web (7)"}, "web (8)"},
		{"parenthesis that is no number", "web (copy)", []string{"web (copy)"}, "web (copy) (2)"},
		{"long name stays within the limit", strings.Repeat("x", MaxNameLen), []string{strings.Repeat("x", MaxNameLen)}, strings.Repeat("x", MaxNameLen-4) + " (2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := nameSet{}
			for _, n := range tt.taken {
				set.add(n)
			}
			got := UniqueName(tt.in, set.has)
			if got != tt.want {
				t.Errorf("UniqueName(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if len(got) > MaxNameLen {
				t.Errorf("UniqueName made %d bytes, over %d", len(got), MaxNameLen)
			}
		})
	}
}

func TestSearch(t *testing.T) {
	items := []Item{
		{ID: "a", Name: "web deployment", Summary: "Deployment web", Updated: 10},
		{ID: "b", Name: "Cron job test", Summary: "CronJob nightly", Updated: 30},
		{ID: "c", Name: "ingress", Summary: "Ingress web", Updated: 20},
		{ID: "d", Name: "alpha", Updated: 20},
	}
	tests := []struct {
		name  string
		query string
		want  []string
	}{
		{"empty keeps all, newest first, ties by name", "", []string{"b", "d", "c", "a"}},
		{"one word in name or summary", "web", []string{"c", "a"}},
		{"case-insensitive", "CRONJOB", []string{"b"}},
		{"every word must match", "web ingress", []string{"c"}},
		{"words across name and summary", "deployment web", []string{"a"}},
		{"no match", "secret", []string{}},
		{"spaces only", "   ", []string{"b", "d", "c", "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{}
			for _, it := range Search(items, tt.query) {
				got = append(got, it.ID)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Search(%q) = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		name  string
		state string
		want  string
	}{
		{"yaml", `{"file":"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels:\n    name: other\nspec:\n  template:\n    metadata:\n      name: inner\n"}`, "Deployment web"},
		{"quoted and commented", `{"file":"kind: \"ConfigMap\" # cm\nmetadata:\n  name: 'cfg'\n"}`, "ConfigMap cfg"},
		{"name before kind", `{"file":"metadata:\n  name: x\nkind: Service\n"}`, "Service x"},
		{"json one line", `{"file":"{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":[{\"name\":\"c\"}]}}"}`, "Pod p"},
		{"json lines", `{"file":"{\n  \"kind\": \"Pod\",\n  \"spec\": {},\n  \"metadata\": {\n    \"name\": \"p\"\n  }\n}"}`, "Pod p"},
		{"half typed", `{"file":"kind: Depl"}`, "Depl"},
		{"empty file", `{"file":""}`, ""},
		{"no file field", `{"panes":[]}`, ""},
		{"not json", `nope`, ""},
		{"kustomize mode: the directory built and the tree's size, not the file pane", `{"view":"kustomize","file":"kind: Deployment\nmetadata:\n  name: web\n","kustomize":{"dir":"overlays/prod","files":[{"name":"a","text":""},{"name":"b","text":""}]}}`, "kubectl kustomize overlays/prod · 2 files"},
		{"kustomize mode at the top, one file", `{"view":"kustomize","kustomize":{"dir":"","files":[{"name":"kustomization.yaml","text":""}]}}`, "kubectl kustomize . · 1 file"},
		{"a kustomize tree kept while another mode is shown: the file pane", `{"view":"single","file":"kind: Service\nmetadata:\n  name: s\n","kustomize":{"dir":"","files":[]}}`, "Service s"},
		{"timeline mode: its size and the first object its files define, not the file pane", `{"view":"timeline","file":"kind: Service\nmetadata:\n  name: s\n","timeline":{"namespace":"default","commands":[{"command":"kubectl apply -f d.yaml","files":[{"name":"d.yaml","text":"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\n"}]},{"command":"kubectl scale deployment/nginx-deployment --replicas=2","files":[]},{"command":"kubectl apply -f d.yaml","files":[{"name":"d.yaml","text":"kind: Deployment\nmetadata:\n  name: other\n"}]}],"selected":0}}`, "timeline · 3 commands · Deployment nginx-deployment"},
		{"timeline of kubectl apply -k: the kustomization's resource, not the kustomization", `{"view":"timeline","timeline":{"namespace":"default","commands":[{"command":"kubectl apply -k base","files":[{"name":"base/kustomization.yaml","text":"apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nmetadata:\n  name: ignored\nresources:\n- cm.yaml\n"},{"name":"base/cm.yaml","text":"kind: ConfigMap\nmetadata:\n  name: settings\n"}]}],"selected":0}}`, "timeline · 1 command · ConfigMap settings"},
		{"timeline whose files define nothing: its first command, spaces folded", `{"view":"timeline","timeline":{"namespace":"default","commands":[{"command":"  ","files":[]},{"command":"kubectl  create  namespace shop","files":[{"name":"empty.yaml","text":""}]}],"selected":0}}`, "timeline · 2 commands · kubectl create namespace shop"},
		{"timeline with a long first command: cut with an ellipsis", `{"view":"timeline","timeline":{"namespace":"default","commands":[{"command":"kubectl get deployment web -o yaml --show-managed-fields --namespace a-rather-long-namespace","files":[]}],"selected":0}}`, "timeline · 1 command · kubectl get deployment web -o yaml --show-managed-fields --n…"},
		{"timeline without commands", `{"view":"timeline","timeline":{"namespace":"default","commands":[],"selected":0}}`, "timeline · 0 commands"},
		{"a timeline kept while the single apply is shown: the file pane", `{"view":"single","file":"kind: Service\nmetadata:\n  name: s\n","timeline":{"namespace":"default","commands":[{"command":"kubectl apply -f x.yaml","files":[]}],"selected":0}}`, "Service s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Summarize([]byte(tt.state)); got != tt.want {
				t.Errorf("Summarize = %q, want %q", got, tt.want)
			}
		})
	}
}
