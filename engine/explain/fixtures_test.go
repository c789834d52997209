package explain

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/schema"
)

// fake is a hand-written schema.Node for the fields the fixtures use; the
// oracle test checks it against k8s.io/api's struct tags.
type fake struct {
	name   string
	fields map[string]fakeField
	// elem, when set, is every key's field: a map type like labels.
	elem *fakeField
}

type fakeField struct {
	node       *fake
	strategies string
	mergeKey   string
}

func (f *fake) lookup(k string) (schema.Node, schema.Meta, error) {
	ff, ok := f.fields[k]
	if f.elem != nil {
		ff, ok = *f.elem, true
	}
	if !ok {
		return nil, schema.Meta{}, &schema.ErrNotFound{TypeName: f.name, Field: k}
	}
	meta := schema.Meta{Strategies: strings.Split(ff.strategies, ","), MergeKey: ff.mergeKey}
	if ff.node == nil {
		return nil, meta, nil
	}
	return ff.node, meta, nil
}

func (f *fake) Field(k string) (schema.Node, schema.Meta, error) { return f.lookup(k) }
func (f *fake) Items(k string) (schema.Node, schema.Meta, error) { return f.lookup(k) }
func (f *fake) Name() string                                     { return f.name }

func plain(n *fake) fakeField { return fakeField{node: n} }

var (
	fakeStrings = &fake{name: "string map", elem: &fakeField{}}
	fakeMeta    = &fake{name: "ObjectMeta", fields: map[string]fakeField{
		"name": {}, "namespace": {}, "uid": {}, "resourceVersion": {}, "generation": {}, "creationTimestamp": {},
		"labels": plain(fakeStrings), "annotations": plain(fakeStrings),
		"finalizers": {strategies: "merge"},
	}}
	fakeQuantities = &fake{name: "ResourceList", elem: &fakeField{}}
	fakeContainer  = &fake{name: "Container", fields: map[string]fakeField{
		"name": {}, "image": {}, "args": {},
		"ports": {node: &fake{name: "ContainerPort", fields: map[string]fakeField{
			"containerPort": {}, "protocol": {}, "name": {},
		}}, strategies: "merge", mergeKey: "containerPort"},
		"resources": plain(&fake{name: "ResourceRequirements", fields: map[string]fakeField{
			"requests": plain(fakeQuantities), "limits": plain(fakeQuantities),
		}}),
	}}
	fakePodSpec = &fake{name: "PodSpec", fields: map[string]fakeField{
		"containers": {node: fakeContainer, strategies: "merge", mergeKey: "name"},
		"volumes": {node: &fake{name: "Volume", fields: map[string]fakeField{
			"name": {}, "emptyDir": {}, "configMap": {},
		}}, strategies: "merge,retainKeys", mergeKey: "name"},
		"topologySpreadConstraints": {node: &fake{name: "TopologySpreadConstraint", fields: map[string]fakeField{
			"topologyKey": {}, "whenUnsatisfiable": {}, "maxSkew": {},
		}}, strategies: "merge", mergeKey: "topologyKey"},
	}}
	fakeDeployment = &fake{name: "Deployment", fields: map[string]fakeField{
		"apiVersion": {}, "kind": {}, "metadata": plain(fakeMeta), "status": {},
		"spec": plain(&fake{name: "DeploymentSpec", fields: map[string]fakeField{
			"replicas": {}, "minReadySeconds": {}, "paused": {},
			"selector": plain(&fake{name: "LabelSelector", fields: map[string]fakeField{"matchLabels": plain(fakeStrings)}}),
			"strategy": {node: &fake{name: "DeploymentStrategy", fields: map[string]fakeField{
				"type": {}, "rollingUpdate": {},
			}}, strategies: "retainKeys"},
			"template": plain(&fake{name: "PodTemplateSpec", fields: map[string]fakeField{
				"metadata": plain(fakeMeta), "spec": plain(fakePodSpec),
			}}),
		}}),
	}}
	fakeService = &fake{name: "Service", fields: map[string]fakeField{
		"apiVersion": {}, "kind": {}, "metadata": plain(fakeMeta),
		"spec": plain(&fake{name: "ServiceSpec", fields: map[string]fakeField{
			"ports": {node: &fake{name: "ServicePort", fields: map[string]fakeField{
				"port": {}, "protocol": {}, "name": {}, "targetPort": {},
			}}, strategies: "merge", mergeKey: "port"},
		}}),
	}}
	fakeSecret = &fake{name: "Secret", fields: map[string]fakeField{
		"apiVersion": {}, "kind": {}, "metadata": plain(fakeMeta), "data": plain(fakeStrings), "stringData": plain(fakeStrings), "type": {},
	}}
)

