package cluster

import (
	"strings"
	"testing"
)

func TestResourceNames(t *testing.T) {
	c := New(Options{})
	mustRun(t, c, "apply -f crd.yaml", map[string]string{"crd.yaml": crdCluster})
	cases := map[string]string{
		"deploy": "apps/Deployment", "deployments": "apps/Deployment", "deployment.apps": "apps/Deployment", "Deployment": "apps/Deployment",
		"deployments.v1.apps": "apps/Deployment", "svc": "/Service", "cm": "/ConfigMap", "po": "/Pod", "rs": "apps/ReplicaSet",
		"sts": "apps/StatefulSet", "ds": "apps/DaemonSet", "cj": "batch/CronJob", "hpa": "autoscaling/HorizontalPodAutoscaler",
		"pdb": "policy/PodDisruptionBudget", "ing": "networking.k8s.io/Ingress", "sa": "/ServiceAccount",
		"netpol": "networking.k8s.io/NetworkPolicy", "crd": "apiextensions.k8s.io/CustomResourceDefinition", "ns": "/Namespace",
		"pvc": "/PersistentVolumeClaim", "sc": "storage.k8s.io/StorageClass", "clusterrolebindings": "rbac.authorization.k8s.io/ClusterRoleBinding",
		"backups": "example.com/Backup", "backup": "example.com/Backup", "bk": "example.com/Backup", "backups.example.com": "example.com/Backup",
	}
	for arg, want := range cases {
		k := c.kinds.byResource(arg)
		if k == nil {
			t.Errorf("%s: unknown", arg)
			continue
		}
		if got := k.Group + "/" + k.Kind; got != want {
			t.Errorf("%s: %s, want %s", arg, got, want)
		}
	}
	for _, arg := range []string{"deploy.batch", "widgets", "deployments.example.com"} {
		if k := c.kinds.byResource(arg); k != nil {
			t.Errorf("%s resolved to %s/%s", arg, k.Group, k.Kind)
		}
	}
}

// TestNotServed: a kind or version of Kubernetes' own groups that a
// default 1.37 cluster does not serve fails as kubectl fails on it (no
// mapping in its discovery), and nothing is stored; a served kind, at its
// preferred or another served version, is created.
func TestNotServed(t *testing.T) {
	pdb := func(apiVersion string) string {
		return "apiVersion: " + apiVersion + "\nkind: PodDisruptionBudget\nmetadata:\n  name: web\n  namespace: default\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels: {app: web}\n"
	}
	cases := []struct {
		name, file, stderr string
	}{
		{"policy/v1beta1", pdb("policy/v1beta1"),
			"error: resource mapping not found for name: \"web\" namespace: \"default\" from \"f.yaml\": no matches for kind \"PodDisruptionBudget\" in version \"policy/v1beta1\"\nensure CRDs are installed first\n"},
		{"a kind no longer served", "apiVersion: policy/v1\nkind: PodSecurityPolicy\nmetadata:\n  name: restricted\nspec: {}\n",
			"error: resource mapping not found for name: \"restricted\" namespace: \"\" from \"f.yaml\": no matches for kind \"PodSecurityPolicy\" in version \"policy/v1\"\nensure CRDs are installed first\n"},
		{"storage.k8s.io/v1beta1", "apiVersion: storage.k8s.io/v1beta1\nkind: StorageClass\nmetadata:\n  name: fast\nprovisioner: x\n",
			"error: resource mapping not found for name: \"fast\" namespace: \"\" from \"f.yaml\": no matches for kind \"StorageClass\" in version \"storage.k8s.io/v1beta1\"\nensure CRDs are installed first\n"},
		{"policy/v1", pdb("policy/v1"), ""},
		{"autoscaling/v1, served besides v2", "apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\nspec:\n  maxReplicas: 3\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}\n", ""},
		{"ValidatingWebhookConfiguration, cluster-scoped", "apiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingWebhookConfiguration\nmetadata:\n  name: hook\n  namespace: default\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			before := len(c.Objects())
			out, err := c.Run("kubectl create -f f.yaml", map[string]string{"f.yaml": tc.file})
			if err != nil {
				t.Fatal(err)
			}
			if out.Stderr != tc.stderr {
				t.Errorf("stderr %q, want %q", out.Stderr, tc.stderr)
			}
			stored := len(c.Objects()) - before
			if want := map[bool]int{true: 0, false: 1}[tc.stderr != ""]; stored != want {
				t.Errorf("%d objects stored, want %d", stored, want)
			}
			if len(out.Warnings) != 0 {
				t.Errorf("warnings %q", out.Warnings)
			}
			for _, ch := range out.Changes {
				if ch.Ref.Kind == "ValidatingWebhookConfiguration" && ch.Ref.Namespace != "" {
					t.Errorf("a cluster-scoped kind stored in namespace %q", ch.Ref.Namespace)
				}
			}
		})
	}
}

