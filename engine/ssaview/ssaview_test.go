package ssaview

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/kube"
)

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 3
  template:
    spec:
      containers:
      - name: app
        image: nginx:1.27
        ports:
        - containerPort: 53
          protocol: TCP
        - containerPort: 53
          protocol: UDP
`

const liveOwnedByAutoscaler = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
    manager: autoscaler
    operation: Update
    time: "2025-01-01T00:00:00Z"
spec:
  replicas: 5
`

func TestRespond(t *testing.T) {
	for _, tc := range []struct {
		name  string
		req   api.ServerSideRequest
		check func(t *testing.T, s *api.ServerSide)
	}{
		{name: "create: owners beside their lines", req: api.ServerSideRequest{File: deployment, Apply: "server"}, check: func(t *testing.T, s *api.ServerSide) {
			lines := strings.Split(s.Server.ObjectYAML, "\n")
			found := false
			for _, o := range s.Owners {
				if o.Field == ".spec.replicas" {
					found = true
					if !strings.Contains(lines[o.Line-1], "replicas: 3") || o.Owners[0] != (api.ManagerRef{Manager: "kubectl", Operation: "Apply"}) {
						t.Errorf("owner %+v on line %q", o, lines[o.Line-1])
					}
				}
			}
			if !found || len(s.StepsWhere) != len(s.Server.Steps) {
				t.Errorf("owners %+v, %d steps, %d wheres", s.Owners, len(s.Server.Steps), len(s.StepsWhere))
			}
		}},
		{name: "conflict located in the panes", req: api.ServerSideRequest{File: deployment, Live: liveOwnedByAutoscaler, Apply: "server"}, check: func(t *testing.T, s *api.ServerSide) {
			if s.Server.Action != "conflict" || len(s.Conflicts) != 1 {
				t.Fatalf("action %s conflicts %+v", s.Server.Action, s.Conflicts)
			}
			c := s.Conflicts[0]
			if c.Manager != "autoscaler" || c.Field != ".spec.replicas" || c.Where.File == nil || c.Where.File.Line != 7 || c.Where.Live == nil || c.Where.Live.Line != 16 {
				t.Errorf("conflict %+v where %+v %+v", c, c.Where.File, c.Where.Live)
			}
		}},
		{name: "both: TCP and UDP on one port", req: api.ServerSideRequest{File: deployment, Live: liveWithPort53TCP, Apply: "both", ForceConflicts: true}, check: func(t *testing.T, s *api.ServerSide) {
			if s.Client == nil || len(s.Differences) == 0 {
				t.Fatalf("client %v error %+v differences %+v", s.Client != nil, s.ClientError, s.Differences)
			}
			var paths []string
			for _, d := range s.Differences {
				paths = append(paths, d.Path)
				if d.ClientWhy == "" || d.ServerWhy == "" {
					t.Errorf("difference %s unexplained", d.Path)
				}
				if strings.HasPrefix(d.Path, "spec.template.spec.containers[0].ports") && (!strings.Contains(d.ServerWhy, "ports[containerPort=53,protocol=\"UDP\"]") || !strings.Contains(d.ClientWhy, "list-merge-key")) {
					t.Errorf("ports difference %s explained by %q and %q", d.Path, d.ClientWhy, d.ServerWhy)
				}
			}
			if !strings.Contains(strings.Join(paths, " "), "spec.template.spec.containers[0].ports") {
				t.Errorf("differences %q miss the ports", paths)
			}
		}},
		{name: "a custom resource merged by its CRD: a list keyed by name", req: api.ServerSideRequest{File: widget, CustomResourceDefinitions: widgetCRD, Apply: "server"}, check: func(t *testing.T, s *api.ServerSide) {
			var fields []string
			for _, o := range s.Owners {
				fields = append(fields, o.Field)
			}
			if !strings.Contains(strings.Join(fields, " "), `.spec.ports[name="http"].port`) {
				t.Errorf("owners %q: want the list's elements by their key (x-kubernetes-list-type: map)", fields)
			}
		}},
		// Without a schema the field manager works on structured-merge-diff's
		// deduced type, whose lists are atomic: the managed fields record
		// f:spec.f:ports: {} and nothing inside the list.
		{name: "the same without its CRD: the list is atomic", req: api.ServerSideRequest{File: widget, Apply: "server"}, check: func(t *testing.T, s *api.ServerSide) {
			lines := strings.Split(s.Server.ObjectYAML, "\n")
			var fields []string
			owned := false
			for _, o := range s.Owners {
				fields = append(fields, o.Field)
				if strings.HasPrefix(o.Field, ".spec.ports[") || strings.HasPrefix(o.Field, ".spec.ports.") {
					t.Errorf("owner %s: a kind without a schema has atomic lists, owned as a whole", o.Field)
				}
				if o.Field == ".spec.ports" {
					owned = true
					if len(o.Owners) != 1 || o.Owners[0] != (api.ManagerRef{Manager: "kubectl", Operation: "Apply"}) || o.Line < 1 || o.Line > len(lines) || strings.TrimSpace(lines[o.Line-1]) != "ports:" {
						t.Errorf("owner %+v on line %d of\n%s", o, o.Line, s.Server.ObjectYAML)
					}
				}
			}
			if !owned {
				t.Errorf("owners %q: want the atomic list .spec.ports owned by kubectl (Apply)", fields)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.req.Op = api.OpServerSide
			b, _ := json.Marshal(tc.req)
			out := Handle(string(b))
			var resp api.ServerSideResponse
			if err := json.Unmarshal([]byte(out), &resp); err != nil {
				t.Fatal(err)
			}
			if resp.Error != nil || resp.ServerSide == nil {
				t.Fatalf("error %+v", resp.Error)
			}
			tc.check(t, resp.ServerSide)
			if again := Handle(string(b)); again != out {
				t.Error("two answers to one request differ")
			}
		})
	}
}

// liveWithPort53TCP: client-side apply created it with port 53/TCP only
// (deployment without its last port).
var liveWithPort53TCP = strings.TrimSuffix(deployment, "        - containerPort: 53\n          protocol: UDP\n")

const widget = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  namespace: default
spec:
  ports:
  - name: http
    port: 80
  - name: metrics
    port: 9090
`

const widgetCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    plural: widgets
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name:
                      type: string
                    port:
                      type: integer
`

// The server refuses a file whose env holds one name twice; the error
// names the second entry's lines in the file pane, which the page marks.
func TestDuplicateEntryLocated(t *testing.T) {
	const file = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: web
        image: nginx
        env:
        - name: A
          value: "1"
        - name: A
          value: "2"
`
	for _, apply := range []string{"server", "both"} {
		t.Run(apply, func(t *testing.T) {
			b, _ := json.Marshal(api.ServerSideRequest{Op: api.OpServerSide, File: file, Apply: apply})
			var resp api.ServerSideResponse
			if err := json.Unmarshal([]byte(Handle(string(b))), &resp); err != nil {
				t.Fatal(err)
			}
			e := resp.Error
			if e == nil || e.Kind != api.KindApply || !strings.Contains(e.Message, `duplicate entries for key [name="A"]`) {
				t.Fatalf("error %+v, want the server's duplicate entries", e)
			}
			const path = "spec.template.spec.containers[0].env[1]"
			if e.Pane != "file" || e.Line != 14 || e.Path != path || len(e.Fields) != 1 || e.Fields[0].Path != path ||
				e.Fields[0].Where.File == nil || *e.Fields[0].Where.File != (api.Span{Line: 14, EndLine: 15}) {
				t.Errorf("error at %s line %d path %q fields %+v, want the second env entry, lines 14-15 of the file", e.Pane, e.Line, e.Path, e.Fields)
			}
		})
	}
}

// TestElsewhere: a file naming another object than the live one (another
// namespace, or another name of the same kind) is, server-side too,
// kubectl's apply of the file's object: created, the live object neither
// merged (no conflict with its autoscaler) nor owned; with "both", the
// client-side apply says the same.
func TestElsewhere(t *testing.T) {
	for _, tc := range []struct {
		name, from, to string
		server, client string
		// where checks the Elsewhere's names against the live object's.
		where func(e *kube.Elsewhere) bool
	}{
		{name: "another namespace", from: "namespace: default", to: "namespace: production",
			server: "deployment.apps/web serverside-applied", client: "deployment.apps/web created",
			where: func(e *kube.Elsewhere) bool { return e.LiveNamespace == "default" && e.Namespace == "production" }},
		{name: "another name", from: "name: web\n", to: "name: web2\n",
			server: "deployment.apps/web2 serverside-applied", client: "deployment.apps/web2 created",
			where: func(e *kube.Elsewhere) bool { return e.Name == "web2" && e.LiveName == "web" && !e.NamespaceDiffers() }},
	} {
		file := strings.Replace(deployment, tc.from, tc.to, 1)
		if file == deployment {
			t.Fatalf("%s: the file does not change %q", tc.name, tc.from)
		}
		for _, apply := range []string{ApplyServer, ApplyBoth} {
			t.Run(tc.name+"/"+apply, func(t *testing.T) {
				out, e := Compute(api.ServerSideRequest{Op: api.OpServerSide, Apply: apply, File: file, Live: liveOwnedByAutoscaler, LastAppliedFromLive: true})
				if e != nil {
					t.Fatalf("error: %+v", e)
				}
				s := out.Server
				if s.Action != "create" || s.Elsewhere == nil || s.Elsewhere.Kubectl != tc.server || !tc.where(s.Elsewhere) {
					t.Errorf("server-side: action %s, elsewhere %+v", s.Action, s.Elsewhere)
				}
				if len(out.Conflicts) != 0 || s.LiveYAML != "" || strings.Contains(s.ObjectYAML, "replicas: 5") || strings.Contains(s.ObjectYAML, "autoscaler") {
					t.Errorf("the live object was merged: conflicts %v, object:\n%s", out.Conflicts, s.ObjectYAML)
				}
				if len(out.Owners) == 0 {
					t.Error("the created object has no owners")
				}
				for _, o := range out.Owners {
					for _, m := range o.Owners {
						if m.Manager != "kubectl" {
							t.Errorf("%s owned by %s", o.Field, m.Manager)
						}
					}
				}
				if apply == ApplyBoth && (out.Client == nil || out.Client.Elsewhere == nil || out.Client.Elsewhere.Kubectl != tc.client || out.Client.Action != "create") {
					t.Errorf("client-side beside it: %+v (error %+v)", out.Client, out.ClientError)
				}
			})
		}
	}
}