func fakeSchema(kind string) schema.Node {
	switch kind {
	case "Deployment":
		return fakeDeployment
	case "Service":
		return fakeService
	case "Secret":
		return fakeSecret
	}
	return nil
}

// fixture is one apply. Documents are JSON. The last-applied annotation
// is added by build as kubectl adds it, so patch and result are written
// without it.
type fixture struct {
	name      string
	original  string // "" = no last-applied annotation on the live object
	file      string
	live      string // "" = create
	patch     string // "" = no patch (create, or kubectl failed)
	result    string
	overwrite *bool
	// noAnnotationPatch: the annotation text is unchanged, so the patch
	// does not carry it.
	noAnnotationPatch bool
}

func decode(t testing.TB, s string) map[string]any {
	t.Helper()
	m, err := jsonvalue.DecodeObject([]byte(s))
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return m
}

func clone(t testing.TB, m map[string]any) map[string]any {
	t.Helper()
	if m == nil {
		return nil
	}
	return decode(t, string(raw(m)))
}

// lastAppliedText is what kubectl writes into the annotation: the object
// with annotations minus the last-applied one (an empty map when none),
// JSON-encoded with a trailing newline.
func lastAppliedText(t testing.TB, file map[string]any) (string, map[string]any) {
	t.Helper()
	f := clone(t, file)
	meta := asMap(f["metadata"])
	if meta == nil {
		meta = map[string]any{}
		f["metadata"] = meta
	}
	ann := asMap(meta["annotations"])
	if ann == nil {
		ann = map[string]any{}
	}
	delete(ann, LastAppliedAnnotation)
	meta["annotations"] = ann
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n", f
}

func setAnnotation(obj map[string]any, text string) {
	meta := asMap(obj["metadata"])
	if meta == nil {
		meta = map[string]any{}
		obj["metadata"] = meta
	}
	ann := asMap(meta["annotations"])
	if ann == nil {
		ann = map[string]any{}
		meta["annotations"] = ann
	}
	ann[LastAppliedAnnotation] = text
}

// build turns a fixture into Inputs with the fake schema.
func build(t testing.TB, f fixture) Inputs {
	t.Helper()
	file := decode(t, f.file)
	text, modified := lastAppliedText(t, file)
	setAnnotation(modified, text)
	kind, _ := file["kind"].(string)
	in := Inputs{File: file, Modified: modified, Schema: fakeSchema(kind), PatchType: kube.PatchStrategic, Overwrite: f.overwrite}
	if in.Schema == nil {
		in.PatchType = kube.PatchMerge
	}
	if f.original != "" {
		var orig map[string]any
		_, orig = lastAppliedText(t, decode(t, f.original))
		in.Original = orig
	}
	if f.live == "" {
		res := clone(t, modified)
		jsonvalue.PruneNulls(res)
		in.Result = res
		return in
	}
	in.Current = decode(t, f.live)
	if in.Original != nil {
		origText, _ := lastAppliedText(t, in.Original)
		setAnnotation(in.Current, origText)
	}
	if f.patch != "" {
		in.Patch = decode(t, f.patch)
		if !f.noAnnotationPatch {
			setAnnotation(in.Patch, text)
		}
	}
	if f.result != "" {
		in.Result = decode(t, f.result)
		setAnnotation(in.Result, text)
	}
	return in
}

