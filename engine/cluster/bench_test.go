package cluster

import "testing"

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
