package cluster

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/applylens/applylens/engine/internal/benchcpu"
)

// BenchmarkStory plays the documentation's story: apply, scale, apply
// the update, get -o yaml.
func BenchmarkStory(b *testing.B) {
	t := &testing.T{}
	v1, v2 := walkthroughFiles(t)
	files1, files2 := map[string]string{"d.yaml": v1}, map[string]string{"d.yaml": v2}
	for i := 0; i < b.N; i++ {
		c := New(Options{})
		for _, step := range []struct {
			line  string
			files map[string]string
		}{
			{"apply -f d.yaml", files1},
			{"scale deploy/nginx-deployment --replicas=2", nil},
			{"apply -f d.yaml", files2},
			{"get deploy nginx-deployment -o yaml", nil},
		} {
			if _, err := c.Run(step.line, step.files); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkClone measures the copy the timeline keeps after each command.
func BenchmarkClone(b *testing.B) {
	c := New(Options{})
	if _, err := c.Run("apply -f a.yaml", map[string]string{"a.yaml": deployV1 + "---\n" + configMapWeb + "---\n" + serviceWeb}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Clone()
	}
}

// configMaps is n ConfigMap documents with distinct names, as one file.
func configMaps(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%d\ndata:\n  index: %q\n", i, fmt.Sprint(i))
	}
	return b.String()
}

// BenchmarkClusterApplyDocuments is one `kubectl apply -f` of a file of n
// ConfigMaps into a fresh cluster: the cost should grow linearly with n
// (issue 17).
func BenchmarkClusterApplyDocuments(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			files := map[string]string{"many.yaml": configMaps(n)}
			defer benchcpu.Report(b)()
			for b.Loop() {
				c := New(Options{})
				out, err := c.Run("apply -f many.yaml", files)
				if err != nil || out.ExitCode != 0 || len(out.Changes) != n {
					b.Fatalf("%v, exit %d, %d changes: %s", err, out.ExitCode, len(out.Changes), out.Stderr)
				}
			}
		})
	}
}

// BenchmarkClusterCommands runs 10,000 commands, each an apply of another
// ConfigMap, in one cluster: the time of a command should not depend on
// how many objects are stored. It reports the CPU time (wall-clock time
// where it is not measured) per command of the first, the middle and the
// last 1,000.
func BenchmarkClusterCommands(b *testing.B) {
	const commands, window = 10000, 1000
	texts := make([]map[string]string, commands)
	for i := range texts {
		texts[i] = map[string]string{"cm.yaml": fmt.Sprintf("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%d\ndata:\n  index: %q\n", i, fmt.Sprint(i))}
	}
	now := func() time.Duration {
		if t, ok := benchcpu.Time(); ok {
			return t
		}
		return time.Duration(time.Now().UnixNano())
	}
	windows := []struct {
		from   int
		metric string
		total  time.Duration
	}{{0, "first-ns/cmd", 0}, {(commands - window) / 2, "middle-ns/cmd", 0}, {commands - window, "last-ns/cmd", 0}}
	for b.Loop() {
		c := New(Options{})
		var start time.Duration
		for i, files := range texts {
			for _, w := range windows {
				if i == w.from {
					start = now()
				}
			}
			out, err := c.Run("apply -f cm.yaml", files)
			if err != nil || out.ExitCode != 0 {
				b.Fatalf("command %d: %v, %+v", i, err, out)
			}
			for j := range windows {
				if i == windows[j].from+window-1 {
					windows[j].total += now() - start
				}
			}
		}
	}
	for _, w := range windows {
		b.ReportMetric(float64(w.total)/float64(b.N*window), w.metric)
	}
}

// BenchmarkCloneObjects is the copy the timeline keeps after each command
// of a cluster storing n ConfigMaps, and one write to it (which copies
// the part of the store it writes to): it should not grow with n.
func BenchmarkCloneObjects(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			c := New(Options{})
			if out, err := c.Run("apply -f many.yaml", map[string]string{"many.yaml": configMaps(n)}); err != nil || out.ExitCode != 0 {
				b.Fatal(err, out)
			}
			defer benchcpu.Report(b)()
			files := map[string]string{"cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-0\ndata:\n  index: changed\n"}
			for b.Loop() {
				if out, err := c.Clone().Run("apply -f cm.yaml", files); err != nil || out.ExitCode != 0 {
					b.Fatal(err, out)
				}
			}
		})
	}
}

// BenchmarkGetOtherKind is `kubectl get deployments` in a cluster storing
// one Deployment and n ConfigMaps: it should read the Deployments only.
func BenchmarkGetOtherKind(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			c := New(Options{})
			files := map[string]string{"many.yaml": configMaps(n), "d.yaml": "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"}
			for _, cmd := range []string{"apply -f many.yaml", "apply -f d.yaml"} {
				if out, err := c.Run(cmd, files); err != nil || out.ExitCode != 0 {
					b.Fatal(err, out)
				}
			}
			defer benchcpu.Report(b)()
			for b.Loop() {
				if out, err := c.Run("get deployments", nil); err != nil || !strings.Contains(out.Stdout, "web") {
					b.Fatal(err, out)
				}
			}
		})
	}
}
