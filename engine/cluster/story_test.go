package cluster

import (
	"strings"
	"testing"

	"github.com/applylens/applylens/samples"
)

// walkthroughFiles are the documentation's Deployment as first applied
// (the live object's last-applied configuration) and as updated (the
// walkthrough sample's file).
func walkthroughFiles(t *testing.T) (v1, v2 string) {
	t.Helper()
	s, ok := samples.Get("walkthrough")
	if !ok {
		t.Fatal("no walkthrough sample")
	}
	v2 = s.File
	v1 = strings.Replace(strings.Replace(v2, "image: nginx:1.16.1 # update the image", "image: nginx:1.14.2", 1),
		"spec:\n  selector:", "spec:\n  minReadySeconds: 5\n  selector:", 1)
	if v1 == v2 || !strings.Contains(v1, "minReadySeconds: 5") {
		t.Fatalf("could not derive the first version from:\n%s", v2)
	}
	return v1, v2
}

// mustRun runs a command that the simulation must understand.
func mustRun(t *testing.T, c *Cluster, line string, files map[string]string) *Outcome {
	t.Helper()
	out, err := c.Run(line, files)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return out
}

func TestDocumentationStory(t *testing.T) {
	v1, v2 := walkthroughFiles(t)
	c := New(Options{})
	steps := []struct {
		line   string
		file   string
		stdout string
	}{
		{"kubectl apply -f nginx.yaml", v1, "deployment.apps/nginx-deployment created\n"},
		{"kubectl scale deployment/nginx-deployment --replicas=2", "", "deployment.apps/nginx-deployment scaled\n"},
		{"kubectl apply -f nginx.yaml", v2, "deployment.apps/nginx-deployment configured\n"},
		{"kubectl apply -f nginx.yaml", v2, "deployment.apps/nginx-deployment unchanged\n"},
	}
	for _, s := range steps {
		out := mustRun(t, c, s.line, map[string]string{"nginx.yaml": s.file})
		if out.Stdout != s.stdout || out.ExitCode != 0 || out.Stderr != "" {
			t.Fatalf("%s: stdout %q stderr %q exit %d, want %q", s.line, out.Stdout, out.Stderr, out.ExitCode, s.stdout)
		}
	}
	live := objectNamed(t, c, "Deployment", "nginx-deployment")
	spec := live["spec"].(map[string]any)
	if spec["replicas"] != int64(2) {
		t.Errorf("replicas = %v, want 2 (kept: neither the file nor last-applied set it)", spec["replicas"])
	}
	if _, ok := spec["minReadySeconds"]; ok {
		t.Errorf("minReadySeconds = %v, want cleared", spec["minReadySeconds"])
	}
	if img := containers(live)[0]["image"]; img != "nginx:1.16.1" {
		t.Errorf("image = %v, want nginx:1.16.1", img)
	}
}

func objectNamed(t *testing.T, c *Cluster, kind, name string) map[string]any {
	t.Helper()
	for key, o := range c.objects {
		if key.Kind == kind && key.Name == name {
			return o
		}
	}
	t.Fatalf("no %s %s in the cluster", kind, name)
	return nil
}
