package apiserver

import (
	"reflect"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	m, err := jsonvalue.DecodeObject([]byte(s))
	if err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return m
}

const nginxDeployment = `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{
 "selector":{"matchLabels":{"app":"nginx"}},
 "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.27","ports":[{"containerPort":80}]}]}}}}`

func TestDefault(t *testing.T) {
	tests := []struct {
		name  string
		obj   string
		paths []string
		check map[string]any // top-level spec fields expected after defaulting
	}{
		{
			name: "deployment",
			obj:  nginxDeployment,
			paths: []string{
				"spec.progressDeadlineSeconds", "spec.replicas", "spec.revisionHistoryLimit",
				"spec.strategy.rollingUpdate.maxSurge", "spec.strategy.rollingUpdate.maxUnavailable", "spec.strategy.type",
				"spec.template.spec.containers[name=nginx].imagePullPolicy",
				"spec.template.spec.containers[name=nginx].ports[containerPort=80].protocol",
				"spec.template.spec.containers[name=nginx].terminationMessagePath",
				"spec.template.spec.containers[name=nginx].terminationMessagePolicy",
				"spec.template.spec.dnsPolicy", "spec.template.spec.restartPolicy", "spec.template.spec.schedulerName",
				"spec.template.spec.securityContext", "spec.template.spec.terminationGracePeriodSeconds",
			},
			check: map[string]any{"replicas": int64(1), "revisionHistoryLimit": int64(10), "progressDeadlineSeconds": int64(600)},
		},
		{
			name:  "recreate keeps no rollingUpdate",
			obj:   `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"a"},"spec":{"replicas":2,"revisionHistoryLimit":1,"progressDeadlineSeconds":60,"strategy":{"type":"Recreate"},"template":{"spec":{"restartPolicy":"Always","dnsPolicy":"Default","schedulerName":"s","securityContext":{},"terminationGracePeriodSeconds":5}}}}`,
			paths: nil,
		},
		{
			name:  "service",
			obj:   `{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},"spec":{"selector":{"app":"web"},"ports":[{"port":80}]}}`,
			paths: []string{"spec.internalTrafficPolicy", "spec.ports[port=80].protocol", "spec.ports[port=80].targetPort", "spec.sessionAffinity", "spec.type"},
			check: map[string]any{"type": "ClusterIP", "sessionAffinity": "None", "internalTrafficPolicy": "Cluster"},
		},
		{
			name:  "secret",
			obj:   `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"}}`,
			paths: []string{"type"},
		},
		{
			name:  "pod latest image and limits",
			obj:   `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"busybox","resources":{"limits":{"cpu":"1"}}}]}}`,
			paths: []string{"spec.containers[name=c].imagePullPolicy", "spec.containers[name=c].resources.requests.cpu", "spec.containers[name=c].terminationMessagePath", "spec.containers[name=c].terminationMessagePolicy", "spec.dnsPolicy", "spec.enableServiceLinks", "spec.restartPolicy", "spec.schedulerName", "spec.securityContext", "spec.terminationGracePeriodSeconds"},
		},
		{
			name:  "custom resource untouched",
			obj:   `{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":{}}`,
			paths: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := decode(t, tt.obj)
			paths := Default(obj)
			if !reflect.DeepEqual(paths, tt.paths) {
				t.Errorf("paths\n got %q\nwant %q", paths, tt.paths)
			}
			spec := objectAt(obj, "spec")
			for k, v := range tt.check {
				if !reflect.DeepEqual(spec[k], v) {
					t.Errorf("spec.%s = %v, want %v", k, spec[k], v)
				}
			}
			again := jsonvalue.CopyObject(obj)
			if p := Default(again); len(p) != 0 || !reflect.DeepEqual(again, obj) {
				t.Errorf("second Default set %q", p)
			}
		})
	}
}

// TestDefaultKeepsUserFields: every field a user set keeps its value.
func TestDefaultKeepsUserFields(t *testing.T) {
	user := `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"nginx"},"spec":{"replicas":0,
	 "strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":1,"maxUnavailable":0}},"revisionHistoryLimit":0,"progressDeadlineSeconds":30,
	 "selector":{"matchLabels":{"app":"nginx"}},
	 "template":{"metadata":{"labels":{"app":"nginx"}},"spec":{"restartPolicy":"Always","dnsPolicy":"None","schedulerName":"mine","securityContext":{"runAsUser":1},"terminationGracePeriodSeconds":0,
	  "containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Never","terminationMessagePath":"/x","terminationMessagePolicy":"FallbackToLogsOnError","ports":[{"containerPort":80,"protocol":"UDP"}]}]}}}}`
	obj := decode(t, user)
	before := jsonvalue.CopyObject(obj)
	if paths := Default(obj); len(paths) != 0 {
		t.Errorf("set %q on an object whose defaulted fields are all set", paths)
	}
	if !reflect.DeepEqual(obj, before) {
		t.Errorf("changed user fields:\n%v\n%v", obj, before)
	}
}

