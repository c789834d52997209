package timeline

import (
	"encoding/json"
	"fmt"
	"github.com/applylens/applylens/engine/api"
	"strings"
	"testing"
)

const deploymentV1 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
spec:
  selector:
    matchLabels:
      app: nginx
  minReadySeconds: 5
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`

var deploymentV2 = strings.Replace(strings.Replace(deploymentV1, "  minReadySeconds: 5\n", "", 1), "nginx:1.14.2", "nginx:1.16.1", 1)

func walkthroughCommands() []api.TimelineCommand {
	return []api.TimelineCommand{
		{Command: "kubectl apply -f app.yaml", Files: map[string]string{"app.yaml": deploymentV1}},
		{Command: "kubectl scale deployment/nginx-deployment --replicas=2"},
		{Command: "kubectl apply -f app.yaml", Files: map[string]string{"app.yaml": deploymentV2}},
	}
}

// timelineOf sends a timeline request through pg's api.Session, as the page does.
func timelineOf(t testing.TB, pg *testPage, req api.TimelineRequest) (*api.Timeline, string) {
	t.Helper()
	req.Op = api.OpTimeline
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	out := pg.handle(string(b))
	var resp struct {
		Timeline *api.Timeline `json:"timeline"`
		Error    *api.Error    `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("unreadable response %q: %v", out, err)
	}
	if resp.Error != nil {
		t.Fatalf("error response: %+v", resp.Error)
	}
	return resp.Timeline, out
}

func TestTimelineWalkthrough(t *testing.T) {
	pg := newPage()
	tl, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: walkthroughCommands(), Select: &api.TimelineSelect{Step: 2}})
	if len(tl.Steps) != 3 {
		t.Fatalf("got %d steps, want 3", len(tl.Steps))
	}
	for i, s := range tl.Steps {
		if s.ExitCode != 0 || s.Error != "" || s.Stdout == "" {
			t.Errorf("step %d: exit %d, error %q, stdout %q: want a success that prints", i+1, s.ExitCode, s.Error, s.Stdout)
		}
		if len(s.Changes) != 1 || s.Changes[0].Ref != "deployment.apps/nginx-deployment" {
			t.Errorf("step %d: changes %+v, want one of deployment.apps/nginx-deployment", i+1, s.Changes)
		}
	}
	if tl.Selected != 2 || tl.Detail == nil {
		t.Fatalf("selected %d, detail %v: want step 2's detail", tl.Selected, tl.Detail)
	}
	// The cluster also holds its namespaces.
	var deployments []api.TimelineObject
	for _, o := range tl.Detail.Objects {
		if strings.HasPrefix(o.Ref, "deployment.apps/") {
			deployments = append(deployments, o)
		} else if o.Action != "" {
			t.Errorf("%s changed in the last step (%s): only the deployment should", o.Ref, o.Action)
		}
	}
	if len(deployments) != 1 {
		t.Fatalf("deployments %+v, want one", deployments)
	}
	o := deployments[0]
	if o.Action == "" {
		t.Errorf("the deployment has no action in the step that configured it")
	}
	if !strings.Contains(o.BeforeYAML, "replicas: 2") || !strings.Contains(o.BeforeYAML, "nginx:1.14.2") {
		t.Errorf("before the last apply the deployment has the scaled replicas and the old image:\n%s", o.BeforeYAML)
	}
	if !strings.Contains(o.AfterYAML, "replicas: 2") || !strings.Contains(o.AfterYAML, "nginx:1.16.1") || strings.Contains(o.AfterYAML, "minReadySeconds") {
		t.Errorf("after the last apply: replicas 2, the new image, no minReadySeconds:\n%s", o.AfterYAML)
	}
	if len(tl.Detail.Applies) != 1 {
		t.Fatalf("applies %+v, want one", tl.Detail.Applies)
	}
	a := tl.Detail.Applies[0]
	if a.Result.Action != "configure" || a.Live == "" || a.File == "" {
		t.Fatalf("apply: action %q, live %d bytes, file %d bytes: want a configure with both", a.Result.Action, len(a.Live), len(a.File))
	}
	// The apply's panes reproduce its result in the single-apply view.
	single := pg.handle(mustJSON(t, api.Request{Op: api.OpApply, File: a.File, Live: a.Live, LastAppliedFromLive: true}))
	var resp api.Response
	if err := json.Unmarshal([]byte(single), &resp); err != nil || resp.Result == nil {
		t.Fatalf("single apply of the step's panes: %s", single)
	}
	if got, want := mustJSON(t, a.Result), mustJSON(t, resp.Result); got != want {
		t.Errorf("the timeline's apply differs from the single apply of its panes:\n got %s\nwant %s", got, want)
	}
}

