package builder

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/cli-runtime/pkg/resource"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/cluster"
	"github.com/applylens/applylens/samples"
)

// kustomizeTree holds the kustomizations the cases build: a base with a
// generator, labels and a Namespace, an overlay with a namespace, a
// prefix and a patch, and broken ones.
var kustomizeTree = map[string]string{
	"base/kustomization.yaml": "resources:\n- ns.yaml\n- deploy.yaml\n- svc.yaml\nconfigMapGenerator:\n- name: web-config\n  literals: [color=blue]\nlabels:\n- pairs: {app: shop}\n",
	"base/ns.yaml":            "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n",
	"base/deploy.yaml":        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {run: web}\n  template:\n    metadata:\n      labels: {run: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        envFrom:\n        - configMapRef: {name: web-config}\n",
	"base/svc.yaml":           "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {run: web}\n  ports:\n  - port: 80\n",
	"overlay/kustomization.yaml": "resources:\n- ../base\nnamespace: shop\nnamePrefix: prod-\npatches:\n- path: replicas.yaml\n" +
		"configMapGenerator:\n- name: web-config\n  behavior: merge\n  literals: [color=green]\n",
	"overlay/replicas.yaml":            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n",
	"missing-patch/kustomization.yaml": "resources:\n- ../base/svc.yaml\npatches:\n- path: p.yaml\n",
	"unknown-field/kustomization.yaml": "resources: []\nnameprefix: x-\n",
	"file.yaml":                        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: f\n",
	"plain/cm.yaml":                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: p\n",
}

// kubectlKustomize reads -k dir (and -f files, -R) as `kubectl apply`
// does (apply.go's GetObjects) in a directory holding tree. It
// returns the last-applied configuration kubectl would record for each
// object, in the order apply visits them, or the error as kubectl's
// CheckErr prints it, the temporary directory's path removed (the
// simulation's files are under "/").
func kubectlKustomize(t *testing.T, tree map[string]string, dir string, files []string, recursive bool) (lastApplied []string, stderr string) {
	t.Helper()
	root := t.TempDir()
	for name, text := range tree {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	b := fakeBuilder([]kindScope{
		{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, false},
		{schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"}, false},
		{schema.GroupVersionKind{Version: "v1", Kind: "Service"}, false},
		{schema.GroupVersionKind{Version: "v1", Kind: "Namespace"}, true},
	})
	opts := &resource.FilenameOptions{Recursive: recursive}
	if dir != "" {
		opts.Kustomize = filepath.Join(root, dir)
	}
	for _, f := range files {
		opts.Filenames = append(opts.Filenames, filepath.Join(root, f))
	}
	infos, err := b.
		NamespaceParam(engine.DefaultNamespace).DefaultNamespace().
		FilenameParam(false, opts).
		Flatten().Do().Infos()
	if err != nil {
		// As kubectl prints it (CheckErr), into a string.
		cmdutil.BehaviorOnFatal(func(msg string, _ int) { stderr = msg })
		defer cmdutil.DefaultBehaviorOnFatal()
		cmdutil.CheckErr(err)
		if !strings.HasSuffix(stderr, "\n") {
			stderr += "\n"
		}
		return nil, strings.ReplaceAll(stderr, root, "")
	}
	if len(infos) == 0 {
		// apply.go's Run, after the builder.
		return nil, "error: no objects passed to apply\n"
	}
	for _, info := range infos {
		lastApplied = append(lastApplied, kubectlLastApplied(t, info.Object))
	}
	return lastApplied, ""
}

// TestApplyKustomizeAgreesWithKubectl compares `kubectl apply -k` of the
// simulated cluster (engine/cluster, with engine/kustomize's build) with
// kubectl's resource builder running the real kustomize (cli-runtime's
// KustomizeVisitor): the objects apply visits, in order, as the
// last-applied configuration each would record, or the error as kubectl
// prints it; and the flag checks of FilenameOptions.
func TestApplyKustomizeAgreesWithKubectl(t *testing.T) {
	cases := []struct {
		name      string
		dir       string
		files     []string
		recursive bool
		flags     string
	}{
		{name: "a base: Namespace first, the generated ConfigMap, its reference", dir: "base"},
		{name: "an overlay: namespace, prefix, patch, merged generator", dir: "overlay"},
		{name: "a directory that does not exist", dir: "nowhere"},
		{name: "a directory below one that does not exist", dir: "nowhere/deeper"},
		{name: "a file", dir: "file.yaml"},
		{name: "a directory without a kustomization", dir: "plain"},
		{name: "a patch file that does not exist", dir: "missing-patch"},
		{name: "an unknown field in the kustomization", dir: "unknown-field"},
		{name: "-f and -k", dir: "base", files: []string{"file.yaml"}, flags: "-f /file.yaml"},
		{name: "-k and -R", dir: "base", recursive: true, flags: "-R"},
		{name: "-f, -k and -R", dir: "base", files: []string{"file.yaml"}, recursive: true, flags: "-f /file.yaml -R"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, wantErr := kubectlKustomize(t, kustomizeTree, tc.dir, tc.files, tc.recursive)
			c := cluster.New(cluster.Options{})
			out, err := c.Run("kubectl apply --dry-run=client -k /"+tc.dir+" "+tc.flags, kustomizeTree)
			if err != nil {
				t.Fatal(err)
			}
			compareApplies(t, out, want, wantErr)
		})
	}
}

// compareApplies compares a simulated dry-run apply's objects (their
// last-applied configurations, in order) or its stderr with kubectl's.
func compareApplies(t *testing.T, out *cluster.Outcome, want []string, wantErr string) {
	t.Helper()
	var got []string
	for _, res := range out.Applies {
		got = append(got, res.LastApplied)
	}
	if wantErr != "" || out.Stderr != "" {
		if out.Stderr != wantErr {
			t.Errorf("stderr:\nsimulation %q\nkubectl    %q", out.Stderr, wantErr)
		}
		return
	}
	if len(got) != len(want) || len(want) == 0 {
		t.Fatalf("the simulation applied %d objects, kubectl %d:\n%v\n%v", len(got), len(want), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("object %d:\nsimulation %s\nkubectl    %s", i, got[i], want[i])
		}
	}
}

// TestTimelineSamplesApplyKAgreeWithKubectl: every `kubectl apply -k DIR`
// of the timeline samples (samples/timelines) reads, with the real
// kustomize under kubectl's builder, the objects the simulation applies.
func TestTimelineSamplesApplyKAgreeWithKubectl(t *testing.T) {
	n := 0
	for _, tl := range samples.Timelines() {
		for i, c := range tl.Commands {
			words := strings.Fields(c.Command)
			for j, w := range words {
				if w != "-k" || j+1 >= len(words) || words[1] != "apply" {
					continue
				}
				n++
				dir := words[j+1]
				t.Run(fmt.Sprintf("%s/%d", tl.ID, i+1), func(t *testing.T) {
					want, wantErr := kubectlKustomize(t, c.FileMap(), dir, nil, false)
					out, err := cluster.New(cluster.Options{}).Run("kubectl apply --dry-run=client -k /"+dir, c.FileMap())
					if err != nil {
						t.Fatal(err)
					}
					compareApplies(t, out, want, wantErr)
				})
			}
		}
	}
	if n == 0 {
		t.Fatal("no timeline sample runs kubectl apply -k")
	}
}

// TestTimelineSamplesKustomizeAgreesWithKustomize: every `kubectl
// kustomize DIR` of the timeline samples prints what the real kustomize
// builds (krusty with kubectl's legacy order; the samples have no
// sortOptions, where the build command's default could differ).
func TestTimelineSamplesKustomizeAgreesWithKustomize(t *testing.T) {
	n := 0
	for _, tl := range samples.Timelines() {
		for i, c := range tl.Commands {
			words := strings.Fields(c.Command)
			if len(words) != 3 || words[0] != "kubectl" || words[1] != "kustomize" {
				continue
			}
			n++
			t.Run(fmt.Sprintf("%s/%d", tl.ID, i+1), func(t *testing.T) {
				fSys := filesys.MakeFsInMemory()
				for name, text := range c.FileMap() {
					if err := fSys.WriteFile("/"+name, []byte(text)); err != nil {
						t.Fatal(err)
					}
				}
				opts := krusty.MakeDefaultOptions()
				opts.Reorder = krusty.ReorderOptionLegacy
				m, err := krusty.MakeKustomizer(opts).Run(fSys, "/"+words[2])
				if err != nil {
					t.Fatal(err)
				}
				want, err := m.AsYaml()
				if err != nil {
					t.Fatal(err)
				}
				out, err := cluster.New(cluster.Options{}).Run(c.Command, c.FileMap())
				if err != nil {
					t.Fatal(err)
				}
				if out.Stdout != string(want) || out.Stderr != "" {
					t.Errorf("simulation printed %q (stderr %q); kustomize built %q", out.Stdout, out.Stderr, want)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no timeline sample runs kubectl kustomize")
	}
}
