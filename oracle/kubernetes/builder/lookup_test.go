package builder

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/cli-runtime/pkg/resource"
	"k8s.io/client-go/rest/fake"
	"k8s.io/client-go/restmapper"
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine"
)

// kubectlFinds reads file as `kubectl apply -f file` does (the builder
// of kubectlBuilder, context namespace "default") against a fake cluster
// holding only the live object, under its own namespace and name, and
// makes the call apply.go's applyOneObject decides by (k8s.io/kubectl
// v0.37.2 pkg/cmd/apply/apply.go:680, info.Get(): a NotFound sends kubectl
// to helper.Create, anything found to the patcher). It returns whether
// kubectl finds an object, and the object's request.
func kubectlFinds(t *testing.T, file, live string) (bool, string) {
	t.Helper()
	mapper := meta.NewDefaultRESTMapper(nil)
	mapper.Add(schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, meta.RESTScopeNamespace)
	mapper.Add(schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"}, meta.RESTScopeNamespace)
	mapper.Add(schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Backup"}, meta.RESTScopeNamespace)
	mapper.Add(schema.GroupVersionKind{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole"}, meta.RESTScopeRoot)

	// The cluster: the live object at its own path.
	j, err := yaml.YAMLToJSON([]byte(live))
	if err != nil {
		t.Fatal(err)
	}
	liveObj := &unstructured.Unstructured{}
	if err := liveObj.UnmarshalJSON(j); err != nil {
		t.Fatal(err)
	}
	m, err := mapper.RESTMapping(liveObj.GroupVersionKind().GroupKind(), liveObj.GroupVersionKind().Version)
	if err != nil {
		t.Fatal(err)
	}
	livePath := "/" + m.Resource.Resource + "/" + liveObj.GetName()
	if m.Scope.Name() == meta.RESTScopeNameNamespace {
		livePath = "/namespaces/" + liveObj.GetNamespace() + livePath
	}
	var asked string
	client := func(gv schema.GroupVersion) (resource.RESTClient, error) {
		prefix := "/apis/" + gv.Group + "/" + gv.Version
		if gv.Group == "" {
			prefix = "/api/" + gv.Version
		}
		return &fake.RESTClient{
			NegotiatedSerializer: resource.UnstructuredPlusDefaultContentConfig().NegotiatedSerializer,
			GroupVersion:         gv,
			VersionedAPIPath:     prefix,
			Client: fake.CreateHTTPClient(func(req *http.Request) (*http.Response, error) {
				if asked == "" { // the object's GET (client-go may ask for its namespace after a NotFound)
					asked = req.Method + " " + req.URL.Path
				}
				header := http.Header{"Content-Type": []string{"application/json"}}
				if req.Method == http.MethodGet && req.URL.Path == prefix+livePath && gv == liveObj.GroupVersionKind().GroupVersion() {
					return &http.Response{StatusCode: http.StatusOK, Header: header, Body: io.NopCloser(bytes.NewReader(j))}, nil
				}
				status := `{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"NotFound","code":404,"message":"not found"}`
				return &http.Response{StatusCode: http.StatusNotFound, Header: header, Body: io.NopCloser(bytes.NewReader([]byte(status)))}, nil
			}),
		}, nil
	}
	path := filepath.Join(t.TempDir(), "file.yaml")
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	infos, err := resource.NewFakeBuilder(client,
		func() (meta.RESTMapper, error) { return mapper, nil },
		func() (restmapper.CategoryExpander, error) { return restmapper.SimpleCategoryExpander{}, nil },
	).Unstructured().ContinueOnError().
		NamespaceParam(engine.DefaultNamespace).DefaultNamespace().
		FilenameParam(false, &resource.FilenameOptions{Filenames: []string{path}}).
		Flatten().Do().Infos()
	if err != nil || len(infos) != 1 {
		t.Fatalf("the builder read %d objects: %v", len(infos), err)
	}
	switch err := infos[0].Get(); {
	case err == nil:
		return true, asked
	case apierrors.IsNotFound(err):
		return false, asked
	default:
		t.Fatalf("GET %s: %v", asked, err)
	}
	return false, asked
}

// TestOtherObjectAgreesWithKubectlLookup: the engine's Elsewhere (a create
// of the file's object, the live one untouched) is exactly when kubectl's
// GET by the file's namespace and name, against a cluster holding only
// the live object, is a NotFound: another name of the same kind, another
// namespace, or both; the same name and namespace is found (a patch).
func TestOtherObjectAgreesWithKubectlLookup(t *testing.T) {
	const (
		liveWeb    = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 3\n"
		liveBackup = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\n  namespace: default\nspec:\n  keep: 1\n"
		liveRole   = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules: []\n"
		liveConfig = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: checkout-config\n  namespace: default\ndata:\n  LOG_LEVEL: debug\n"
	)
	for _, tc := range []struct {
		name, file, live string
		wantFound        bool
	}{
		{"the same name", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n", liveWeb, true},
		{"another name", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web2\nspec:\n  replicas: 2\n", liveWeb, false},
		{"another namespace", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: a\nspec:\n  replicas: 2\n", liveWeb, false},
		{"another name and namespace", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web2\n  namespace: a\nspec:\n  replicas: 2\n", liveWeb, false},
		{"custom kind, the same name", "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  keep: 3\n", liveBackup, true},
		{"custom kind, another name", "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly2\nspec:\n  keep: 3\n", liveBackup, false},
		{"cluster-scoped, the same name", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\nrules: []\n", liveRole, true},
		{"cluster-scoped, another name", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader2\nrules: []\n", liveRole, false},
		{"the name-elsewhere sample", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: checkout-config-v2\n  namespace: default\ndata:\n  PAYMENT_URL: x\n", liveConfig, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, asked := kubectlFinds(t, tc.file, tc.live)
			t.Logf("kubectl: %s, found %v", asked, found)
			if found != tc.wantFound {
				t.Fatalf("kubectl's %s found %v, want %v", asked, found, tc.wantFound)
			}
			res, err := engine.Apply(engine.Input{File: tc.file, Live: tc.live})
			if err != nil {
				t.Fatal(err)
			}
			created := res.Action == engine.ActionCreate && res.Elsewhere != nil
			if created == found {
				t.Errorf("kubectl's %s found %v; the engine: action %s, elsewhere %+v", asked, found, res.Action, res.Elsewhere)
			}
		})
	}
}