func TestImageTag(t *testing.T) {
	tests := []struct{ image, tag string }{
		{"nginx", "latest"},
		{"nginx:latest", "latest"},
		{"nginx:1.27", "1.27"},
		{"localhost:5000/app", "latest"},
		{"registry.k8s.io/pause:3.10", "3.10"},
		{"busybox@sha256:" + strings.Repeat("a", 64), ""},
		{"busybox:1@sha256:" + strings.Repeat("a", 64), "1"},
		{"Nginx", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := imageTag(tt.image); got != tt.tag {
			t.Errorf("imageTag(%q) = %q, want %q", tt.image, got, tt.tag)
		}
	}
}

func TestValidate(t *testing.T) {
	subdomain := `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	tests := []struct {
		name, obj, old string
		message        string // kubectl's; "" when accepted
		server         string
	}{
		{name: "valid", obj: nginxDeployment},
		{
			name:    "recreate with rollingUpdate",
			obj:     strings.Replace(nginxDeployment, `"selector"`, `"strategy":{"type":"Recreate","rollingUpdate":{}},"selector"`, 1),
			message: "The Deployment \"nginx\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
			server:  "Deployment.apps \"nginx\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'",
		},
		{
			name:    "selector does not match",
			obj:     strings.Replace(nginxDeployment, `"labels":{"app":"nginx"}`, `"labels":{"app":"x"}`, 1),
			message: "The Deployment \"nginx\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`",
		},
		{
			name:    "two causes",
			obj:     strings.Replace(strings.Replace(nginxDeployment, `"labels":{"app":"nginx"}`, `"labels":{"app":"x"}`, 1), `"selector"`, `"replicas":-1,"selector"`, 1),
			message: "The Deployment \"nginx\" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`",
			server:  "Deployment.apps \"nginx\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`]",
		},
		{
			name:    "uppercase name",
			obj:     strings.Replace(nginxDeployment, `"name":"nginx"}`, `"name":"Nginx"}`, 1),
			message: `The Deployment "Nginx" is invalid: metadata.name: Invalid value: "Nginx": ` + subdomain,
		},
		{
			name:    "selector immutable",
			obj:     strings.Replace(strings.ReplaceAll(nginxDeployment, `{"app":"nginx"}`, `{"app":"nginx","v":"2"}`), "", "", 0),
			old:     nginxDeployment,
			message: `The Deployment "nginx" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"nginx","v":"2"}}: field is immutable`,
		},
		{
			name:    "container without image",
			obj:     `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c"}]}}`,
			message: `The Pod "p" is invalid: spec.containers[0].image: Required value`,
		},
		{
			name:    "annotations too long",
			obj:     `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","annotations":{"a":"` + strings.Repeat("x", 262144) + `"}}}`,
			message: `The ConfigMap "c" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := decode(t, tt.obj)
			Default(obj)
			var old map[string]any
			if tt.old != "" {
				old = decode(t, tt.old)
				Default(old)
				PrepareForCreate(old)
				PrepareForUpdate(obj, old)
			} else {
				PrepareForCreate(obj)
			}
			err := Validate(obj, old)
			if tt.message == "" {
				if err != nil {
					t.Fatalf("refused: %s", err.Message)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted")
			}
			if err.Message != tt.message {
				t.Errorf("message\n got %q\nwant %q", err.Message, tt.message)
			}
			if tt.server != "" && err.ServerMessage != tt.server {
				t.Errorf("server message\n got %q\nwant %q", err.ServerMessage, tt.server)
			}
			if err.Reason != "Invalid" || len(err.Causes) == 0 {
				t.Errorf("reason %q, causes %v", err.Reason, err.Causes)
			}
		})
	}
}

func TestPrepare(t *testing.T) {
	t.Run("job selector and labels", func(t *testing.T) {
		job := decode(t, `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi","uid":"u-1"},"spec":{"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"pi","image":"perl"}]}}}}`)
		Default(job)
		PrepareForCreate(job)
		want := map[string]any{"batch.kubernetes.io/controller-uid": "u-1"}
		if got := objectAt(job, "spec", "selector", "matchLabels"); !reflect.DeepEqual(got, want) {
			t.Errorf("selector %v, want %v", got, want)
		}
		labels := objectAt(job, "spec", "template", "metadata", "labels")
		if len(labels) != 4 || labels["job-name"] != "pi" || labels["controller-uid"] != "u-1" {
			t.Errorf("template labels %v", labels)
		}
		if objectAt(job, "metadata", "labels") != nil {
			t.Errorf("job labels %v, want none (the template had none)", objectAt(job, "metadata", "labels"))
		}
	})
	t.Run("job labels from the template carry the generated ones", func(t *testing.T) {
		job := decode(t, `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi","uid":"u-1"},"spec":{"template":{"metadata":{"labels":{"app":"pi"}},"spec":{"restartPolicy":"Never","containers":[{"name":"pi","image":"perl"}]}}}}`)
		Default(job)
		PrepareForCreate(job)
		labels := objectAt(job, "metadata", "labels")
		if len(labels) != 5 || labels["batch.kubernetes.io/job-name"] != "pi" {
			t.Errorf("job labels %v", labels)
		}
		labels["x"] = "y"
		if _, shared := objectAt(job, "spec", "template", "metadata", "labels")["x"]; shared {
			t.Error("job labels still share the template's map")
		}
	})
	t.Run("generation", func(t *testing.T) {
		old := decode(t, nginxDeployment)
		Default(old)
		PrepareForCreate(old)
		if g := objectAt(old, "metadata")["generation"]; g != int64(1) {
			t.Fatalf("generation %v on create", g)
		}
		old["status"] = map[string]any{"replicas": int64(1)}
		same := jsonvalue.CopyObject(old)
		delete(same, "status")
		PrepareForUpdate(same, old)
		if g := objectAt(same, "metadata")["generation"]; g != int64(1) {
			t.Errorf("generation %v after an unchanged update", g)
		}
		if !reflect.DeepEqual(same["status"], old["status"]) {
			t.Errorf("status %v, want the stored one", same["status"])
		}
		scaled := jsonvalue.CopyObject(old)
		objectAt(scaled, "spec")["replicas"] = int64(3)
		PrepareForUpdate(scaled, old)
		if g := objectAt(scaled, "metadata")["generation"]; g != int64(2) {
			t.Errorf("generation %v after a spec change", g)
		}
	})
	t.Run("pod qos", func(t *testing.T) {
		for spec, want := range map[string]string{
			`{"containers":[{"name":"c","image":"i"}]}`:                                                                            "BestEffort",
			`{"containers":[{"name":"c","image":"i","resources":{"limits":{"cpu":"1","memory":"1Gi"}}}]}`:                          "Guaranteed",
			`{"containers":[{"name":"c","image":"i","resources":{"requests":{"cpu":"500m"}}}]}`:                                    "Burstable",
			`{"containers":[{"name":"c","image":"i","resources":{"limits":{"cpu":"1000m","memory":"1Gi"},"requests":{"cpu":1}}}]}`: "Guaranteed",
		} {
			pod := decode(t, `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":`+spec+`}`)
			Default(pod)
			PrepareForCreate(pod)
			if got := objectAt(pod, "status")["qosClass"]; got != want {
				t.Errorf("%s: qosClass %v, want %s", spec, got, want)
			}
		}
	})
}

