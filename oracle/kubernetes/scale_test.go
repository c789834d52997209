package kubernetes

import (
	"encoding/json"
	"testing"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/apps"
	"k8s.io/kubernetes/pkg/apis/autoscaling"
	_ "k8s.io/kubernetes/pkg/apis/autoscaling/install"

	"github.com/applylens/applylens/engine/cluster"
)

// TestScaleBeyondInt32 runs `kubectl scale --replicas=N` past an int32
// on the simulated cluster and compares kubectl's error with the real
// pieces of the scale subresource's path: the Deployment's Scale (as the
// registry's scaleFromDeployment builds it from the simulated stored
// object) encoded by the server's codec, json-patch's MergePatch with
// kubectl's patch {"spec":{"replicas":N}}, the decoding into the Scale
// type, the patch handler's Invalid error and kubectl's CheckErr.
// int32 max is scaled on both.
func TestScaleBeyondInt32(t *testing.T) {
	const dep = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web, tier: front}\n    matchExpressions: [{key: env, operator: In, values: [prod, dev]}]\n  template:\n    metadata:\n      labels: {app: web, tier: front, env: prod}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"
	for _, replicas := range []string{"2147483647", "2147483648", "9223372036854775807"} {
		t.Run(replicas, func(t *testing.T) {
			c := cluster.New(cluster.Options{})
			if out, err := c.Run("kubectl create -f d.yaml", map[string]string{"d.yaml": dep}); err != nil || out.ExitCode != 0 {
				t.Fatalf("create: %v %+v", err, out)
			}
			getOut, err := c.Run("kubectl get deployment web -o json", nil)
			if err != nil || getOut.ExitCode != 0 {
				t.Fatalf("get: %v %+v", err, getOut)
			}
			out, err := c.Run("kubectl scale deployment/web --replicas="+replicas, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := realScalePatch(t, []byte(getOut.Stdout), replicas)
			got := errorLines(out.Stderr)
			if got != want {
				t.Errorf("kubectl scale --replicas=%s:\n got %q\nwant %q", replicas, got, want)
			}
		})
	}
}

// realScalePatch is kubectl's error for the scale patch on the stored
// Deployment, or "" when the patched Scale decodes.
func realScalePatch(t *testing.T, stored []byte, replicas string) string {
	t.Helper()
	codecs := legacyscheme.Codecs
	obj, _, err := codecs.UniversalDecoder(schema.GroupVersion{Group: "apps", Version: runtime.APIVersionInternal}).Decode(stored, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := obj.(*apps.Deployment)
	selector, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil {
		t.Fatal(err)
	}
	scale := &autoscaling.Scale{
		ObjectMeta: metav1.ObjectMeta{Name: d.Name, Namespace: d.Namespace, UID: d.UID, ResourceVersion: d.ResourceVersion, CreationTimestamp: d.CreationTimestamp},
		Spec:       autoscaling.ScaleSpec{Replicas: d.Spec.Replicas},
		Status:     autoscaling.ScaleStatus{Replicas: d.Status.Replicas, Selector: selector.String()},
	}
	gv := schema.GroupVersion{Group: "autoscaling", Version: "v1"}
	codec := codecs.CodecForVersions(codecs.LegacyCodec(gv), codecs.UniversalDecoder(schema.GroupVersion{Group: "autoscaling", Version: runtime.APIVersionInternal}), gv, nil)
	current, err := runtime.Encode(codec, scale)
	if err != nil {
		t.Fatal(err)
	}
	patch, _ := json.Marshal(map[string]any{"spec": map[string]any{"replicas": json.Number(replicas)}})
	patched, err := jsonpatch.MergePatch(current, patch)
	if err != nil {
		t.Fatal(err)
	}
	if err := runtime.DecodeInto(codec, patched, &autoscaling.Scale{}); err != nil {
		invalid := apierrors.NewInvalid(schema.GroupKind{}, "", field.ErrorList{field.Invalid(field.NewPath("patch"), string(patched), err.Error())})
		return kubectlMessage(invalid)
	}
	return ""
}
