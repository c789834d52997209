//go:build !js

package cluster

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubectl/pkg/scheme"
)

// typedKinds are minimal objects of the built-in kinds the documentation
// uses, created through the simulated server.
var typedKinds = `apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec:
      initContainers: [{name: i, image: busybox}]
      containers: [{name: c, image: nginx}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: rs}
spec:
  selector: {matchLabels: {app: rs}}
  template:
    metadata: {labels: {app: rs}}
    spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: sts}
spec:
  serviceName: sts
  selector: {matchLabels: {app: sts}}
  template:
    metadata: {labels: {app: sts}}
    spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: ds}
spec:
  selector: {matchLabels: {app: ds}}
  template:
    metadata: {labels: {app: ds}}
    spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: batch/v1
kind: Job
metadata: {name: job}
spec:
  template:
    spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: cj}
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}
---
apiVersion: v1
kind: Pod
metadata: {name: pod}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Service
metadata: {name: svc}
spec: {selector: {app: d}, ports: [{port: 80}]}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cm}
data: {a: b}
---
apiVersion: v1
kind: Secret
metadata: {name: s}
stringData: {a: b}
---
apiVersion: v1
kind: ServiceAccount
metadata: {name: sa}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: pvc}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: hpa}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: d}
  minReplicas: 1
  maxReplicas: 3
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: pdb}
spec: {minAvailable: 1, selector: {matchLabels: {app: d}}}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: ing}
spec:
  defaultBackend: {service: {name: svc, port: {number: 80}}}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: np}
spec: {podSelector: {}}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: r}
rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]
---
apiVersion: v1
kind: Namespace
metadata: {name: team}
`

// TestStoredObjectsAreTyped checks that every stored built-in object is
// what the API server's typed encoding gives: decoding it into its k8s.io
// Go type and encoding it again changes nothing.
func TestStoredObjectsAreTyped(t *testing.T) {
	c := New(Options{})
	out := mustRun(t, c, "apply -f kinds.yaml", map[string]string{"kinds.yaml": typedKinds})
	if out.ExitCode != 0 {
		t.Fatalf("apply: %s", out.Stderr)
	}
	mustRun(t, c, "controller status deployment/d", nil)
	for _, raw := range c.Objects() {
		var o map[string]any
		if err := json.Unmarshal(raw, &o); err != nil {
			t.Fatal(err)
		}
		group, version := splitAPIVersion(o["apiVersion"].(string))
		gvk := schema.GroupVersionKind{Group: group, Version: version, Kind: o["kind"].(string)}
		typed, err := scheme.Scheme.New(gvk)
		if err != nil {
			t.Fatalf("%v: %v", gvk, err)
		}
		if err := json.Unmarshal(raw, typed); err != nil {
			t.Fatalf("%v: %v", gvk, err)
		}
		back, err := json.Marshal(typed)
		if err != nil {
			t.Fatal(err)
		}
		objs, cerr := decodeStream("typed", string(back))
		if cerr != nil {
			t.Fatal(cerr)
		}
		if got, want := string(raw), string(encode(objs[0])); got != want {
			t.Errorf("%s %s: the typed encoding differs at %v", gvk.Kind, metaString(o, "name"), valueDiff("", o, objs[0]))
		}
	}
}

// valueDiff lists the paths where two decoded values differ, with the
// typed encoding's value.
func valueDiff(path string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		var out []string
		for k := range am {
			if _, ok := bm[k]; !ok {
				out = append(out, path+"."+k+" (dropped)")
			}
		}
		for k, bv := range bm {
			av, ok := am[k]
			if !ok {
				out = append(out, fmt.Sprintf("%s.%s=%s (added)", path, k, encodeAny(bv)))
				continue
			}
			out = append(out, valueDiff(path+"."+k, av, bv)...)
		}
		sort.Strings(out)
		return out
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		var out []string
		for i := range al {
			out = append(out, valueDiff(fmt.Sprintf("%s[%d]", path, i), al[i], bl[i])...)
		}
		return out
	}
	if encodeAny(a) != encodeAny(b) {
		return []string{fmt.Sprintf("%s: %s -> %s", path, encodeAny(a), encodeAny(b))}
	}
	return nil
}

func encodeAny(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