// The documents of the documentation's walkthrough (Deployment
// nginx-deployment, minReadySeconds removed, image bumped, replicas scaled).
const (
	walkOriginal = `{"apiVersion":"apps/v1","kind":"Deployment",
	 "metadata":{"annotations":{},"name":"nginx-deployment","namespace":"default"},
	 "spec":{"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},
	  "template":{"metadata":{"labels":{"app":"nginx"}},
	   "spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}}}`
	walkFile = `{"apiVersion":"apps/v1","kind":"Deployment",
	 "metadata":{"name":"nginx-deployment","namespace":"default"},
	 "spec":{"selector":{"matchLabels":{"app":"nginx"}},
	  "template":{"metadata":{"labels":{"app":"nginx"}},
	   "spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx","ports":[{"containerPort":80}]}]}}}}`
	walkLive = `{"apiVersion":"apps/v1","kind":"Deployment",
	 "metadata":{"name":"nginx-deployment","namespace":"default","uid":"0b5c","resourceVersion":"812","generation":2,"creationTimestamp":"2024-05-01T10:00:00Z"},
	 "spec":{"replicas":2,"minReadySeconds":5,"selector":{"matchLabels":{"app":"nginx"}},
	  "template":{"metadata":{"labels":{"app":"nginx"}},
	   "spec":{"containers":[{"image":"nginx:1.14.2","name":"nginx","ports":[{"containerPort":80}]}]}}},
	 "status":{"replicas":2}}`
	walkPatch = `{"spec":{"minReadySeconds":null,"template":{"spec":{
	   "$setElementOrder/containers":[{"name":"nginx"}],
	   "containers":[{"image":"nginx:1.16.1","name":"nginx"}]}}}}`
	walkResult = `{"apiVersion":"apps/v1","kind":"Deployment",
	 "metadata":{"name":"nginx-deployment","namespace":"default","uid":"0b5c","resourceVersion":"812","generation":2,"creationTimestamp":"2024-05-01T10:00:00Z"},
	 "spec":{"replicas":2,"selector":{"matchLabels":{"app":"nginx"}},
	  "template":{"metadata":{"labels":{"app":"nginx"}},
	   "spec":{"containers":[{"image":"nginx:1.16.1","name":"nginx","ports":[{"containerPort":80}]}]}}},
	 "status":{"replicas":2}}`
)

// deploy wraps a Deployment spec in the fixtures' usual envelope.
func deploy(spec string) string {
	return `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":` + spec + `}`
}

// pod wraps a pod spec in a Deployment.
func pod(podSpec string) string { return deploy(`{"template":{"spec":` + podSpec + `}}`) }

func withMeta(meta string) string {
	return `{"apiVersion":"apps/v1","kind":"Deployment","metadata":` + meta + `}`
}

func widget(spec string) string {
	return `{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"spec":` + spec + `}`
}

var no = false

const annotationPath = `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`

