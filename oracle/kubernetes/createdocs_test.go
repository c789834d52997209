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