func TestTimelineCommandNotUnderstood(t *testing.T) {
	pg := newPage()
	cmds := walkthroughCommands()
	cmds = append(cmds[:1], append([]api.TimelineCommand{{Command: "kubectl frobnicate everything"}}, cmds[1:]...)...)
	tl, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: cmds})
	if tl.Steps[1].Error == "" {
		t.Errorf("an unknown command has no error: %+v", tl.Steps[1])
	}
	if tl.Steps[2].ExitCode != 0 || tl.Steps[3].ExitCode != 0 {
		t.Errorf("the commands after it did not run on: %+v", tl.Steps[2:])
	}
	if tl.Detail != nil || tl.Selected != -1 {
		t.Errorf("no step was selected, yet detail %v, selected %d", tl.Detail, tl.Selected)
	}
}

func TestTimelineRecomputesFromTheEditedStep(t *testing.T) {
	pg := newPage()
	cases := []struct {
		name   string
		edit   int
		newRun int
	}{
		{"first step", 0, 3},
		{"last step", 2, 1},
		{"no edit", -1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pg.player.cache = timelineCache{}
			cmds := walkthroughCommands()
			timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: cmds})
			before := int(pg.player.cache.lastID)
			if tc.edit >= 0 {
				cmds[tc.edit].Command += " "
			}
			timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: cmds})
			if got := int(pg.player.cache.lastID) - before; got != tc.newRun {
				t.Errorf("%d steps ran again, want %d", got, tc.newRun)
			}
		})
	}
}

func TestTimelineNamespaceIsPartOfTheKey(t *testing.T) {
	pg := newPage()
	a, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: walkthroughCommands()[:1]})
	b, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "kube-system", Commands: walkthroughCommands()[:1]})
	c, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "missing", Commands: walkthroughCommands()[:1]})
	if len(a.Steps[0].Changes) != 1 || len(b.Steps[0].Changes) != 1 {
		t.Fatalf("changes %+v, %+v: want one each", a.Steps[0].Changes, b.Steps[0].Changes)
	}
	if a.Steps[0].Changes[0].Namespace != "default" || b.Steps[0].Changes[0].Namespace != "kube-system" {
		t.Errorf("namespaces %q, %q: want default, kube-system", a.Steps[0].Changes[0].Namespace, b.Steps[0].Changes[0].Namespace)
	}
	if c.Steps[0].ExitCode == 0 || len(c.Steps[0].Changes) != 0 {
		t.Errorf("an apply into a namespace that does not exist: %+v, want a failure", c.Steps[0])
	}
}

// TestTimelineAllowPrivileged: the cluster setting --allow-privileged is
// part of the key (the same commands give another result under it), and
// absent means true.
func TestTimelineAllowPrivileged(t *testing.T) {
	privileged := `apiVersion: v1
kind: Pod
metadata:
  name: debug
spec:
  containers:
  - name: shell
    image: busybox
    securityContext:
      privileged: true
`
	cmds := []api.TimelineCommand{{Command: "kubectl apply -f pod.yaml", Files: map[string]string{"pod.yaml": privileged}}}
	no, yes := false, true
	pg := newPage()
	for _, c := range []struct {
		name    string
		allow   *bool
		refused bool
	}{
		{"absent", nil, false},
		{"false", &no, true},
		{"true", &yes, false},
		{"absent again", nil, false},
	} {
		tl, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "default", AllowPrivileged: c.allow, Commands: cmds})
		step := tl.Steps[0]
		if refused := step.ExitCode != 0; refused != c.refused {
			t.Errorf("%s: exit code %d, stderr %q; want refused=%v", c.name, step.ExitCode, step.Stderr, c.refused)
		}
		if c.refused {
			want := `The Pod "debug" is invalid: spec.containers[0].securityContext.privileged: Forbidden: disallowed by cluster policy`
			if !strings.Contains(step.Stderr, want) {
				t.Errorf("%s: stderr %q, want %q", c.name, step.Stderr, want)
			}
		}
	}
}

func TestTimelineDeterministic(t *testing.T) {
	pg := newPage()
	req := api.TimelineRequest{Namespace: "default", Commands: walkthroughCommands(), Select: &api.TimelineSelect{Step: 2}}
	pg.player.cache = timelineCache{}
	_, first := timelineOf(t, pg, req)
	_, cached := timelineOf(t, pg, req)
	pg.player.cache = timelineCache{}
	_, again := timelineOf(t, pg, req)
	if first != cached || first != again {
		t.Errorf("the same timeline gave different bytes: computed, cached, computed again")
	}
}

