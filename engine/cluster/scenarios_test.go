package cluster

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// scenario is a timeline of commands with the files they read.
type scenario struct {
	name     string
	files    map[string]string
	commands []string
	// final lists objects (KIND/NAME, with -n NS) printed at the end.
	final []string
}

// webDeployment is the Deployment web these tests apply, its pods
// labelled app: web with one container, web, running image; metadata
// and spec are whole lines (indented two spaces) put after its name and
// before its selector.
func webDeployment(metadata, spec, image string) string {
	return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
` + metadata + `spec:
` + spec + `  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: ` + image + "\n"
}

var deployV1 = webDeployment("  labels: {app: web}\n", "  minReadySeconds: 5\n", "nginx:1.14.2")

const configMapWeb = `apiVersion: v1
kind: ConfigMap
metadata:
  name: web-config
  labels: {app: web}
data:
  color: blue
`

const serviceWeb = `apiVersion: v1
kind: Service
metadata:
  name: web
  labels: {app: web}
spec:
  selector: {app: web}
  ports:
  - port: 80
`

const crdCluster = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: backups.example.com
spec:
  group: example.com
  scope: Cluster
  names:
    kind: Backup
    plural: backups
    singular: backup
    shortNames: [bk]
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
`

const backup = `apiVersion: example.com/v1
kind: Backup
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  targets: [db, files]
`

var scenarios = []scenario{
	{
		name:  "prune-from-subdirectory",
		files: map[string]string{"app/deploy.yaml": deployV1, "app/config/cm.yaml": configMapWeb, "app/svc.yaml": serviceWeb},
		commands: []string{
			"kubectl apply -R -f app/",
			"kubectl get all-unknown",
			"kubectl apply --prune -l app=web -f app/config/",
			"kubectl get cm,svc,deploy",
		},
	},
	{
		name:  "crd-then-cluster-scoped-custom-resource",
		files: map[string]string{"crd.yaml": crdCluster, "backup.yaml": backup, "backup-ns.yaml": strings.Replace(backup, "name: nightly", "name: weekly\n  namespace: prod", 1)},
		commands: []string{
			"kubectl apply -f backup.yaml -n default --dry-run=server",
			"kubectl apply -f crd.yaml",
			"kubectl apply -f backup.yaml",
			"kubectl apply -f backup-ns.yaml",
			"kubectl apply -f backup-ns.yaml",
			"kubectl apply view-last-applied backup/weekly",
			"kubectl get backups",
			"kubectl get bk nightly -o yaml",
			"kubectl patch backup nightly -p '{\"spec\":{\"targets\":[\"db\"]}}'",
			"kubectl patch backup nightly --type merge -p '{\"spec\":{\"targets\":[\"db\"]}}'",
			"kubectl delete crd backups.example.com",
			"kubectl get backups",
		},
	},
	{
		// The order a real cluster refuses (no CRD yet), which the
		// simulation plays: the Backup is taken as namespaced, then
		// brought to cluster scope when the CRD says so.
		name: "custom-resource-before-crd",
		files: map[string]string{"crd.yaml": crdCluster, "backup.yaml": backup,
			"backup-changed.yaml": strings.Replace(backup, "targets: [db, files]", "targets: [db]", 1)},
		commands: []string{
			"kubectl apply -f backup.yaml",
			"kubectl apply -f crd.yaml",
			"kubectl get backups -A",
			"kubectl apply -f backup.yaml",
			"kubectl apply -f backup-changed.yaml",
		},
		final: []string{"backup/nightly"},
	},
	{
		name:  "replace-save-config-then-apply",
		files: map[string]string{"web.yaml": deployV1, "web2.yaml": strings.Replace(deployV1, "  minReadySeconds: 5\n", "", 1)},
		commands: []string{
			"kubectl create -f web.yaml",
			"kubectl apply view-last-applied deployment/web",
			"kubectl replace --save-config -f web.yaml",
			"kubectl apply view-last-applied deployment/web -o json",
			"kubectl apply -f web2.yaml",
			"kubectl replace -f web.yaml",
			"kubectl apply view-last-applied deploy/web",
		},
		final: []string{"deployment/web"},
	},
	{
		name:  "leave-declarative-management",
		files: map[string]string{"web.yaml": deployV1, "web2.yaml": strings.Replace(deployV1, "  minReadySeconds: 5\n", "", 1)},
		commands: []string{
			"kubectl apply -f web.yaml",
			"kubectl annotate deployment web kubectl.kubernetes.io/last-applied-configuration-",
			"kubectl apply -f web2.yaml",
		},
		final: []string{"deployment/web"},
	},
	{
		name:  "imperative-commands",
		files: map[string]string{"web.yaml": deployV1, "cm.yaml": configMapWeb},
		commands: []string{
			"kubectl apply -f web.yaml -f cm.yaml",
			"kubectl scale deploy/web --replicas=3",
			"kubectl scale deploy web --replicas=3 --current-replicas=2",
			"kubectl scale cm web-config --replicas=1",
			"kubectl set image deployment/web web=nginx:1.16.1",
			"kubectl set image deployment/web nope=nginx:1.16.1",
			"kubectl set env deployment/web MODE=prod DEBUG=1",
			"kubectl set env deployment/web DEBUG-",
			"kubectl label deploy web tier=frontend",
			"kubectl label deploy web tier=backend",
			"kubectl label deploy web tier=backend --overwrite",
			"kubectl label deploy web tier-",
			"kubectl annotate cm web-config owner=team-a",
			"kubectl annotate cm web-config owner=team-b",
			"kubectl patch cm web-config -p '{\"data\":{\"size\":\"L\"}}'",
			"kubectl patch cm web-config --type json -p '[{\"op\":\"replace\",\"path\":\"/data/color\",\"value\":\"red\"}]'",
			"kubectl patch cm web-config --type json -p '[{\"op\":\"test\",\"path\":\"/data/color\",\"value\":\"blue\"}]'",
			"kubectl patch cm web-config --type=merge -p '{\"data\":{\"size\":null}}'",
			"kubectl patch cm web-config --type=merge -p '{\"data\":{\"color\":\"red\"}}'",
			"kubectl get deploy,cm",
			"kubectl delete -f cm.yaml",
			"kubectl delete cm web-config",
			"kubectl delete deployment/web",
		},
	},
	{
		name: "diff-and-dry-run",
		files: map[string]string{"web.yaml": deployV1, "web2.yaml": strings.Replace(strings.Replace(deployV1, "  minReadySeconds: 5\n", "", 1), "1.14.2", "1.16.1", 1),
			"cm.yaml": configMapWeb},
		commands: []string{
			"kubectl diff -f web.yaml",
			"kubectl apply -f web.yaml --dry-run=client",
			"kubectl apply -f web.yaml --dry-run=server",
			"kubectl get deployments",
			"kubectl apply -f web.yaml",
			"kubectl diff -f web.yaml",
			"kubectl diff -f web2.yaml -f cm.yaml",
			"kubectl apply -f web2.yaml --dry-run=server",
			"kubectl apply -f web.yaml --dry-run=bogus",
		},
	},
	{
		name: "imperative-then-declarative",
		files: map[string]string{"app.conf": "color=blue\n", "nginx.yaml": `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels: {app: nginx}
spec:
  selector:
    matchLabels: {app: nginx}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
      - name: nginx
        image: nginx:1.16.1
`},
		commands: []string{
			"kubectl create deployment nginx --image=nginx:1.14.2 -n staging",
			"kubectl create namespace staging",
			"kubectl create deployment nginx --image=nginx:1.14.2 --port=80 -n staging",
			"kubectl create configmap settings --from-literal=mode=prod --from-file=app.conf -n staging",
			"kubectl create deployment nginx --image=nginx -n staging",
			"kubectl get deploy,cm -n staging",
			"kubectl apply -f nginx.yaml -n staging",
			"kubectl apply -f nginx.yaml -n staging",
		},
		final: []string{"deployment/nginx -n staging", "configmap/settings -n staging"},
	},
	{
		name: "errors",
		files: map[string]string{
			"bad.yaml":     "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n data: {}\n",
			"cm.yaml":      configMapWeb,
			"prod.yaml":    strings.Replace(configMapWeb, "name: web-config", "name: web-config\n  namespace: prod", 1),
			"nokind.yaml":  "apiVersion: v1\nmetadata:\n  name: x\n",
			"noname.yaml":  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels: {a: b}\n",
			"edited.yaml":  strings.Replace(configMapWeb, "blue", "green", 1),
			"ns-prod.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: prod\n",
			"stale.yaml":   strings.Replace(configMapWeb, "name: web-config", "name: web-config\n  resourceVersion: \"3\"", 1),
			"partial.yaml": strings.Replace(configMapWeb, "web-config", "partial", 1) + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n data: {}\n",
		},
		commands: []string{
			"kubectl apply -f missing.yaml",
			"kubectl apply -f bad.yaml",
			"kubectl apply -f partial.yaml",
			"kubectl apply -f nokind.yaml",
			"kubectl apply -f noname.yaml",
			"kubectl apply -f prod.yaml",
			"kubectl apply -f prod.yaml -n staging",
			"kubectl apply -f ns-prod.yaml",
			"kubectl apply -f prod.yaml",
			"kubectl create -f cm.yaml",
			"kubectl create -f cm.yaml",
			"kubectl replace -f prod.yaml -n default",
			"kubectl get deploy nope",
			"kubectl get widgets",
			"kubectl apply --prune -f cm.yaml",
			"kubectl apply view-last-applied cm/web-config",
			"kubectl apply set-last-applied -f cm.yaml",
			"kubectl apply set-last-applied -f cm.yaml --create-annotation",
			"kubectl apply set-last-applied -f cm.yaml",
			"kubectl edit cm/web-config -f edited.yaml",
			"kubectl apply -f stale.yaml",
			"kubectl replace -f stale.yaml",
			"kubectl delete cm nope",
			"kubectl label cm web-config",
			"kubectl label cm web-config 'tier=a b'",
			"kubectl patch cm web-config --type xml -p '{}'",
		},
	},
}

// transcript runs a scenario and prints it as a terminal would show it,
// followed by the warnings and what changed.
func transcript(t *testing.T, s scenario) string {
	t.Helper()
	c := New(Options{})
	var sb strings.Builder
	for _, line := range s.commands {
		fmt.Fprintf(&sb, "$ %s\n", line)
		out, err := c.Run(line, s.files)
		if err != nil {
			fmt.Fprintf(&sb, "(not simulated: %v)\n\n", err)
			continue
		}
		sb.WriteString(out.Stdout)
		if out.Stderr != "" {
			for _, l := range strings.SplitAfter(strings.TrimSuffix(out.Stderr, "\n"), "\n") {
				sb.WriteString("stderr> " + l)
			}
			sb.WriteString("\n")
		}
		fmt.Fprintf(&sb, "[exit %d]\n", out.ExitCode)
		for _, ch := range out.Changes {
			fmt.Fprintf(&sb, "  change: %s %s/%s %s", ch.Action, ch.Ref.Kind, ch.Ref.Name, ch.Ref.Namespace)
			if ch.DryRun {
				sb.WriteString(" (dry run)")
			}
			sb.WriteString("\n")
		}
		for _, w := range out.Warnings {
			fmt.Fprintf(&sb, "  warning: %s\n", w)
		}
		sb.WriteString("\n")
	}
	for _, f := range s.final {
		out, err := c.Run("kubectl get "+f+" -o yaml", nil)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "# final %s\n%s%s", f, out.Stdout, out.Stderr)
	}
	return sb.String()
}

func TestScenarios(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			got := transcript(t, s)
			path := filepath.Join("testdata", s.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}
