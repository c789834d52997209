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
	for key, o := range c.objects.all() {
		if key.Kind == kind && key.Name == name {
			return o
		}
	}
	t.Fatalf("no %s %s in the cluster", kind, name)
	return nil
}

// TestStoryMatchesTheSampleLiveObject checks the simulated server
// against the documentation's live object (samples/walkthrough/live.yaml,
// taken from a real cluster): after `apply` of the first version, `scale
// --replicas=2` and the controller's status, the spec, the annotation,
// the generation and the status counts are the same. It needs the
// apiserver's defaulting.
func TestStoryMatchesTheSampleLiveObject(t *testing.T) {
	v1, _ := walkthroughFiles(t)
	s, _ := samples.Get("walkthrough")
	c := New(Options{})
	mustRun(t, c, "apply -f d.yaml", map[string]string{"d.yaml": v1})
	mustRun(t, c, "scale deployment nginx-deployment --replicas=2", nil)
	mustRun(t, c, "controller status deployment/nginx-deployment", nil)
	got := objectNamed(t, c, "Deployment", "nginx-deployment")
	liveObjs, cerr := decodeStream("live.yaml", s.Live)
	if cerr != nil {
		t.Fatal(cerr)
	}
	want := liveObjs[0]
	if g, w := encode(got["spec"].(map[string]any)), encode(want["spec"].(map[string]any)); string(g) != string(w) {
		t.Errorf("spec:\nsimulation %s\nreal       %s", g, w)
	}
	annotation := "kubectl.kubernetes.io/last-applied-configuration"
	if g, w := annotationsOf(got)[annotation], annotationsOf(want)[annotation]; g != w {
		t.Errorf("annotation:\nsimulation %v\nreal       %v", g, w)
	}
	if g, w := num(got, "metadata", "generation"), num(want, "metadata", "generation"); g != w {
		t.Errorf("generation %d, real %d", g, w)
	}
	for _, f := range []string{"observedGeneration", "replicas", "readyReplicas", "availableReplicas", "updatedReplicas"} {
		if g, w := num(got, "status", f), num(want, "status", f); g != w {
			t.Errorf("status.%s %d, real %d", f, g, w)
		}
	}
}
