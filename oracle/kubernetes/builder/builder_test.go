package builder

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/cli-runtime/pkg/resource"
	"k8s.io/client-go/restmapper"
	"k8s.io/kubectl/pkg/util"

	"github.com/applylens/applylens/engine"
)

// kindScope is a kind a test's discovery knows, cluster-scoped or not.
type kindScope struct {
	gvk     schema.GroupVersionKind
	cluster bool
}

// fakeBuilder is kubectl's resource builder as apply's GetObjects starts
// it (unstructured, continuing on errors), with a discovery that knows
// kinds and no server behind it.
func fakeBuilder(kinds []kindScope) *resource.Builder {
	mapper := meta.NewDefaultRESTMapper(nil)
	for _, k := range kinds {
		scope := meta.RESTScopeNamespace
		if k.cluster {
			scope = meta.RESTScopeRoot
		}
		mapper.Add(k.gvk, scope)
	}
	return resource.NewFakeBuilder(
		func(schema.GroupVersion) (resource.RESTClient, error) { return nil, nil },
		func() (meta.RESTMapper, error) { return mapper, nil },
		func() (restmapper.CategoryExpander, error) { return restmapper.SimpleCategoryExpander{}, nil },
	).Unstructured().ContinueOnError()
}

// kubectlBuilder reads file as `kubectl apply -f file` does (apply.go's
// GetObjects: the builder's chain with -n when namespace is given, else
// the context's "default"), with a discovery that knows the kinds in
// clusterScoped as cluster-scoped and every other one as namespaced. It
// returns the object handed to apply and its namespace.
func kubectlBuilder(t *testing.T, file, namespace string, clusterScoped bool) (*unstructured.Unstructured, string, error) {
	t.Helper()
	b := fakeBuilder([]kindScope{
		{schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, false},
		{schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"}, false},
		{schema.GroupVersionKind{Version: "v1", Kind: "Namespace"}, true},
		{schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole"}, true},
		{schema.GroupVersionKind{Group: "storage.k8s.io", Version: "v1", Kind: "StorageClass"}, true},
		{schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Backup"}, clusterScoped},
	})
	path := filepath.Join(t.TempDir(), "file.yaml")
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	enforce, ns := namespace != "", namespace
	if !enforce {
		ns = engine.DefaultNamespace
	}
	infos, err := b.
		NamespaceParam(ns).DefaultNamespace().
		FilenameParam(enforce, &resource.FilenameOptions{Filenames: []string{path}}).
		Flatten().Do().Infos()
	if err != nil {
		return nil, "", err
	}
	if len(infos) != 1 {
		t.Fatalf("the builder read %d objects", len(infos))
	}
	return infos[0].Object.(*unstructured.Unstructured), infos[0].Namespace, nil
}

// TestNamespaceAgreesWithKubectlBuilder compares, for a created object,
// the engine's namespace, last-applied annotation and error with what
// kubectl's builder makes of the same file and flags.
func TestNamespaceAgreesWithKubectlBuilder(t *testing.T) {
	const (
		deployment     = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n"
		deploymentInA  = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 2\n"
		configMapEmpty = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: \"\"\ndata: {a: b}\n"
		backup         = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  keep: 3\n"
		backupInA      = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n  namespace: a\nspec:\n  keep: 3\n"
		clusterRoleInA = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\n  namespace: a\nrules: []\n"
		namespace      = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n"
		storageClass   = "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: fast\nprovisioner: x\n"
	)
	cases := []struct {
		name          string
		file          string
		namespace     string
		clusterScoped bool
	}{
		{"context namespace", deployment, "", false},
		{"-n", deployment, "b", false},
		{"file's namespace", deploymentInA, "", false},
		{"file's namespace equal to -n", deploymentInA, "a", false},
		{"file's namespace against -n", deploymentInA, "b", false},
		{"empty namespace in the file", configMapEmpty, "b", false},
		{"custom kind namespaced", backup, "b", false},
		{"custom kind namespaced against -n", backupInA, "b", false},
		{"custom kind cluster-scoped", backup, "", true},
		{"custom kind cluster-scoped with -n", backup, "b", true},
		{"custom kind cluster-scoped naming a namespace", backupInA, "b", true},
		{"built-in kind ignores the custom scope", deployment, "b", true},
		{"ClusterRole naming a namespace", clusterRoleInA, "b", false},
		{"Namespace with -n", namespace, "b", false},
		{"StorageClass", storageClass, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			obj, ns, kubectlErr := kubectlBuilder(t, tc.file, tc.namespace, tc.clusterScoped)
			res, err := engine.Apply(engine.Input{File: tc.file, Namespace: tc.namespace, ClusterScoped: tc.clusterScoped})
			if kubectlErr != nil || err != nil {
				var ie *engine.InputError
				if kubectlErr == nil || !errors.As(err, &ie) || ie.Message != kubectlErr.Error() {
					t.Fatalf("engine error %v, kubectl's builder %v", err, kubectlErr)
				}
				return
			}
			if res.Namespace != ns {
				t.Errorf("namespace: engine %q, kubectl %q", res.Namespace, ns)
			}
			if want := kubectlLastApplied(t, obj); res.LastApplied != want {
				t.Errorf("last-applied:\nengine  %s\nkubectl %s", res.LastApplied, want)
			}
		})
	}
}

// TestBuilderDropsClusterScopedNamespace pins what kubectl's builder does
// with a cluster-scoped object whose file names a namespace (a ClusterRole
// with namespace: kube-system, as public manifests have): FilterNamespace
// runs UpdateObjectNamespace with "", which removes metadata.namespace
// from the object apply computes from, so neither the last-applied
// annotation nor the patch carries it. The engine does the same and says
// so (WarnNamespaceDropped).
func TestBuilderDropsClusterScopedNamespace(t *testing.T) {
	const file = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\n  namespace: kube-system\nrules: []\n"
	obj, ns, err := kubectlBuilder(t, file, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, found, _ := unstructured.NestedFieldNoCopy(obj.Object, "metadata", "namespace"); found || ns != "" {
		t.Fatalf("kubectl's builder kept the namespace: object %v, info namespace %q", obj.Object["metadata"], ns)
	}
	res, err := engine.Apply(engine.Input{File: file})
	if err != nil {
		t.Fatal(err)
	}
	var last map[string]any
	if err := json.Unmarshal([]byte(res.LastApplied), &last); err != nil {
		t.Fatal(err)
	}
	if _, found, _ := unstructured.NestedFieldNoCopy(last, "metadata", "namespace"); found {
		t.Errorf("the engine's last-applied annotation keeps the namespace: %s", res.LastApplied)
	}
	dropped := false
	for _, w := range res.Warnings {
		dropped = dropped || w.Code == engine.WarnNamespaceDropped
	}
	if !dropped {
		t.Errorf("no %s warning: %+v", engine.WarnNamespaceDropped, res.Warnings)
	}
}

// kubectlLastApplied is the last-applied annotation kubectl apply writes
// for obj (util.GetModifiedConfiguration, annotating).
func kubectlLastApplied(t *testing.T, obj runtime.Object) string {
	t.Helper()
	modified, err := util.GetModifiedConfiguration(obj, true, unstructured.UnstructuredJSONScheme)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(modified, &m); err != nil {
		t.Fatal(err)
	}
	return m.Metadata.Annotations[engine.LastAppliedAnnotation]
}