// TestTypedDecodingOnUpdate: an update is decoded into the typed object
// too, so an explicit empty value of an omitempty field (readOnly: false,
// subPath: "") is not stored, whether the object is created or updated.
func TestTypedDecodingOnUpdate(t *testing.T) {
	dep := func(mount string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      volumes: [{name: data, emptyDir: {}}]\n      containers:\n      - name: web\n        image: nginx\n        volumeMounts: [{name: data, mountPath: /data" + mount + "}]\n"
	}
	storedMount := func(cl *Cluster) string {
		for _, o := range cl.Objects() {
			if s := string(o); strings.Contains(s, `"kind":"Deployment"`) {
				j := strings.Index(s, `"volumeMounts":`)
				return s[j : j+strings.Index(s[j:], "]")+1]
			}
		}
		return ""
	}
	plain := `"volumeMounts":[{"mountPath":"/data","name":"data"}]`
	c := New(Options{})
	for _, step := range []struct{ command, mount, want string }{
		{"kubectl apply -f d.yaml", "", plain},
		{"kubectl apply -f d.yaml", ", readOnly: false, subPath: ''", plain},
		{"kubectl apply -f d.yaml", ", readOnly: true", `"volumeMounts":[{"mountPath":"/data","name":"data","readOnly":true}]`},
		{"kubectl replace -f d.yaml", ", readOnly: false", plain},
	} {
		mustRun(t, c, step.command, map[string]string{"d.yaml": dep(step.mount)})
		if got := storedMount(c); got != step.want {
			t.Errorf("%s with %q: stored %s, want %s", step.command, step.mount, got, step.want)
		}
	}
	created := New(Options{})
	mustRun(t, created, "kubectl create -f d.yaml", map[string]string{"d.yaml": dep(", readOnly: false, subPath: ''")})
	if got := storedMount(created); got != plain {
		t.Errorf("created: stored %s, want %s", got, plain)
	}
}

// TestValidateFlag: --validate chooses the server's field validation of a
// create: strict (the default) refuses an unknown field, warn stores the
// object without it and prints the server's warning, ignore (or false)
// stores it without a word.
func TestValidateFlag(t *testing.T) {
	const cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndatta: {a: b}\n"
	refused := "Error from server (BadRequest): error when creating \"c.yaml\": ConfigMap in version \"v1\" cannot be handled as a ConfigMap: strict decoding error: unknown field \"datta\"\n"
	for _, tc := range []struct{ command, stderr string }{
		{"kubectl create -f c.yaml", refused},
		{"kubectl create -f c.yaml --validate=strict", refused},
		{"kubectl apply -f c.yaml", refused},
		{"kubectl create -f c.yaml --validate=warn", "Warning: unknown field \"datta\"\n"},
		{"kubectl apply -f c.yaml --validate=warn", "Warning: unknown field \"datta\"\n"},
		{"kubectl create -f c.yaml --validate=false", ""},
		{"kubectl create -f c.yaml --validate=ignore", ""},
	} {
		c := New(Options{})
		out := mustRun(t, c, tc.command, map[string]string{"c.yaml": cm})
		if out.Stderr != tc.stderr {
			t.Errorf("%s: stderr %q, want %q", tc.command, out.Stderr, tc.stderr)
		}
		for _, ch := range out.Changes {
			// (The last-applied annotation keeps the file as written.)
			if strings.Contains(string(ch.After), `"datta":{`) {
				t.Errorf("%s: stored %s", tc.command, ch.After)
			}
		}
	}
}

