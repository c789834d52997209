package typedjson

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/kubectl/pkg/scheme"
	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/schema/typedschema"
)

// realDecode is the API server's decoder on kubectl's body (strict, as
// kubectl's default --validate=strict asks), then the typed object
// encoded again: the stored JSON, or the decoder's error.
func realDecode(t *testing.T, body []byte) (map[string]any, string) {
	t.Helper()
	s := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme.Scheme, scheme.Scheme, kjson.SerializerOptions{Strict: true})
	obj, _, err := s.Decode(body, nil, nil)
	if err != nil && !runtime.IsStrictDecodingError(err) {
		return nil, err.Error()
	}
	out, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	m, err := jsonvalue.DecodeObject(out)
	if err != nil {
		t.Fatal(err)
	}
	return m, ""
}

const deployHead = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n"
const podSpec = "spec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"

// container is a Deployment whose container has the given extra lines
// (indented as its fields).
func container(extra string) string {
	return deployHead + podSpec + indent(extra, "        ")
}

func indent(s, pad string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = pad + l
	}
	return strings.Join(lines, "\n") + "\n"
}

// typedCases are the shapes the typed round trip refuses or rewrites,
// each just inside and just outside what the type holds.
var typedCases = []struct{ name, yaml string }{
	{"replicas int32 max", deployHead + "spec:\n  replicas: 2147483647\n"},
	{"replicas int32 max+1", deployHead + "spec:\n  replicas: 2147483648\n"},
	{"replicas a word", deployHead + "spec:\n  replicas: three\n"},
	{"replicas 1e12", deployHead + "spec:\n  replicas: 1e12\n"},
	{"replicas 1.5", deployHead + "spec:\n  replicas: 1.5\n"},
	{"replicas 2.0", deployHead + "spec:\n  replicas: 2.0\n"},
	{"replicas negative int32 min-1", deployHead + "spec:\n  replicas: -2147483649\n"},
	{"replicas null", deployHead + "spec:\n  replicas: null\n"},
	{"a bool where a named string goes", container("imagePullPolicy: true\n")},
	{"a number where a string goes", container("image: 1.25\n")},
	{"a string where an object goes", deployHead + "spec:\n  selector: app=web\n"},
	{"an object where a string goes", container("workingDir: {a: b}\n")},
	{"a list where an object goes", deployHead + "spec:\n  strategy: [Recreate]\n"},
	{"an object where a list goes", deployHead + "spec:\n  template:\n    spec:\n      containers: {name: web}\n"},
	{"a string where a bool goes", container("stdin: yes please\n")},
	{"a label value that is a number", deployHead + "  labels: {tier: 1}\n"},
	{"a label value that is a bool", deployHead + "  labels: {canary: true}\n"},
	{"an annotation value that is a number", deployHead + "  annotations: {revision: 3}\n"},
	{"a number in stringData", "apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {port: 5432}\n"},
	{"data not base64", "apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {a: '!!'}\n"},
	{"data base64 with a newline", "apiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {a: \"YWJj\\nZGVm\"}\n"},
	{"a volume's defaultMode as a string", deployHead + "spec:\n  template:\n    spec:\n      volumes:\n      - name: c\n        configMap: {name: c, defaultMode: '0644'}\n"},
	{"a probe port of 1.5", container("livenessProbe: {httpGet: {port: 1.5}}\n")},
	{"a probe port as a name", container("livenessProbe: {httpGet: {port: http}}\n")},
	{"a targetPort of true", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  ports:\n  - port: 80\n    targetPort: true\n"},
	{"a targetPort of null", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  ports:\n  - port: 80\n    targetPort: null\n"},
	{"cpu .5", container("resources: {requests: {cpu: .5}}\n")},
	{"cpu 0.3 and a string", container("resources: {requests: {cpu: 0.3, memory: '128974848'}, limits: {cpu: 1, memory: 1e3}}\n")},
	{"quantities as strings", container("resources: {requests: {cpu: '1000m', memory: '1Gi'}, limits: {cpu: '1.5', memory: '1e3'}}\n")},
	{"a quantity finer than a milli-unit", container("resources: {requests: {cpu: 100u}}\n")},
	{"an invalid quantity", container("resources: {requests: {cpu: 1.5.5}}\n")},
	{"a quantity with a bad suffix", container("resources: {limits: {memory: 1Gb}}\n")},
	{"a quantity that is a bool", container("resources: {limits: {cpu: true}}\n")},
	{"a quantity null", container("resources: {limits: {cpu: null}}\n")},
	{"resources null", container("resources: null\n")},
	{"an emptyDir sizeLimit", deployHead + "spec:\n  template:\n    spec:\n      volumes:\n      - name: t\n        emptyDir: {sizeLimit: 0.5Gi}\n"},
	{"a divisor", container("env:\n- name: CPU\n  valueFrom: {resourceFieldRef: {resource: limits.cpu, divisor: 1000m}}\n")},
	{"an HPA averageValue", "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  scaleTargetRef: {kind: Deployment, name: web, apiVersion: apps/v1}\n  maxReplicas: 3\n  metrics:\n  - type: Pods\n    pods:\n      metric: {name: qps}\n      target: {type: AverageValue, averageValue: 20}\n"},
	{"a ResourceQuota", "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q}\nspec:\n  hard: {cpu: 10, memory: 2.5Gi, pods: 1e1}\n"},
	{"a LimitRange", "apiVersion: v1\nkind: LimitRange\nmetadata: {name: l}\nspec:\n  limits:\n  - type: Container\n    default: {cpu: 0.25}\n    max: {memory: 1024Mi}\n"},
	{"a PVC", "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: p}\nspec:\n  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1.5Gi}}\n"},
	{"a RuntimeClass overhead", "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata: {name: r}\nhandler: runc\noverhead: {podFixed: {cpu: 100u}}\n"},
	{"a container name null", container("name: null\n")},
	{"a CronJob time", "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: '* * * * *'\n  jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: busybox}]}}}}\nstatus:\n  lastScheduleTime: '2024-01-02T03:04:05+02:00'\n"},
	{"a bad time", "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: '* * * * *'\n  jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: busybox}]}}}}\nstatus:\n  lastScheduleTime: yesterday\n"},
	{"two errors: the first in body order", deployHead + "spec:\n  replicas: x\n  minReadySeconds: y\n"},
	{"a type error before a bad quantity", container("resources: {limits: {cpu: x}}\nstdin: 3\n")},
	{"an unknown field beside a type error", deployHead + "spec:\n  replica: 3\n  paused: 1\n"},
	{"a RoleBinding subject", "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: r}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: r}\nsubjects: [{kind: User, name: 5}]\n"},
	{"a webhook caBundle", "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata: {name: w}\nwebhooks:\n- name: w.example.com\n  sideEffects: None\n  admissionReviewVersions: [v1]\n  clientConfig: {caBundle: 'not base64', url: 'https://x'}\n"},
}

// TestDecodeMatchesTheRealDecoder runs each case through Decode and
// through the API server's strict decoder on the k8s.io/api type: the
// same error, or the same stored values (the typed encoding adds zero
// values of fields the object did not have; only those may differ).
func TestDecodeMatchesTheRealDecoder(t *testing.T) {
	for _, tc := range typedCases {
		t.Run(tc.name, func(t *testing.T) {
			obj := decodeCase(t, tc.yaml)
			body, err := jsonvalue.Encode(obj)
			if err != nil {
				t.Fatal(err)
			}
			want, wantErr := realDecode(t, body)
			// The serializer alone does not default: no rounding of
			// ResourceLists here (the oracle's TestCreateDocuments has it).
			derr := Decode(typedschema.Builtin, obj, Options{})
			gotErr := ""
			if derr != nil {
				gotErr = derr.Message
			}
			if gotErr != wantErr {
				t.Fatalf("error %q\n want %q", gotErr, wantErr)
			}
			if wantErr != "" {
				t.Log(wantErr)
				return
			}
			typedschema.Builtin.DropEmpty(obj)
			if diffs := compareStored("", obj, want); len(diffs) > 0 {
				t.Errorf("stored differently at %s\n got %s", strings.Join(diffs, ", "), mustJSON(obj))
			}
		})
	}
}

// decodeCase reads a case's YAML as the engine reads a pane.
func decodeCase(t *testing.T, text string) map[string]any {
	t.Helper()
	js, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	obj, err := jsonvalue.DecodeObject(js)
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// compareStored lists the paths where got differs from the real stored
// object want, except fields want has as a zero value that got lacks.
func compareStored(path string, got, want any) []string {
	gm, gok := got.(map[string]any)
	wm, wok := want.(map[string]any)
	if gok && wok {
		var out []string
		for _, k := range jsonvalue.Keys(gm, wm) {
			gv, gin := gm[k]
			wv, win := wm[k]
			switch {
			case !gin && isZero(wv):
			case gin != win:
				out = append(out, fmt.Sprintf("%s.%s (got %v, want %v)", path, k, gv, wv))
			default:
				out = append(out, compareStored(path+"."+k, gv, wv)...)
			}
		}
		return out
	}
	gl, gok := got.([]any)
	wl, wok := want.([]any)
	if gok && wok && len(gl) == len(wl) {
		var out []string
		for i := range gl {
			out = append(out, compareStored(fmt.Sprintf("%s[%d]", path, i), gl[i], wl[i])...)
		}
		return out
	}
	if !reflect.DeepEqual(got, want) {
		return []string{fmt.Sprintf("%s (got %#v, want %#v)", path, got, want)}
	}
	return nil
}

func isZero(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, e := range x {
			if !isZero(e) {
				return false
			}
		}
		return true
	case []any:
		return len(x) == 0
	case string:
		return x == ""
	case bool:
		return !x
	case int64:
		return x == 0
	case float64:
		return x == 0
	}
	return false
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestUnmarshalersAreKnown checks that every type with its own
// UnmarshalJSON in the built-in kinds is one Decode knows, or one it
// may pass through as it is (any JSON value is valid for it).
func TestUnmarshalersAreKnown(t *testing.T) {
	known := map[string]bool{
		"resource.Quantity": true, "intstr.IntOrString": true, "v1.Time": true, "v1.MicroTime": true, "v1.Duration": true,
		// Any JSON value: kept as it is.
		"runtime.RawExtension": true, "v1.FieldsV1": true,
	}
	typedschema.Builtin.Root("v1", "Pod") // loads the table
	for i, ty := range typedschema.Builtin.Types {
		if ty.Unmarshaler && !known[typedschema.Builtin.GoType(int32(i))] {
			t.Errorf("%s has its own UnmarshalJSON, which Decode does not know", typedschema.Builtin.GoType(int32(i)))
		}
	}
}
