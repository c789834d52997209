package cluster

import (
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kustomize"
)

// kustomizeTree is a base (a Deployment reading a generated ConfigMap, an
// old ConfigMap, all labelled app=shop) and an overlay that drops the old
// ConfigMap and changes the generator's literal.
var kustomizeTree = map[string]string{
	"base/kustomization.yaml":     "resources:\n- deploy.yaml\n- old.yaml\nconfigMapGenerator:\n- name: web-config\n  literals: [color=blue]\nlabels:\n- pairs: {app: shop}\n",
	"base/deploy.yaml":            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {run: web}\n  template:\n    metadata:\n      labels: {run: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        envFrom:\n        - configMapRef: {name: web-config}\n",
	"base/old.yaml":               "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: old\ndata: {a: b}\n",
	"overlay/kustomization.yaml":  "resources:\n- deploy.yaml\nconfigMapGenerator:\n- name: web-config\n  literals: [color=green]\nlabels:\n- pairs: {app: shop}\n",
	"overlay/deploy.yaml":         "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {run: web}\n  template:\n    metadata:\n      labels: {run: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        envFrom:\n        - configMapRef: {name: web-config}\n",
	"legacy/kustomization.yaml":   "resources:\n- old.yaml\ncommonLabels: {tier: x}\n",
	"legacy/old.yaml":             "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: old\ndata: {a: b}\n",
	"empty/kustomization.yaml":    "namespace: x\n",
	"ns/kustomization.yaml":       "namespace: prod\nresources:\n- cm.yaml\n",
	"./dotted/kustomization.yaml": "resources:\n- cm.yaml\n",
	"./dotted/cm.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: d\n",
	"ns/cm.yaml":                  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n",
	"old-api/kustomization.yaml":  "resources:\n- pdb.yaml\n",
	"old-api/pdb.yaml":            "apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata:\n  name: x\n",
}

// TestKustomizeCommands checks kubectl kustomize and the -k of apply,
// diff and delete on named cases: kubectl's flag checks
// (cli-runtime's FilenameOptions.validate and RequireFilenameOrKustomize,
// kustomize's build command's Validate), the build applied as apply -f
// of its output would be, kustomize's errors and warnings as kubectl
// prints them.
func TestKustomizeCommands(t *testing.T) {
	cases := []struct {
		name           string
		setup          []string
		command        string
		stdout, stderr string
		exit           int
	}{
		{name: "apply -k creates the build's objects in the build's order",
			command: "apply -k base",
			stdout:  "configmap/old created\nconfigmap/web-config-747dfcb89d created\ndeployment.apps/web created\n"},
		{name: "-k with a trailing slash",
			command: "apply -k base/ --dry-run=client",
			stdout:  "configmap/old created (dry run)\nconfigmap/web-config-747dfcb89d created (dry run)\ndeployment.apps/web created (dry run)\n"},
		{name: "the overlay prunes what it no longer builds; the new generator's ConfigMap is created, the Deployment configured",
			setup:   []string{"apply -k base --prune -l app=shop"},
			command: "apply -k overlay --prune -l app=shop",
			stdout:  "configmap/web-config-g5mh25c546 created\ndeployment.apps/web configured\nconfigmap/old pruned\nconfigmap/web-config-747dfcb89d pruned\n"},
		{name: "--prune-allowlist limits what the overlay prunes",
			setup:   []string{"apply -k base --prune -l app=shop"},
			command: "apply -k overlay --prune -l app=shop --prune-allowlist=apps/v1/Deployment",
			stdout:  "configmap/web-config-g5mh25c546 created\ndeployment.apps/web configured\n"},
		{name: "-l filters the build's objects",
			command: "apply -k base -l app=shop --dry-run=server",
			stdout:  "configmap/old created (server dry run)\nconfigmap/web-config-747dfcb89d created (server dry run)\ndeployment.apps/web created (server dry run)\n"},
		{name: "-n against the build's namespace",
			command: "apply -k ns -n other",
			stderr:  "error: the namespace from the provided object \"prod\" does not match the namespace \"other\". You must pass '--namespace=prod' to perform this operation.\n", exit: 1},
		{name: "file names given with ./",
			command: "apply -k ./dotted",
			stdout:  "configmap/d created\n"},
		{name: "server-side apply of a build",
			command: "apply -k base --server-side",
			stdout:  "configmap/old serverside-applied\nconfigmap/web-config-747dfcb89d serverside-applied\ndeployment.apps/web serverside-applied\n"},
		{name: "-f and -k together",
			command: "apply -f base/old.yaml -k base",
			stderr:  "error: only one of -f or -k can be specified\n", exit: 1},
		{name: "-k and -R",
			command: "apply -k base -R",
			stderr:  "error: the -k flag can't be used with -f or -R\n", exit: 1},
		{name: "-f, -k and -R: both errors, one per line, as an aggregate",
			command: "apply -k base -R -f base/old.yaml",
			stderr:  "only one of -f or -k can be specified\nthe -k flag can't be used with -f or -R\n", exit: 1},
		{name: "an empty -k is no -k",
			command: "apply -k ''",
			stderr:  "error: must specify one of -f and -k\n", exit: 1},
		{name: "kustomize's error as kubectl prints it",
			command: "apply -k nowhere",
			stderr:  "error: must build at directory: not a valid directory: evalsymlink failure on 'nowhere' : lstat /nowhere: no such file or directory\n", exit: 1},
		{name: "-k naming a file",
			command: "apply -k base/old.yaml",
			stderr:  "error: must build at directory: 'base/old.yaml': file is not directory\n", exit: 1},
		{name: "an empty build",
			command: "apply -k empty",
			stderr:  "error: no objects passed to apply\n", exit: 1},
		{name: "kubectl names the directory as the source",
			command: "apply -k old-api/",
			stderr:  "error: resource mapping not found for name: \"x\" namespace: \"\" from \"old-api/\": no matches for kind \"PodDisruptionBudget\" in version \"policy/v1beta1\"\nensure CRDs are installed first\n", exit: 1},
		{name: "kustomize's deprecation warning goes to stderr first",
			command: "apply -k legacy",
			stdout:  "configmap/old created\n",
			stderr:  "# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. Run 'kustomize edit fix' to update your Kustomization automatically.\n"},
		{name: "delete -k",
			setup:   []string{"apply -k base"},
			command: "delete -k base",
			stdout:  "configmap \"old\" deleted from default namespace\nconfigmap \"web-config-747dfcb89d\" deleted from default namespace\ndeployment.apps \"web\" deleted from default namespace\n"},
		{name: "diff -k of an applied build is empty",
			setup:   []string{"apply -k base"},
			command: "diff -k base"},
		{name: "kubectl kustomize with two directories",
			command: "kustomize base overlay",
			stderr:  "error: specify one path to kustomization.yaml\n", exit: 1},
		{name: "kubectl kustomize without a kustomization",
			command: "kustomize",
			stderr:  "error: unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '/'\n", exit: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			for _, s := range tc.setup {
				mustRun(t, c, s, kustomizeTree)
			}
			out, err := c.Run(tc.command, kustomizeTree)
			if err != nil {
				t.Fatal(err)
			}
			if out.Stdout != tc.stdout || out.Stderr != tc.stderr || out.ExitCode != tc.exit {
				t.Errorf("got stdout %q stderr %q exit %d\nwant stdout %q stderr %q exit %d", out.Stdout, out.Stderr, out.ExitCode, tc.stdout, tc.stderr, tc.exit)
			}
		})
	}
}

