package timeline

import (
	"fmt"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/cluster"
)

// prepareFile is a Deployment as a learner's first timeline applies it.
const prepareFile = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: prepare
  labels: {app: prepare}
spec:
  replicas: 2
  selector:
    matchLabels: {app: prepare}
  template:
    metadata:
      labels: {app: prepare}
    spec:
      containers:
      - name: web
        image: nginx:1.27
        ports:
        - containerPort: 80
        env:
        - {name: MODE, value: demo}
`

// Prepare plays a one-step timeline once (kubectl apply of a Deployment,
// what a learner's first timeline starts with) and renders its detail, then
// forgets it: it plays outside any Player, so no cache keeps anything.
// A wasm's first computation pays for the engine's start (the browser
// compiles each function on its first call; the server-side schema is
// built on first use), several seconds on a slow phone; a bridge calls
// Prepare before it reports ready, so that the page's time limit counts
// computations only.
func Prepare() error {
	before := cluster.New(cluster.Options{Namespace: "default"})
	for _, cmd := range []struct {
		line  string
		files map[string]string
	}{
		{"kubectl apply -f app.yaml", map[string]string{"app.yaml": prepareFile}},
	} {
		after := before.Clone()
		out, err := after.Run(cmd.line, cmd.files)
		if err != nil {
			return fmt.Errorf("preparing the timeline engine: %s: %w", cmd.line, err)
		}
		if out.ExitCode != 0 || len(out.Changes) == 0 {
			return fmt.Errorf("preparing the timeline engine: %s: exit code %d, %d changes: %s", cmd.line, out.ExitCode, len(out.Changes), out.Stderr)
		}
		e := &timelineEntry{command: api.TimelineCommand{Command: cmd.line, Files: cmd.files}, cluster: after, outcome: out}
		e.summary = summarize(cmd.line, out, err)
		if _, err := detail(before, e); err != nil {
			return fmt.Errorf("preparing the timeline engine: %s: %w", cmd.line, err)
		}
		before = after
	}
	return nil
}