func TestAllocateService(t *testing.T) {
	next := int64(30000)
	nodePort := func() int64 { next++; return next }
	svc := decode(t, `{"apiVersion":"v1","kind":"Service","metadata":{"name":"web"},"spec":{"type":"NodePort","selector":{"app":"web"},"ports":[{"port":80}]}}`)
	Default(svc)
	paths := AllocateService(svc, "10.96.0.10", nodePort)
	want := []string{"spec.clusterIP", "spec.clusterIPs", "spec.ipFamilies", "spec.ipFamilyPolicy", "spec.ports[port=80].nodePort"}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("paths %q, want %q", paths, want)
	}
	spec := objectAt(svc, "spec")
	if spec["clusterIP"] != "10.96.0.10" || spec["ipFamilyPolicy"] != "SingleStack" || listAt(spec, "ports")[0].(map[string]any)["nodePort"] != int64(30001) {
		t.Errorf("spec %v", spec)
	}
	headless := decode(t, `{"apiVersion":"v1","kind":"Service","metadata":{"name":"db"},"spec":{"clusterIP":"None","ports":[{"port":5432}]}}`)
	Default(headless)
	AllocateService(headless, "10.96.0.11", nodePort)
	hs := objectAt(headless, "spec")
	if hs["ipFamilyPolicy"] != "RequireDualStack" || !reflect.DeepEqual(hs["ipFamilies"], []any{"IPv4", "IPv6"}) || !reflect.DeepEqual(hs["clusterIPs"], []any{"None"}) {
		t.Errorf("headless spec %v", hs)
	}
}

func TestStrategyFor(t *testing.T) {
	if s := StrategyFor("apps", "Deployment"); !s.Generation || !s.StatusSubresource {
		t.Errorf("Deployment: %+v", s)
	}
	if s := StrategyFor("", "ConfigMap"); s.Generation || s.StatusSubresource {
		t.Errorf("ConfigMap: %+v", s)
	}
	if s := StrategyFor("example.com", "Widget"); s != (Strategy{}) {
		t.Errorf("unknown kind: %+v", s)
	}
}

func TestStatusErrors(t *testing.T) {
	tests := []struct {
		err  *StatusError
		text string
	}{
		{NotFound("apps", "Deployment", "nginx"), `Error from server (NotFound): deployments.apps "nginx" not found`},
		{AlreadyExists("", "ConfigMap", "cfg"), `Error from server (AlreadyExists): configmaps "cfg" already exists`},
		{Conflict("networking.k8s.io", "Ingress", "web"), `Error from server (Conflict): Operation cannot be fulfilled on ingresses.networking.k8s.io "web": the object has been modified; please apply your changes to the latest version and try again`},
		{NotFound("networking.k8s.io", "NetworkPolicy", "deny"), `Error from server (NotFound): networkpolicies.networking.k8s.io "deny" not found`},
	}
	for _, tt := range tests {
		if got := tt.err.KubectlText(); got != tt.text {
			t.Errorf("got  %q\nwant %q", got, tt.text)
		}
	}
}