// TestKustomizePrintsTheBuild: kubectl kustomize prints what
// engine/kustomize builds, and the outcome carries the build's steps.
func TestKustomizePrintsTheBuild(t *testing.T) {
	want, err := kustomize.Build(kustomize.Input{Files: kustomizeFiles(kustomizeTree), Dir: "overlay"})
	if err != nil {
		t.Fatal(err)
	}
	out, err := New(Options{}).Run("kubectl kustomize overlay", kustomizeTree)
	if err != nil {
		t.Fatal(err)
	}
	if out.Stdout != string(want.YAML) || out.Stderr != "" || out.ExitCode != 0 {
		t.Fatalf("kubectl kustomize printed %q, %q, %d; want the build %q", out.Stdout, out.Stderr, out.ExitCode, want.YAML)
	}
	if out.Kustomize == nil || out.Kustomize.Dir != "overlay" || len(out.Kustomize.Steps) != len(want.Steps) || len(want.Steps) == 0 {
		t.Fatalf("the outcome's build: %+v; want %d steps", out.Kustomize, len(want.Steps))
	}
	if len(out.Changes) != 0 {
		t.Errorf("kubectl kustomize changed %d objects", len(out.Changes))
	}
}

// TestApplyKAsApplyF: apply -k stores what apply -f of the build's output
// stores, object for object.
func TestApplyKAsApplyF(t *testing.T) {
	built, err := New(Options{}).Run("kustomize base", kustomizeTree)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"built.yaml": built.Stdout}
	for k, v := range kustomizeTree {
		files[k] = v
	}
	viaK, viaF := New(Options{}), New(Options{})
	outK := mustRun(t, viaK, "apply -k base", files)
	outF := mustRun(t, viaF, "apply -f built.yaml", files)
	if outK.Stdout != outF.Stdout {
		t.Errorf("apply -k printed %q, apply -f %q", outK.Stdout, outF.Stdout)
	}
	k, f := viaK.Objects(), viaF.Objects()
	if len(k) != len(f) {
		t.Fatalf("%d objects against %d", len(k), len(f))
	}
	for i := range k {
		if string(k[i]) != string(f[i]) {
			t.Errorf("object %d:\n-k %s\n-f %s", i, k[i], f[i])
		}
	}
}