// TestTypedRoundTrip: a value the Go type cannot hold refuses a create
// (kubectl create and apply) and a replace with the decoder's words in
// kubectl's format; a quantity comes back canonical, on a create and on
// an update; a label value that is not a string stops kubectl itself.
// (The words are the real decoder's: typedjson's tests and the oracle's
// TestCreateDocuments compare them.)
func TestTypedRoundTrip(t *testing.T) {
	dep := func(replicas, cpu string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: " + replicas +
			"\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        resources: {requests: {cpu: " + cpu + "}}\n"
	}
	const tooMany = "Deployment in version \"v1\" cannot be handled as a Deployment: json: cannot unmarshal number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32\n"
	for _, tc := range []struct{ name, first, command, file, stderr, cpu string }{
		{"create: int32 max", "", "kubectl create -f d.yaml", dep("2147483647", ".5"), "", "500m"},
		{"create: int32 max+1", "", "kubectl create -f d.yaml", dep("2147483648", ".5"),
			"Error from server (BadRequest): error when creating \"d.yaml\": " + tooMany, ""},
		{"apply: a word", "", "kubectl apply -f d.yaml", dep("three", "1"),
			"Error from server (BadRequest): error when creating \"d.yaml\": Deployment in version \"v1\" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n", ""},
		{"create: invalid quantity", "", "kubectl create -f d.yaml", dep("1", "1.5.5"),
			"Error from server (BadRequest): error when creating \"d.yaml\": Deployment in version \"v1\" cannot be handled as a Deployment: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n", ""},
		{"replace: int32 max+1", dep("1", "1"), "kubectl replace -f d.yaml", dep("2147483648", "1"),
			"Error from server (BadRequest): error when replacing \"d.yaml\": " + tooMany, "1"},
		{"apply over an existing object: canonical", dep("1", "1"), "kubectl apply -f d.yaml", dep("2", "0.3"), "", "300m"},
		{"replace: canonical", dep("1", "1"), "kubectl replace -f d.yaml", dep("2", "1000m"), "", "1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{})
			if tc.first != "" {
				mustRun(t, c, "kubectl apply -f d.yaml", map[string]string{"d.yaml": tc.first})
			}
			out, err := c.Run(tc.command, map[string]string{"d.yaml": tc.file})
			if err != nil {
				t.Fatal(err)
			}
			if out.Stderr != tc.stderr {
				t.Errorf("stderr %q\n want %q", out.Stderr, tc.stderr)
			}
			stored := c.get(c.kinds.byGroupKind("apps", "Deployment"), "default", "web")
			if tc.cpu == "" {
				if stored != nil {
					t.Errorf("stored %v", stored)
				}
				return
			}
			at := func(m any, keys ...string) any {
				for _, k := range keys {
					m = m.(map[string]any)[k]
				}
				return m
			}
			containers := at(stored, "spec", "template", "spec", "containers").([]any)
			got := at(containers[0], "resources", "requests", "cpu")
			if got != tc.cpu {
				t.Errorf("stored cpu %#v, want %q", got, tc.cpu)
			}
		})
	}
	// Over an existing object, the patch's result goes through the
	// unstructured converter: its words, the patch as the handler printed
	// it (oracle/kubernetes TestApplyPatchTypedRoundTrip compares them).
	patched := New(Options{})
	mustRun(t, patched, "kubectl apply -f d.yaml", map[string]string{"d.yaml": dep("1", "1")})
	out, err := patched.Run("kubectl apply -f d.yaml", map[string]string{"d.yaml": dep("three", "1")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.Stderr, `The request is invalid: patch: Invalid value: "map[metadata:map[annotations:`) ||
		!strings.HasSuffix(out.Stderr, ` spec:map[replicas:three template:map[spec:map[]]]]": unrecognized type: int32`+"\n") {
		t.Errorf("apply of replicas: three over an existing object: stderr %q", out.Stderr)
	}
	if r := patched.get(patched.kinds.byGroupKind("apps", "Deployment"), "default", "web")["spec"].(map[string]any)["replicas"]; r != int64(1) {
		t.Errorf("the refused apply stored replicas %#v", r)
	}
	out, err = patched.Run(`kubectl patch deployment web -p '{"spec":{"replicas":"three"}}'`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := `The request is invalid: patch: Invalid value: "map[spec:map[replicas:three]]": unrecognized type: int32` + "\n"; out.Stderr != want {
		t.Errorf("kubectl patch with replicas three: stderr %q, want %q", out.Stderr, want)
	}

	c := New(Options{})
	out, err = c.Run("kubectl create -f c.yaml", map[string]string{"c.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels: {tier: 1}\n"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "error: unable to decode \"c.yaml\": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string\n"; out.Stderr != want {
		t.Errorf("a label value that is a number: stderr %q, want %q", out.Stderr, want)
	}
}