// stepCases are the decision tables, one case per row, with the steps each
// must produce as "phase|path|rule|action|row" (row: F file, L live,
// A last-applied, - absent).
var stepCases = []struct {
	fixture
	want []string
}{
	{fixture{name: "primitive: in file and live, different value: set",
		original: deploy(`{"minReadySeconds":5}`), file: deploy(`{"minReadySeconds":10}`), live: deploy(`{"minReadySeconds":5}`),
		patch: `{"spec":{"minReadySeconds":10}}`, result: deploy(`{"minReadySeconds":10}`)},
		[]string{"2|spec.minReadySeconds|primitive|set|FLA", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "primitive: in file, not in live: set",
		original: deploy(`{}`), file: deploy(`{"minReadySeconds":10}`), live: deploy(`{}`),
		patch: `{"spec":{"minReadySeconds":10}}`, result: deploy(`{"minReadySeconds":10}`)},
		[]string{"2|spec.minReadySeconds|primitive|set|F--", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "primitive: not in file, in last-applied: clear",
		original: deploy(`{"minReadySeconds":5,"paused":true}`), file: deploy(`{"paused":true}`), live: deploy(`{"minReadySeconds":5,"paused":true}`),
		patch: `{"spec":{"minReadySeconds":null}}`, result: deploy(`{"paused":true}`)},
		[]string{"1|spec.minReadySeconds|primitive|clear|-LA", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "primitive: not in file, in last-applied, already gone from live: clear changes nothing",
		original: deploy(`{"minReadySeconds":5}`), file: deploy(`{}`), live: deploy(`{}`),
		patch: `{"spec":{"minReadySeconds":null}}`, result: deploy(`{}`)},
		[]string{"1|spec.minReadySeconds|primitive|clear|--A", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "primitive: not in file nor last-applied: keep",
		original: deploy(`{"paused":true}`), file: deploy(`{"paused":true}`), live: deploy(`{"paused":true,"replicas":3}`),
		patch: `{}`, noAnnotationPatch: true, result: deploy(`{"paused":true,"replicas":3}`)},
		[]string{"4||strategic-merge-patch|keep|---", "5|spec.replicas|primitive|keep|-L-"}},
	{fixture{name: "unchanged: no step but the empty patch",
		original: deploy(`{"replicas":1}`), file: deploy(`{"replicas":1}`), live: deploy(`{"replicas":1}`),
		patch: `{}`, noAnnotationPatch: true, result: deploy(`{"replicas":1}`)},
		[]string{"4||strategic-merge-patch|keep|---"}},
	{fixture{name: "explicit null: cleared although not in last-applied",
		original: deploy(`{}`), file: deploy(`{"minReadySeconds":null}`), live: deploy(`{"minReadySeconds":5}`),
		patch: `{"spec":{"minReadySeconds":null}}`, result: deploy(`{}`)},
		[]string{"1|spec.minReadySeconds|explicit-null|clear|FL-", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "map: key in file and live: compare subfields",
		original: withMeta(`{"name":"web","labels":{"app":"a"}}`), file: withMeta(`{"name":"web","labels":{"app":"b"}}`),
		live:  withMeta(`{"name":"web","labels":{"app":"a","team":"x"}}`),
		patch: `{"metadata":{"labels":{"app":"b"}}}`, result: withMeta(`{"name":"web","labels":{"app":"b","team":"x"}}`)},
		[]string{"2|metadata.labels.app|primitive|set|FLA", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---", "5|metadata.labels.team|primitive|keep|-L-"}},
	{fixture{name: "map: in file, not in live: set whole map",
		original: deploy(`{}`), file: deploy(`{"selector":{"matchLabels":{"app":"web"}}}`), live: deploy(`{}`),
		patch: `{"spec":{"selector":{"matchLabels":{"app":"web"}}}}`, result: deploy(`{"selector":{"matchLabels":{"app":"web"}}}`)},
		[]string{"2|spec.selector|map|set|F--", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "map: not in file, in last-applied: clear whole map",
		original: deploy(`{"selector":{"matchLabels":{"app":"web"}}}`), file: deploy(`{}`), live: deploy(`{"selector":{"matchLabels":{"app":"web","x":"y"}}}`),
		patch: `{"spec":{"selector":null}}`, result: deploy(`{}`)},
		[]string{"1|spec.selector|map|clear|-LA", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "map: not in file nor last-applied: keep the top-most field only",
		original: deploy(`{}`), file: deploy(`{}`), live: deploy(`{"selector":{"matchLabels":{"app":"web","tier":"x"}}}`),
		patch: `{}`, noAnnotationPatch: true, result: deploy(`{"selector":{"matchLabels":{"app":"web","tier":"x"}}}`)},
		[]string{"4||strategic-merge-patch|keep|---", "5|spec.selector|map|keep|-L-"}},
	{fixture{name: "list replace: file's list wins, live extras lost",
		original: pod(`{"containers":[{"name":"app","args":["a","b"]}]}`), file: pod(`{"containers":[{"name":"app","args":["a","c"]}]}`),
		live:   pod(`{"containers":[{"name":"app","args":["a","b","d"]}]}`),
		patch:  `{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"app"}],"containers":[{"args":["a","c"],"name":"app"}]}}}}`,
		result: pod(`{"containers":[{"name":"app","args":["a","c"]}]}`)},
		[]string{"2|spec.template.spec.containers[name=app].args|list-replace|set|FLA", "3|" + annotationPath + "|annotation|set|-L-",
			"4||strategic-merge-patch|set|---", "4|spec.template.spec.containers|list-merge-key|reorder|FLA"}},
	{fixture{name: "list replace: removed from file: clear whole list",
		original: pod(`{"containers":[{"name":"app","args":["a"]}]}`), file: pod(`{"containers":[{"name":"app"}]}`),
		live:   pod(`{"containers":[{"name":"app","args":["a"]}]}`),
		patch:  `{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"app"}],"containers":[{"args":null,"name":"app"}]}}}}`,
		result: pod(`{"containers":[{"name":"app"}]}`)},
		[]string{"1|spec.template.spec.containers[name=app].args|list-replace|clear|-LA", "3|" + annotationPath + "|annotation|set|-L-",
			"4||strategic-merge-patch|set|---", "4|spec.template.spec.containers|list-merge-key|reorder|FLA"}},
	{fixture{name: "list merge key: the documentation's containers example",
		original: pod(`{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-a","image":"helper:1.3"},{"name":"nginx-helper-b","image":"helper:1.3"}]}`),
		file:     pod(`{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-b","image":"helper:1.3"},{"name":"nginx-helper-c","image":"helper:1.3"}]}`),
		live:     pod(`{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-a","image":"helper:1.3"},{"name":"nginx-helper-b","image":"helper:1.3","args":["run"]},{"name":"nginx-helper-d","image":"helper:1.3"}]}`),
		patch: `{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"},{"name":"nginx-helper-b"},{"name":"nginx-helper-c"}],
			"containers":[{"image":"helper:1.3","name":"nginx-helper-c"},{"$patch":"delete","name":"nginx-helper-a"}]}}}}`,
		result: pod(`{"containers":[{"name":"nginx","image":"nginx:1.16"},{"name":"nginx-helper-b","image":"helper:1.3","args":["run"]},{"name":"nginx-helper-d","image":"helper:1.3"},{"name":"nginx-helper-c","image":"helper:1.3"}]}`)},
		[]string{
			"1|spec.template.spec.containers[name=nginx-helper-a]|list-merge-key|delete element|-LA",
			"2|spec.template.spec.containers[name=nginx-helper-c]|list-merge-key|add element|F--",
			"3|" + annotationPath + "|annotation|set|-L-",
			"4||strategic-merge-patch|set|---",
			"4|spec.template.spec.containers|list-merge-key|reorder|FLA",
			"5|spec.template.spec.containers[name=nginx-helper-b].args|list-replace|keep|-L-",
			"5|spec.template.spec.containers[name=nginx-helper-d]|list-merge-key|keep|-L-",
			"5|spec.template.spec.containers|list-merge-key|reorder|FLA",
		}},
	{fixture{name: "list merge key: list not in live: set with the file's elements",
		original: pod(`{}`), file: pod(`{"containers":[{"name":"app","image":"a"}]}`), live: pod(`{}`),
		patch:  `{"spec":{"template":{"spec":{"containers":[{"image":"a","name":"app"}]}}}}`,
		result: pod(`{"containers":[{"name":"app","image":"a"}]}`)},
		[]string{"2|spec.template.spec.containers|list-merge-key|set|F--", "3|" + annotationPath + "|annotation|set|-L-", "4||strategic-merge-patch|set|---"}},
	{fixture{name: "list of primitives merged: add, delete, keep",
		original: withMeta(`{"name":"web","finalizers":["a","b"]}`), file: withMeta(`{"name":"web","finalizers":["a","c"]}`),
		live:   withMeta(`{"name":"web","finalizers":["a","b","x"]}`),
		patch:  `{"metadata":{"$deleteFromPrimitiveList/finalizers":["b"],"$setElementOrder/finalizers":["a","c"],"finalizers":["c"]}}`,
		result: withMeta(`{"name":"web","finalizers":["a","c","x"]}`)},
		[]string{
			"1|metadata.finalizers[1]|list-primitive-merge|delete element|-LA",
			"2|metadata.finalizers[1]|list-primitive-merge|add element|F--",
			"3|" + annotationPath + "|annotation|set|-L-",
			"4||strategic-merge-patch|set|---",
			"4|metadata.finalizers|list-primitive-merge|reorder|FLA",
			"5|metadata.finalizers[2]|list-primitive-merge|keep|-L-",
		}},
	{fixture{name: "retainKeys: switching to Recreate drops the defaulted rollingUpdate",
		original: deploy(`{"strategy":{"type":"RollingUpdate"}}`), file: deploy(`{"strategy":{"type":"Recreate"}}`),
		live:   deploy(`{"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"}}}`),
		patch:  `{"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"}}}`,
		result: deploy(`{"strategy":{"type":"Recreate"}}`)},
		[]string{
			"2|spec.strategy.type|primitive|set|FLA",
			"3|" + annotationPath + "|annotation|set|-L-",
			"4||strategic-merge-patch|set|---",
			"4|spec.strategy|retain-keys|keep|FLA",
			"5|spec.strategy.rollingUpdate|retain-keys|clear|-L-",
		}},
	{fixture{name: "custom resource: JSON merge patch, lists replaced whole",
		original: widget(`{"items":[1,2],"size":1,"old":"x"}`), file: widget(`{"items":[1,3],"size":2}`),
		live:   widget(`{"items":[1,2,9],"size":1,"old":"x","extra":"y"}`),
		patch:  `{"spec":{"items":[1,3],"old":null,"size":2}}`,
		result: widget(`{"items":[1,3],"size":2,"extra":"y"}`)},
		[]string{
			"1|spec.old|json-merge-patch|clear|-LA",
			"2|spec.items|json-merge-patch|set|FLA",
			"2|spec.size|json-merge-patch|set|FLA",
			"3|" + annotationPath + "|annotation|set|-L-",
			"4||json-merge-patch|set|---",
			"5|spec.extra|json-merge-patch|keep|-L-",
		}},
	{fixture{name: "no last-applied annotation: nothing cleared, annotation added",
		file: deploy(`{"minReadySeconds":10,"paused":true}`), live: deploy(`{"minReadySeconds":5,"replicas":2,"paused":true}`),
		patch:  `{"spec":{"minReadySeconds":10}}`,
		result: deploy(`{"minReadySeconds":10,"replicas":2,"paused":true}`)},
		[]string{"2|spec.minReadySeconds|primitive|set|FL-", "3|" + annotationPath + "|annotation|set|---", "4||strategic-merge-patch|set|---", "5|spec.replicas|primitive|keep|-L-"}},
	{fixture{name: "walkthrough: minReadySeconds cleared, image set, replicas kept",
		original: walkOriginal, file: walkFile, live: walkLive, patch: walkPatch, result: walkResult},
		[]string{
			"1|spec.minReadySeconds|primitive|clear|-LA",
			"2|spec.template.spec.containers[name=nginx].image|primitive|set|FLA",
			"3|" + annotationPath + "|annotation|set|-L-",
			"4||strategic-merge-patch|set|---",
			"4|spec.template.spec.containers|list-merge-key|reorder|FLA",
			"5|spec.replicas|primitive|keep|-L-",
			"5||map|keep|-L-",
		}},
	{fixture{name: "create: object from the file, nulls pruned, annotation added",
		file: deploy(`{"replicas":2,"minReadySeconds":null}`)},
		[]string{"1|spec.minReadySeconds|explicit-null|clear|F--", "2||create|set|F--", "3|" + annotationPath + "|annotation|set|---"}},
	{fixture{name: "update without a patch (kubectl failed): nothing claimed",
		original: deploy(`{"replicas":1}`), file: deploy(`{"replicas":2}`), live: deploy(`{"replicas":3}`), overwrite: &no},
		nil},
}

func rowText(r Row) string {
	b := []byte("---")
	if r.InFile {
		b[0] = 'F'
	}
	if r.InLive {
		b[1] = 'L'
	}
	if r.InLastApplied {
		b[2] = 'A'
	}
	return string(b)
}

func stepText(s Step) string {
	return strings.Join([]string{string(rune('0' + s.Phase)), s.Path, s.Rule, s.Action, rowText(s.Row)}, "|")
}