// TestKustomizeFlagsNotSimulated: kubectl kustomize's flags that write
// files or run programs are refused as not simulated, and -k on a command
// that does not take it here.
func TestKustomizeFlagsNotSimulated(t *testing.T) {
	for _, cmd := range []string{"kustomize base -o out.yaml", "kustomize base --enable-helm", "kustomize base --load-restrictor LoadRestrictionsNone", "kustomize base --reorder none", "create -k base"} {
		t.Run(cmd, func(t *testing.T) {
			_, err := New(Options{}).Run(cmd, kustomizeTree)
			var ns *NotSimulatedError
			if err == nil || !strings.Contains(err.Error(), "not simulated") {
				t.Fatalf("got %v (%T); want a NotSimulatedError", err, ns)
			}
		})
	}
}

// TestApplyKEditedPatch: an overlay's patch edited and applied again is
// a three-way merge like any other apply: the new value is patched in,
// and a field the patch no longer sets (but the base does not either) is
// removed, since the last apply's configuration (the build) had it.
func TestApplyKEditedPatch(t *testing.T) {
	files := map[string]string{
		"base/kustomization.yaml": "resources:\n- deploy.yaml\n",
		"base/deploy.yaml":        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {run: web}\n  template:\n    metadata:\n      labels: {run: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n",
		"prod/kustomization.yaml": "resources:\n- ../base\npatches:\n- path: patch.yaml\n",
		"prod/patch.yaml":         "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  minReadySeconds: 5\n",
	}
	c := New(Options{})
	mustRun(t, c, "apply -k prod", files)
	files["prod/patch.yaml"] = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 5\n"
	out := mustRun(t, c, "apply -k prod", files)
	if out.Stdout != "deployment.apps/web configured\n" || len(out.Applies) != 1 {
		t.Fatalf("the edited patch applied: %q, %d applies", out.Stdout, len(out.Applies))
	}
	if got, want := string(out.Applies[0].Patch), `{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\",\"namespace\":\"default\"},\"spec\":{\"replicas\":5,\"selector\":{\"matchLabels\":{\"run\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"run\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx\",\"name\":\"web\"}]}}}}\n"}},"spec":{"minReadySeconds":null,"replicas":5}}`; got != want {
		t.Errorf("patch\n%s\nwant\n%s", got, want)
	}
}
