package cluster

import (
	"strings"
	"testing"
)

// TestServiceAllocationWiring checks how the cluster hands addresses to
// the allocation step, with a stand-in for apiserver.AllocateService.
func TestServiceAllocationWiring(t *testing.T) {
	saved := allocateService
	defer func() { allocateService = saved }()
	allocateService = func(obj map[string]any, clusterIP string, nodePort func() int64) []string {
		spec := obj["spec"].(map[string]any)
		var set []string
		if spec["clusterIP"] == nil {
			spec["clusterIP"] = clusterIP
			set = append(set, "spec.clusterIP")
		}
		if spec["type"] == "NodePort" {
			for _, p := range spec["ports"].([]any) {
				if pm := p.(map[string]any); pm["nodePort"] == nil {
					pm["nodePort"] = nodePort()
					set = append(set, "spec.ports[port=80].nodePort")
				}
			}
		}
		return set
	}
	nodePortSvc := strings.Replace(strings.Replace(serviceWeb, "name: web", "name: np", 1), "spec:\n", "spec:\n  type: NodePort\n", 1)
	files := map[string]string{"svc.yaml": serviceWeb, "np.yaml": nodePortSvc}
	c := New(Options{})
	dry := mustRun(t, c, "apply -f svc.yaml --dry-run=server", files)
	if !strings.Contains(string(dry.Changes[0].After), `"clusterIP":"10.96.0.10"`) {
		t.Fatalf("dry run: %s", dry.Changes[0].After)
	}
	first := mustRun(t, c, "apply -f svc.yaml", files)
	second := mustRun(t, c, "apply -f np.yaml", files)
	if !strings.Contains(string(first.Changes[0].After), `"clusterIP":"10.96.0.10"`) {
		t.Errorf("the dry run took the first address: %s", first.Changes[0].After)
	}
	if after := string(second.Changes[0].After); !strings.Contains(after, `"clusterIP":"10.96.0.11"`) || !strings.Contains(after, `"nodePort":30000`) {
		t.Errorf("second service: %s", after)
	}
	// The allocated paths join the defaulted ones, for the page's
	// "set by the server" labels.
	if d := strings.Join(second.Changes[0].Defaulted, " "); !strings.Contains(d, "spec.clusterIP") || !strings.Contains(d, "spec.ports[port=80].nodePort") {
		t.Errorf("allocated paths are not among the server's: %v", d)
	}
	again := mustRun(t, c, "apply -f np.yaml", files)
	if again.Stdout != "service/np unchanged\n" {
		t.Errorf("re-apply: %q", again.Stdout)
	}
}
