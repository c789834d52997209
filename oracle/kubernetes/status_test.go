package kubernetes

import (
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/applylens/applylens/engine/apiserver"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestStatusErrors compares NotFound, AlreadyExists and Conflict with
// apimachinery's errors, as the server sends them and kubectl prints them.
func TestStatusErrors(t *testing.T) {
	for _, kind := range slices.Sorted(maps.Keys(registry)) {
		r := registry[kind]
		g := newGen(1).object(kind)
		group := gvkOf(g).Group
		gr := schema.GroupResource{Group: group, Resource: r.resource}
		if got := apiserver.Resource(kind); got != r.resource {
			t.Errorf("Resource(%s) = %q, want %q", kind, got, r.resource)
		}
		for _, c := range []struct {
			got  *apiserver.StatusError
			want *apierrors.StatusError
		}{
			{apiserver.NotFound(group, kind, "web"), apierrors.NewNotFound(gr, "web")},
			{apiserver.AlreadyExists(group, kind, "web"), apierrors.NewAlreadyExists(gr, "web")},
			{apiserver.Conflict(group, kind, "web"), apierrors.NewConflict(gr, "web", errors.New("the object has been modified; please apply your changes to the latest version and try again"))},
		} {
			if c.got.ServerMessage != c.want.Error() || c.got.Reason != string(c.want.ErrStatus.Reason) {
				t.Errorf("%s: %s %q, want %s %q", kind, c.got.Reason, c.got.ServerMessage, c.want.ErrStatus.Reason, c.want.Error())
			}
			if k := kubectlMessage(c.want); c.got.KubectlText() != k {
				t.Errorf("%s: kubectl prints %q, got %q", kind, k, c.got.KubectlText())
			}
		}
	}
}
