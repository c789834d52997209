package kubernetes

import (
	"fmt"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation/field"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	"k8s.io/kubernetes/pkg/api/legacyscheme"

	"github.com/applylens/applylens/engine/cluster"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// TestApplyPatchTypedRoundTrip applies a Deployment over an existing one
// with a value its Go type cannot hold (or a field it does not declare)
// on the simulated cluster, and sends kubectl's patch (the engine's,
// checked against kubectl's elsewhere) through the real patch handler's
// pieces: the stored object converted to unstructured, StrategicMergeMapPatch,
// the unstructured converter with strict validation (kubectl apply's
// default), the handler's Invalid error with the patch as Go prints it,
// kubectl's AddSourceToErr and CheckErr; when it converts, the real
// update path (defaulting, BeforeUpdate). Both must print the same.
func TestApplyPatchTypedRoundTrip(t *testing.T) {
	dep := func(replicas, extra string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: " + replicas +
			"\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n" + extra
	}
	for _, tc := range []struct{ name, file string }{
		{"replicas a word", dep("three", "")},
		{"replicas 1.5", dep("1.5", "")},
		{"replicas int32 max", dep("2147483647", "")},
		{"replicas int32 max+1", dep("2147483648", "")},
		{"a bool where a string goes", dep("1", "        imagePullPolicy: true\n")},
		{"a number where a string goes", dep("1", "        workingDir: 5\n")},
		{"an invalid quantity", dep("1", "        resources: {limits: {cpu: 1.5.5}}\n")},
		{"a quantity canonical", dep("1", "        resources: {limits: {cpu: .5}}\n")},
		{"unknown fields", dep("1", "        port: 80\n  replica: 2\n")},
		{"a string where an object goes", dep("1", "        securityContext: privileged\n")},
		{"a wrong type beside a merged env list and a label", dep("three", "        env: [{name: A, value: a}]\n      - name: side\n        image: busybox\n        ports: [{containerPort: 80}]\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cluster.New(cluster.Options{})
			if out, err := c.Run("kubectl apply -f d.yaml", map[string]string{"d.yaml": dep("1", "")}); err != nil || out.ExitCode != 0 {
				t.Fatalf("first apply: %v %+v", err, out)
			}
			getOut, err := c.Run("kubectl get deployment web -o json", nil)
			if err != nil || getOut.ExitCode != 0 {
				t.Fatalf("get: %v %+v", err, getOut)
			}
			live, err := jsonvalue.DecodeObject([]byte(getOut.Stdout))
			if err != nil {
				t.Fatal(err)
			}
			out, err := c.Run("kubectl apply -f d.yaml", map[string]string{"d.yaml": tc.file})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Applies) != 1 {
				t.Fatalf("%d applies", len(out.Applies))
			}
			patch := out.Applies[0].Patch
			got := errorLines(out.Stderr)
			want := realApplyPatch(t, live, patch)
			if got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
			t.Log(want)
		})
	}
}

// realApplyPatch is kubectl's error for its patch on the stored object,
// or "" when the real server stores the result.
func realApplyPatch(t *testing.T, live map[string]any, patch []byte) string {
	t.Helper()
	versioned := typed(t, live)
	original, err := runtime.DefaultUnstructuredConverter.ToUnstructured(versioned)
	if err != nil {
		t.Fatal(err)
	}
	patchMap := map[string]any{}
	if err := utiljson.Unmarshal(patch, &patchMap); err != nil {
		t.Fatal(err)
	}
	gvk := gvkOf(live)
	ref, err := legacyscheme.Scheme.New(gvk)
	if err != nil {
		t.Fatal(err)
	}
	patched, err := strategicpatch.StrategicMergeMapPatch(original, patchMap, ref)
	if err != nil {
		t.Fatal(err)
	}
	into, _ := legacyscheme.Scheme.New(gvk)
	fail := func(err error) string {
		return kubectlMessage(cmdutil.AddSourceToErr(fmt.Sprintf("applying patch:\n%s\nto:\n%v\nfor:", patch, "info"), "d.yaml", err))
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(patched, into, true); err != nil {
		return fail(apierrors.NewInvalid(schema.GroupKind{}, "", field.ErrorList{field.Invalid(field.NewPath("patch"), fmt.Sprintf("%+v", patchMap), err.Error())}))
	}
	obj, err := runtime.DefaultUnstructuredConverter.ToUnstructured(into)
	if err != nil {
		t.Fatal(err)
	}
	if _, se := serverUpdate(t, obj, live); se != nil {
		return fail(se)
	}
	return ""
}
