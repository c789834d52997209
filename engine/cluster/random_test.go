package cluster

import (
	"encoding/json"
	"errors"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestRandomTimelines runs random sequences of commands and checks the
// invariants of the store: no panic, only NotSimulatedError as Go
// errors, exit codes that agree with stderr, and every stored object with
// a uid, a unique resourceVersion and a creationTimestamp.
// APPLYLENS_RANDOM=N runs N sequences instead of a few.
func TestRandomTimelines(t *testing.T) {
	sequences := 8
	if n, err := strconv.Atoi(os.Getenv("APPLYLENS_RANDOM")); err == nil && n > 0 {
		sequences = n
	}
	v1 := deployV1
	v2 := strings.Replace(strings.Replace(deployV1, "  minReadySeconds: 5\n", "", 1), "1.14.2", "1.16.1", 1)
	files := map[string]string{
		"app/web.yaml": v1, "app/cm.yaml": configMapWeb, "app/svc.yaml": serviceWeb, "web2.yaml": v2,
		"crd.yaml": crdCluster, "backup.yaml": backup, "edited.yaml": strings.Replace(configMapWeb, "blue", "red", 1),
		"ns.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n  labels: {app: web}\n",
	}
	pool := []string{
		"apply -f app/", "apply -f app/web.yaml", "apply -f web2.yaml", "apply --prune -l app=web -f app/cm.yaml",
		"apply -f crd.yaml", "apply -f backup.yaml", "apply -f ns.yaml", "apply -f app/cm.yaml -n prod",
		"create -f app/cm.yaml", "create --save-config -f app/web.yaml", "replace -f app/web.yaml", "replace --save-config -f web2.yaml",
		"delete -f app/svc.yaml", "delete deploy web", "delete ns prod", "delete crd backups.example.com",
		"scale deploy/web --replicas=3", "scale deploy web --replicas=0", "controller status deploy/web",
		"set image deploy/web web=nginx:1.17", "set env deploy/web A=1", "set env deploy/web A-",
		"label deploy web tier=x --overwrite", "label cm web-config app-", "annotate cm web-config kubectl.kubernetes.io/last-applied-configuration-",
		"patch deploy web -p '{\"spec\":{\"minReadySeconds\":7}}'", "patch cm web-config --type merge -p '{\"data\":{\"k\":\"v\"}}'",
		"patch cm web-config --type json -p '[{\"op\":\"remove\",\"path\":\"/data/color\"}]'", "edit cm/web-config -f edited.yaml",
		"diff -f web2.yaml", "get deploy,cm,svc", "get all-kinds", "apply view-last-applied deploy/web", "apply set-last-applied -f app/cm.yaml",
		"apply --dry-run=server -f web2.yaml", "apply --dry-run=client --prune --all -f app/web.yaml", "create deployment web --image=nginx",
		"get backups -o yaml",
	}
	rng := rand.New(rand.NewSource(7))
	for s := 0; s < sequences; s++ {
		c := New(Options{})
		var lines []string
		for i := 0; i < 25; i++ {
			line := pool[rng.Intn(len(pool))]
			lines = append(lines, line)
			out, err := c.Run(line, files)
			if err != nil {
				var ns *NotSimulatedError
				if !errors.As(err, &ns) {
					t.Fatalf("%q: a Go error that is not NotSimulatedError: %v", lines, err)
				}
				continue
			}
			if (out.ExitCode == 0) == strings.Contains(out.Stderr, "rror") && !strings.HasPrefix(line, "diff") {
				t.Fatalf("%q: exit code %d with stderr %q", lines, out.ExitCode, out.Stderr)
			}
		}
		seen := map[string]bool{}
		for _, raw := range c.Objects() {
			var o map[string]any
			if err := json.Unmarshal(raw, &o); err != nil {
				t.Fatal(err)
			}
			rv := metaString(o, "resourceVersion")
			if metaString(o, "uid") == "" || rv == "" || metaString(o, "creationTimestamp") == "" || seen[rv] {
				t.Fatalf("%q: stored object with bad metadata: %s", lines, raw)
			}
			seen[rv] = true
			if n, _ := strconv.ParseInt(rv, 10, 64); n > c.resourceVersion {
				t.Fatalf("resourceVersion %s beyond the counter %d", rv, c.resourceVersion)
			}
		}
	}
}
