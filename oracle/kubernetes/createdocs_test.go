package kubernetes

import "testing"

// TestCreateDocuments runs named documents a learner might write through
// `kubectl create -f` on the simulated cluster and on the real side of
// TestRealManifests (kubectl's builder and the real create path): each
// must be stored alike or refused with the same message.
func TestCreateDocuments(t *testing.T) {
	const podHead = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: nginx\n"
	const depHead = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"
	docs := []struct{ name, text string }{
		{"pod", podHead},
		{"unknown container field", podHead + "    imagePullPolicy: Always\n    port: 80\n"},
		{"unknown fields at several levels", depHead + "  replica: 3\n  strategy:\n    rollingUpdat: {}\n"},
		{"a field with the wrong case", podHead + "  RestartPolicy: Never\n"},
		{"unknown metadata field", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  label: {a: b}\ndata: {a: b}\n"},
		{"unknown field beside a bad base64 value", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\ndata: {a: '!!'}\nextra: 1\n"},
		{"empty omitempty values", depHead + "        env: []\n        ports: []\n        workingDir: ''\n        stdin: false\n"},
		{"an unknown field in a StatefulSet's claim template", "apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n  selector:\n    matchLabels: {app: db}\n  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec:\n      accessModes: [ReadWriteOnce]\n      resource: {requests: {storage: 1Gi}}\n  template:\n    metadata:\n      labels: {app: db}\n    spec:\n      containers:\n      - name: db\n        image: postgres\n"},
		{"policy/v1beta1", "apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata:\n  name: web\nspec:\n  minAvailable: 1\n  selector: {matchLabels: {app: web}}\n"},
		// The typed round trip: wrong types refused with the decoder's
		// words, just inside and just outside what the type holds.
		{"replicas int32 max", depHead + "  replicas: 2147483647\n"},
		{"replicas int32 max+1", depHead + "  replicas: 2147483648\n"},
		{"replicas a word", depHead + "  replicas: three\n"},
		{"replicas 1e12", depHead + "  replicas: 1e12\n"},
		{"replicas 1.5", depHead + "  replicas: 1.5\n"},
		{"replicas 2.0", depHead + "  replicas: 2.0\n"},
		{"a bool where a string goes", depHead + "        imagePullPolicy: true\n"},
		{"a string where an object goes", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: app=web\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n"},
		{"a label value that is a number", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels: {tier: 1}\n"},
		{"an annotation value that is a bool", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations: {canary: true}\n"},
		{"a number in stringData", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\nstringData: {port: 5432}\n"},
		{"a volume's defaultMode as a string", podHead + "  volumes:\n  - name: c\n    configMap: {name: c, defaultMode: '0644'}\n"},
		{"a probe port of 1.5", podHead + "    livenessProbe: {httpGet: {port: 1.5}}\n"},
		{"a targetPort of true", "apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n  - port: 80\n    targetPort: true\n"},
		{"a named targetPort", "apiVersion: v1\nkind: Service\nmetadata:\n  name: s\nspec:\n  ports:\n  - port: 80\n    targetPort: http\n"},
		// Quantities: canonical, rounded to a milli-unit in a
		// ResourceList, or refused.
		{"cpu .5", depHead + "        resources: {requests: {cpu: .5}}\n"},
		{"cpu 0.3, 1 and memory 1e3", depHead + "        resources: {requests: {cpu: 0.3, memory: 1e3}, limits: {cpu: 1, memory: '1000Mi'}}\n"},
		{"quantity spellings", podHead + "    resources: {requests: {cpu: '1000m', memory: '1e3'}, limits: {cpu: '1.5', memory: '1Gi'}}\n"},
		{"a quantity finer than a milli-unit", podHead + "    resources: {requests: {cpu: 100u}}\n"},
		{"an invalid quantity", podHead + "    resources: {requests: {cpu: 1.5.5}}\n"},
		{"a quantity with a bad suffix", podHead + "    resources: {limits: {memory: 1Gb}}\n"},
		{"resources null", podHead + "    resources: null\n"},
		{"an emptyDir sizeLimit", podHead + "  volumes:\n  - name: t\n    emptyDir: {sizeLimit: 0.5Gi}\n"},
		{"a divisor", podHead + "    env:\n    - name: CPU\n      valueFrom: {resourceFieldRef: {resource: limits.cpu, divisor: 1000m}}\n"},
		{"an HPA averageValue", "apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: h\nspec:\n  scaleTargetRef: {kind: Deployment, name: web, apiVersion: apps/v1}\n  maxReplicas: 3\n  metrics:\n  - type: Pods\n    pods:\n      metric: {name: qps}\n      target: {type: AverageValue, averageValue: 20}\n"},
		{"a ResourceQuota", "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: q\nspec:\n  hard: {cpu: 10, memory: 2.5Gi, pods: 1e1}\n"},
		{"a LimitRange", "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: l\nspec:\n  limits:\n  - type: Container\n    default: {cpu: 0.25}\n    max: {memory: 1024Mi}\n    min: {cpu: 10m}\n"},
		{"a PVC", "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: p\nspec:\n  accessModes: [ReadWriteOnce]\n  resources: {requests: {storage: 1.5Gi}}\n"},
		{"a RuntimeClass overhead", "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata:\n  name: r\nhandler: runc\noverhead: {podFixed: {cpu: 100u}}\n"},
		{"webhook", "apiVersion: admissionregistration.k8s.io/v1\nkind: MutatingWebhookConfiguration\nmetadata:\n  name: w\nwebhooks:\n- name: w.example.com\n  sideEffects: None\n  admissionReviewVersions: [v1]\n  clientConfig: {service: {namespace: ns, name: svc}}\n  rules: [{operations: [CREATE], apiGroups: [''], apiVersions: [v1], resources: [pods]}]\n"},
	}
	real := newRealKubectl(t)
	for _, d := range docs {
		t.Run(d.name, func(t *testing.T) {
			v, detail := compareDocument(t, real, realDocument{id: d.name, text: d.text})
			if !v.agrees() {
				t.Errorf("%s\n%s", v, detail)
			}
			t.Log(v)
		})
	}
}