func TestTimelineTooLong(t *testing.T) {
	pg := newPage()
	req := api.TimelineRequest{Op: api.OpTimeline, Commands: make([]api.TimelineCommand, maxTimelineCommands+1)}
	var resp api.Response
	if err := json.Unmarshal([]byte(pg.handle(mustJSON(t, req))), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error == nil || !strings.Contains(resp.Error.Message, "at most") {
		t.Errorf("a timeline over the limit: %+v, want an error saying the limit", resp.Error)
	}
}

func TestTimelineCacheIsBounded(t *testing.T) {
	pg := newPage()
	pg.player.cache = timelineCache{}
	for i := range timelineCacheSize + 10 {
		timelineOf(t, pg, api.TimelineRequest{Namespace: fmt.Sprint("ns", i), Commands: walkthroughCommands()[:1]})
	}
	held := 0
	for _, b := range pg.player.cache.buckets {
		held += len(b)
	}
	if held != timelineCacheSize || len(pg.player.cache.order) != timelineCacheSize {
		t.Errorf("cache holds %d entries (%d in order), want %d", held, len(pg.player.cache.order), timelineCacheSize)
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// testPage is the Timeline mode's wasm for one test: a player and the
// session of engine/api wired with it, as wasm/timeline's main wires them.
type testPage struct {
	player  *Player
	session *api.Session
}

func newPage() *testPage {
	p := new(Player)
	return &testPage{player: p, session: &api.Session{Timeline: p.Respond}}
}

func (pg *testPage) handle(requestJSON string) string { return pg.session.Handle(requestJSON) }

func TestWithoutAPlayerOpTimelineSaysSo(t *testing.T) {
	var resp api.Response
	if err := json.Unmarshal([]byte(new(api.Session).Handle(`{"op":"timeline","commands":[]}`)), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error == nil || !strings.Contains(resp.Error.Message, "wasm/timeline") {
		t.Errorf("op timeline without a player: %+v, want an error naming the build that has one", resp.Error)
	}
}

func TestWarmUpChangesNothing(t *testing.T) {
	pg := newPage()
	pg.player.cache = timelineCache{}
	req := api.TimelineRequest{Namespace: "default", Commands: walkthroughCommands(), Select: &api.TimelineSelect{Step: 2}}
	_, first := timelineOf(t, pg, req)
	entries := pg.player.cache.lastID
	var resp api.Response
	if err := json.Unmarshal([]byte(pg.handle(`{"op":"timeline","warmUp":true}`)), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error != nil || resp.Timeline != nil || resp.Version == "" {
		t.Errorf("warm-up answered %+v, want the version only", resp)
	}
	if pg.player.cache.lastID != entries {
		t.Errorf("the warm-up added %d cache entries", pg.player.cache.lastID-entries)
	}
	if _, again := timelineOf(t, pg, req); again != first {
		t.Errorf("the timeline changed after a warm-up")
	}
}

// TestTimelineMovedObjectIsOneObject checks the detail of a step in
// which a CRD brought a custom resource to cluster scope: one object,
// moved, whose diff shows the namespace it lost.
func TestTimelineMovedObjectIsOneObject(t *testing.T) {
	pg := newPage()
	const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: backups.example.com
spec:
  group: example.com
  scope: Cluster
  names: {kind: Backup, plural: backups}
  versions: [{name: v1, served: true, storage: true}]
`
	const backup = "apiVersion: example.com/v1\nkind: Backup\nmetadata:\n  name: nightly\nspec:\n  targets: [db]\n"
	tl, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: []api.TimelineCommand{
		{Command: "kubectl apply -f backup.yaml", Files: map[string]string{"backup.yaml": backup}},
		{Command: "kubectl apply -f crd.yaml", Files: map[string]string{"crd.yaml": crd}},
	}, Select: &api.TimelineSelect{Step: 1}})
	changes := tl.Steps[1].Changes
	if len(changes) != 2 || changes[1].Ref != "backup.example.com/nightly" || changes[1].Action != "moved" || changes[1].Namespace != "" {
		t.Fatalf("step 2 changes %+v: want the CRD created and the Backup moved to cluster scope", changes)
	}
	var backups []api.TimelineObject
	for _, o := range tl.Detail.Objects {
		if o.Ref == "backup.example.com/nightly" {
			backups = append(backups, o)
		}
	}
	if len(backups) != 1 {
		t.Fatalf("backups in the detail %+v: want one, the moved object", backups)
	}
	o := backups[0]
	if o.Action != "moved" || o.Namespace != "" || !strings.Contains(o.BeforeYAML, "namespace: default") || o.AfterYAML == "" || strings.Contains(o.AfterYAML, "namespace:") {
		t.Errorf("moved backup: action %q, namespace %q, before:\n%s\nafter:\n%s", o.Action, o.Namespace, o.BeforeYAML, o.AfterYAML)
	}
}

// TestTimelineDetailLeavesOutTheClusterOwnNamespaces: a step's detail
// lists the objects it touched and those the user's commands made or
// changed, not the namespaces the cluster made itself and nobody touched.
func TestTimelineDetailLeavesOutTheClusterOwnNamespaces(t *testing.T) {
	pg := newPage()
	configMap := func(name string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\ndata:\n  a: \"1\"\n"
	}
	namespace := func(name string) string {
		return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "\n  labels:\n    team: a\n"
	}
	for _, tc := range []struct {
		name     string
		commands []api.TimelineCommand
		want     []string
	}{
		{name: "the walkthrough: its deployment only", commands: walkthroughCommands(), want: []string{"deployment.apps/nginx-deployment"}},
		{name: "a namespace the user changed stays in later steps", commands: []api.TimelineCommand{
			{Command: "kubectl apply -f ns.yaml", Files: map[string]string{"ns.yaml": namespace("kube-system")}},
			{Command: "kubectl apply -f cm.yaml", Files: map[string]string{"cm.yaml": configMap("settings")}},
		}, want: []string{"configmap/settings", "namespace/kube-system"}},
		{name: "a namespace the user created stays in later steps", commands: []api.TimelineCommand{
			{Command: "kubectl apply -f ns.yaml", Files: map[string]string{"ns.yaml": namespace("team-a")}},
			{Command: "kubectl apply -f cm.yaml", Files: map[string]string{"cm.yaml": configMap("settings")}},
		}, want: []string{"configmap/settings", "namespace/team-a"}},
		{name: "a cluster namespace the step deletes is listed (kube-node-lease: the others may not be deleted)", commands: []api.TimelineCommand{
			{Command: "kubectl delete namespace kube-node-lease"},
		}, want: []string{"namespace/kube-node-lease"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			last := len(tc.commands) - 1
			tl, _ := timelineOf(t, pg, api.TimelineRequest{Namespace: "default", Commands: tc.commands, Select: &api.TimelineSelect{Step: last}})
			if tl.Detail == nil {
				t.Fatalf("no detail for step %d (steps %+v)", last, tl.Steps)
			}
			var refs []string
			for _, o := range tl.Detail.Objects {
				refs = append(refs, o.Ref)
			}
			if strings.Join(refs, " ") != strings.Join(tc.want, " ") {
				t.Errorf("the detail lists %q, want %q", refs, tc.want)
			}
		})
	}
}

// TestTimelineKustomizeStep: an apply -k step's detail carries the
// kustomize build it ran (the directory, kustomize's steps: the generator,
// its hash suffix, the reference updated to it) beside the applies of the
// objects it built; a step without -k carries none.
func TestTimelineKustomizeStep(t *testing.T) {
	files := map[string]string{
		"app/kustomization.yaml": "resources:\n- deploy.yaml\nconfigMapGenerator:\n- name: cfg\n  literals: [a=b]\n",
		"app/deploy.yaml":        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {run: web}\n  template:\n    metadata:\n      labels: {run: web}\n    spec:\n      containers:\n      - name: web\n        image: nginx\n        envFrom:\n        - configMapRef: {name: cfg}\n",
	}
	tl, _ := timelineOf(t, newPage(), api.TimelineRequest{Namespace: "default", Commands: []api.TimelineCommand{
		{Command: "kubectl apply -k app/", Files: files},
	}, Select: &api.TimelineSelect{Step: 0}})
	k := tl.Detail.Kustomize
	if k == nil || k.Dir != "app/" {
		t.Fatalf("the detail's kustomize build: %+v", k)
	}
	transformers := map[string]bool{}
	renamed := false
	for _, s := range k.Steps {
		transformers[s.Transformer] = true
		renamed = renamed || (s.Object == "Deployment web" && strings.HasPrefix(s.New, "cfg-"))
	}
	if !transformers["configMapGenerator"] || !transformers["hash suffix"] || !renamed {
		t.Errorf("steps %+v: want the generator, its hash suffix and the Deployment's reference renamed", k.Steps)
	}
	if len(tl.Detail.Applies) != 2 {
		t.Errorf("%d applies; want the ConfigMap's and the Deployment's", len(tl.Detail.Applies))
	}
	tl, _ = timelineOf(t, newPage(), api.TimelineRequest{Namespace: "default", Commands: walkthroughCommands(), Select: &api.TimelineSelect{Step: 0}})
	if tl.Detail.Kustomize != nil {
		t.Errorf("apply -f carries a kustomize build: %+v", tl.Detail.Kustomize)
	}
}
