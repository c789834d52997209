//go:build !js

package strategic

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema/schemagen"
	appsv1 "k8s.io/api/apps/v1"
	k8s "k8s.io/apimachinery/pkg/util/strategicpatch"
)

func TestLeadSmokeDeployment(t *testing.T) {
	original := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}`
	modified := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"x":"y"},"name":"nginx","finalizers":["b","a"]},"spec":{"selector":{"matchLabels":{"app":"nginx"}},"strategy":{"type":"Recreate"},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx","ports":[{"containerPort":80}]},{"name":"side","image":"busybox"}]}}}}`
	current := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx","uid":"u","finalizers":["c","a"]},"spec":{"replicas":2,"minReadySeconds":5,"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%"}},"selector":{"matchLabels":{"app":"nginx"}},"template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}]},{"name":"injected","image":"envoy"}]}}},"status":{}}`
	lookup, _ := k8s.NewPatchMetaFromStruct(&appsv1.Deployment{})
	want, err := k8s.CreateThreeWayMergePatch([]byte(original), []byte(modified), []byte(current), lookup, true)
	if err != nil {
		t.Fatal(err)
	}
	node := schemagen.ForType(reflect.TypeOf(appsv1.Deployment{}))
	got, err := CreateThreeWayMergePatch([]byte(original), []byte(modified), []byte(current), node, true)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "patch", got, want)
	wantR, err := k8s.StrategicMergePatch([]byte(current), want, &appsv1.Deployment{})
	if err != nil {
		t.Fatal(err)
	}
	gotR, err := StrategicMergePatch([]byte(current), got, node)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "result", gotR, wantR)
	t.Logf("patch %s\nresult %s", got, gotR)
}

func same(t *testing.T, what string, got, want []byte) {
	t.Helper()
	g, _ := jsonvalue.Decode(got)
	w, _ := jsonvalue.Decode(want)
	if !reflect.DeepEqual(g, w) {
		var a, b any
		json.Unmarshal(got, &a)
		json.Unmarshal(want, &b)
		t.Errorf("%s differs:\n got %s\nwant %s", what, got, want)
	}
}
