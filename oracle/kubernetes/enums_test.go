package kubernetes

import (
	"strings"
	"testing"
)

// TestEnumsAndReferences creates documents with the enum values, port
// rules and references inside the object that learners and real
// manifests get wrong, on the simulated cluster and on the real side,
// each just inside and just outside its rule.
func TestEnumsAndReferences(t *testing.T) {
	allowPrivileged(t)
	real := newRealKubectl(t)
	pod := func(container, spec string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n" + spec + "  containers:\n  - name: c\n    image: nginx\n" + container
	}
	svc := func(spec string) string {
		return "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: web}\n" + spec
	}
	rc := func(spec string) string {
		return "apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: web\nspec:\n" + spec
	}
	rcTemplate := func(labels, spec string) string {
		return "  template:\n    metadata:\n" + labels + "    spec:\n" + spec + "      containers:\n      - name: c\n        image: nginx\n"
	}
	workload := func(kind, extra, selector, labels string) string {
		return "apiVersion: apps/v1\nkind: " + kind + "\nmetadata:\n  name: web\nspec:\n" + extra + "  selector:\n    matchLabels: " + selector + "\n  template:\n    metadata:\n      labels: " + labels + "\n    spec:\n      containers:\n      - name: c\n        image: nginx\n"
	}
	job := func(selector, labels string) string {
		return "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  manualSelector: true\n  selector:\n    matchLabels: " + selector + "\n  template:\n    metadata:\n      labels: " + labels + "\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: perl\n"
	}
	cases := []documentCase{
		{"container port TCP", pod("    ports:\n    - containerPort: 80\n      protocol: TCP\n", ""), false},
		{"container port tcp", pod("    ports:\n    - containerPort: 80\n      protocol: tcp\n", ""), true},
		{"container port 65535", pod("    ports:\n    - containerPort: 65535\n", ""), false},
		{"container port 65536", pod("    ports:\n    - containerPort: 65536\n", ""), true},
		{"container port 0", pod("    ports:\n    - containerPort: 0\n      name: http\n", ""), true},
		{"container port name at 15", pod("    ports:\n    - containerPort: 80\n      name: metrics-endpoin\n", ""), false},
		{"container port name at 16", pod("    ports:\n    - containerPort: 80\n      name: metrics-endpoint\n", ""), true},
		{"container port name with an underscore", pod("    ports:\n    - containerPort: 80\n      name: http_port\n", ""), true},
		{"container port name twice", pod("    ports:\n    - containerPort: 80\n      name: http\n    - containerPort: 81\n      name: http\n", ""), true},
		{"container hostPort 70000", pod("    ports:\n    - containerPort: 80\n      hostPort: 70000\n", ""), true},
		{"imagePullPolicy IfNotPresent", pod("    imagePullPolicy: IfNotPresent\n", ""), false},
		{"imagePullPolicy always", pod("    imagePullPolicy: always\n", ""), true},
		{"terminationMessagePolicy FallbackToLogsOnError", pod("    terminationMessagePolicy: FallbackToLogsOnError\n", ""), false},
		{"terminationMessagePolicy Fallback", pod("    terminationMessagePolicy: Fallback\n", ""), true},
		{"pod restartPolicy OnFailure", pod("", "  restartPolicy: OnFailure\n"), false},
		{"pod restartPolicy on-failure", pod("", "  restartPolicy: on-failure\n"), true},
		{"deployment restartPolicy always", workload("Deployment", "", "{app: web}", "{app: web}") + "      restartPolicy: always\n", true},
		{"service port protocol UDP", svc("  ports:\n  - port: 53\n    protocol: UDP\n"), false},
		{"service port protocol tcp", svc("  ports:\n  - port: 80\n    protocol: tcp\n"), true},
		{"service without ports", svc(""), true},
		{"headless service without ports", svc("  clusterIP: None\n"), false},
		{"service port 0", svc("  ports:\n  - port: 0\n"), true},
		{"service port 65536", svc("  ports:\n  - port: 65536\n"), true},
		{"service targetPort named", svc("  ports:\n  - port: 80\n    targetPort: http\n"), false},
		{"service targetPort name with an underscore", svc("  ports:\n  - port: 80\n    targetPort: http_port\n"), true},
		{"service targetPort 65536", svc("  ports:\n  - port: 80\n    targetPort: 65536\n"), true},
		{"service port name uppercase", svc("  ports:\n  - port: 80\n    name: HTTP\n"), true},
		{"service port names twice", svc("  ports:\n  - port: 80\n    name: http\n  - port: 81\n    name: http\n"), true},
		{"service type NodePort", svc("  type: NodePort\n  ports:\n  - port: 80\n"), false},
		{"service type nodeport", svc("  type: nodeport\n  ports:\n  - port: 80\n"), true},
		{"service sessionAffinity clientip", svc("  sessionAffinity: clientip\n  ports:\n  - port: 80\n"), true},
		{"service nodePort with ClusterIP", svc("  ports:\n  - port: 80\n    nodePort: 30080\n"), true},
		{"service nodePort with NodePort", svc("  type: NodePort\n  ports:\n  - port: 80\n    nodePort: 30080\n"), false},
		{"service selector key bad", strings.Replace(svc("  ports:\n  - port: 80\n"), "{app: web}", "{a b: web}", 1), true},
		{"rc ok", rc("  replicas: 2\n" + rcTemplate("      labels: {app: web}\n", "")), false},
		{"rc selector from the template", rc(rcTemplate("      labels: {app: web}\n", "")), false},
		{"rc without selector or template labels", rc(rcTemplate("      annotations: {a: b}\n", "")), true},
		{"rc selector not matching", rc("  selector: {app: db}\n" + rcTemplate("      labels: {app: web}\n", "")), true},
		{"rc selector matching a subset", rc("  selector: {app: web}\n" + rcTemplate("      labels: {app: web, tier: front}\n", "")), false},
		{"rc restartPolicy Never", rc(rcTemplate("      labels: {app: web}\n", "      restartPolicy: Never\n")), true},
		{"rc activeDeadlineSeconds", rc(rcTemplate("      labels: {app: web}\n", "      activeDeadlineSeconds: 10\n")), true},
		{"rc negative replicas", rc("  replicas: -1\n" + rcTemplate("      labels: {app: web}\n", "")), true},
		{"rc bad name", strings.Replace(rc(rcTemplate("      labels: {app: web}\n", "")), "name: web", "name: Web", 1), true},
		{"rc template annotation key bad", rc(rcTemplate("      labels: {app: web}\n      annotations: {a b: c}\n", "")), true},
		{"deployment selector matching", workload("Deployment", "", "{app: web}", "{app: web, v: '1'}"), false},
		{"deployment selector not matching", workload("Deployment", "", "{app: web}", "{app: api}"), true},
		{"replicaset selector not matching", workload("ReplicaSet", "", "{app: web}", "{app: api}"), true},
		{"statefulset selector not matching", workload("StatefulSet", "  serviceName: web\n", "{app: web}", "{app: api}"), true},
		{"daemonset selector not matching", workload("DaemonSet", "", "{app: web}", "{app: api}"), true},
		{"job manual selector matching", job("{app: pi}", "{app: pi}"), false},
		{"job manual selector not matching", job("{app: pi}", "{app: e}"), true},
	}
	compareDocuments(t, real, cases)
}
