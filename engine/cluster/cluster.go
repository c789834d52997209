package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"sort"
	"strings"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/apiserver"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// Options configure a new cluster.
type Options struct {
	// Namespace is the namespace of kubectl's context; "" means "default".
	Namespace string
	// DenyPrivileged runs the API server with --allow-privileged=false:
	// privileged containers are refused. Kind and kubeadm clusters allow
	// them, as the zero value does.
	DenyPrivileged bool
}

// Cluster is a simulated API server with its stored objects, and the
// kubectl that talks to it. It is not safe for concurrent use.
type Cluster struct {
	namespace string
	// settings are the API server's flags validation reads.
	settings apiserver.Settings
	kinds    *kindRegistry
	objects  *objectStore
	crds     crdIndex // the stored CustomResourceDefinitions
	// resourceVersion is the last resourceVersion given out; uids counts
	// the objects created; tick counts the commands run (the clock).
	resourceVersion int64
	uids            int64
	tick            int64
	// clusterIPs and nodePorts count the Service addresses given out.
	clusterIPs, nodePorts int64
	// scopeChanges are the kinds whose scope a CustomResourceDefinition
	// changed during the running command (see bringToScope).
	scopeChanges []scopeChange
	// serverWarnings are the warnings the server sent during the running
	// command (--validate=warn), which kubectl prints on stderr.
	serverWarnings []string
}

// objectKey identifies a stored object.
type objectKey struct {
	Group, Kind, Namespace, Name string
}

// ObjectRef names an object.
type ObjectRef struct {
	Group     string `json:"group"`
	Version   string `json:"version"`
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
}

// Outcome is what one command did.
type Outcome struct {
	// Stdout is what kubectl prints, e.g.
	// "deployment.apps/nginx-deployment configured\n".
	Stdout string `json:"stdout"`
	// Stderr is kubectl's error and warning text, as kubectl prints it.
	Stderr string `json:"stderr"`
	// ExitCode is kubectl's exit code: 0, 1 (and 2 for a failing diff).
	ExitCode int `json:"exitCode"`
	// Applies holds, for apply, one result per object, in the order
	// kubectl visits them: the patch and the steps of the three-way merge.
	Applies []*engine.Result `json:"applies,omitempty"`
	// Changes are the objects this command wrote or removed, in order.
	Changes []Change `json:"changes,omitempty"`
	// Warnings say what the simulation assumed or does not simulate.
	Warnings []string `json:"warnings,omitempty"`
	// Kustomize is the kustomize build the command ran (kubectl kustomize,
	// or -k), nil without one.
	Kustomize *KustomizeBuild `json:"kustomize,omitempty"`
}

// Change is one object written or removed.
type Change struct {
	Ref ObjectRef `json:"ref"`
	// Action is kubectl's word: created, configured, unchanged, scaled,
	// pruned, deleted, labeled, annotated, patched, edited, replaced,
	// "image updated", "env updated", "status updated"; and "moved" (not
	// kubectl's: a custom resource brought to the scope its
	// CustomResourceDefinition gives, see bringToScope).
	Action string `json:"action"`
	// Defaulted are the field paths the server set in this write
	// (apiserver.Default), for "set by the server" labels.
	Defaulted []string `json:"defaulted,omitempty"`
	// DryRun is set when nothing was stored (--dry-run).
	DryRun bool `json:"dryRun,omitempty"`
	// Before and After are the object before and after (nil when absent).
	Before json.RawMessage `json:"before,omitempty"`
	After  json.RawMessage `json:"after,omitempty"`
}

// NotSimulatedError is a command line the simulation does not
// understand: a command, flag or form kubectl may have but this does not
// simulate. Its message lists what is supported.
type NotSimulatedError struct{ Message string }

func (e *NotSimulatedError) Error() string { return e.Message }

// New returns a cluster with the namespaces a fresh cluster has.
func New(opts Options) *Cluster {
	c := &Cluster{namespace: opts.Namespace, settings: apiserver.DefaultSettings, kinds: newKindRegistry(), objects: newObjectStore()}
	c.settings.AllowPrivileged = !opts.DenyPrivileged
	if c.namespace == "" {
		c.namespace = engine.DefaultNamespace
	}
	for _, ns := range []string{"default", "kube-node-lease", "kube-public", "kube-system"} {
		// What kube-apiserver's bootstrap controller creates, defaulted
		// (the name label); the strategy then adds the finalizer and the
		// phase, which it owns no field of.
		obj := map[string]any{
			"apiVersion": "v1", "kind": "Namespace",
			"metadata": map[string]any{"name": ns, "labels": map[string]any{"kubernetes.io/metadata.name": ns}},
		}
		mf := c.recordManagers(c.kindOf(obj), nil, obj, write{manager: "kube-apiserver"})
		obj["spec"] = map[string]any{"finalizers": []any{"kubernetes"}}
		obj["status"] = map[string]any{"phase": "Active"}
		c.store(c.newObject(obj, mf))
	}
	return c
}

// Clone returns a copy of the cluster that commands run on without
// changing c, as the timeline keeps after each command: the two share the
// stored objects (objectStore), at a cost that does not grow with them.
// verifyStored checks in the tests that no command changes a stored
// object in place.
func (c *Cluster) Clone() *Cluster {
	out := *c
	out.kinds = c.kinds.clone()
	out.scopeChanges = nil
	out.crds = c.crds.clone()
	out.objects = c.objects.clone()
	return &out
}

// verifyStored, set by the package's tests, makes Run check that a
// command changed no object stored before it in place: Clone shares them.
var verifyStored bool

// storedUnchanged notes every stored object's JSON; the function it
// returns panics if one of those objects has changed since.
func (c *Cluster) storedUnchanged() func() {
	type noted struct {
		key  objectKey
		obj  map[string]any
		json string
	}
	var before []noted
	for k, o := range c.objects.all() {
		data, _ := jsonvalue.Encode(o)
		before = append(before, noted{k, o, string(data)})
	}
	return func() {
		for _, n := range before {
			if data, _ := jsonvalue.Encode(n.obj); string(data) != n.json {
				panic(fmt.Sprintf("a stored object was changed in place (%v): %s, was %s", n.key, data, n.json))
			}
		}
	}
}

// Objects returns every stored object as JSON, sorted by apiVersion,
// kind, namespace and name.
func (c *Cluster) Objects() []json.RawMessage {
	objs := c.sortedObjects(func(map[string]any) bool { return true })
	out := make([]json.RawMessage, 0, len(objs))
	for _, o := range objs {
		data, _ := jsonvalue.Encode(o)
		out = append(out, data)
	}
	return out
}

func (c *Cluster) sortedObjects(keep func(map[string]any) bool) []map[string]any {
	return sortedOf(c.objects.all(), keep)
}

// sortedOf is the objects keep keeps, in the store's order (lessObject).
func sortedOf(objects iter.Seq2[objectKey, map[string]any], keep func(map[string]any) bool) []map[string]any {
	var objs []map[string]any
	for _, o := range objects {
		if keep(o) {
			objs = append(objs, o)
		}
	}
	sort.Slice(objs, func(i, j int) bool { return lessObject(objs[i], objs[j]) })
	return objs
}

// lessObject is the store's order: by apiVersion, kind, namespace and
// name.
func lessObject(a, b map[string]any) bool {
	for _, f := range []func(map[string]any) string{
		func(o map[string]any) string { s, _ := o["apiVersion"].(string); return s },
		func(o map[string]any) string { s, _ := o["kind"].(string); return s },
		func(o map[string]any) string { return metaString(o, "namespace") },
		func(o map[string]any) string { return metaString(o, "name") },
	} {
		if x, y := f(a), f(b); x != y {
			return x < y
		}
	}
	return false
}

// commands maps a command to its handler; sub-commands are dispatched
// inside.
var commands = map[string]func(c *Cluster, r *run, words []string) error{
	"annotate":   (*Cluster).runAnnotate,
	"apply":      (*Cluster).runApply,
	"controller": (*Cluster).runController,
	"create":     (*Cluster).runCreate,
	"delete":     (*Cluster).runDelete,
	"diff":       (*Cluster).runDiff,
	"edit":       (*Cluster).runEdit,
	"get":        (*Cluster).runGet,
	"kustomize":  (*Cluster).runKustomize,
	"label":      (*Cluster).runLabel,
	"patch":      (*Cluster).runPatch,
	"replace":    (*Cluster).runReplace,
	"scale":      (*Cluster).runScale,
	"set":        (*Cluster).runSet,
}

// SupportedCommands lists the commands Run understands, as shown in its
// errors.
var SupportedCommands = []string{
	"apply -f FILE [--prune -l SELECTOR|--all] [--overwrite=false] [--dry-run=client|server] [--field-manager=NAME]",
	"apply --server-side -f FILE [--field-manager=NAME] [--force-conflicts] [--dry-run=server]",
	"apply -k DIR (and diff -k DIR, delete -k DIR: kustomize's build of DIR instead of -f)",
	"kustomize [DIR]",
	"apply view-last-applied KIND/NAME [-o yaml|json]",
	"apply set-last-applied -f FILE [--create-annotation]",
	"apply edit-last-applied KIND/NAME -f FILE",
	"create -f FILE [--save-config]",
	"create namespace NAME | create deployment NAME --image=IMAGE [--replicas=N] [--port=P] | create configmap NAME [--from-literal=K=V] [--from-file=[K=]FILE]",
	"replace -f FILE [--save-config]",
	"delete -f FILE | delete -k DIR | delete KIND NAME | delete KIND/NAME",
	"get KIND [NAME] [-o yaml|json|name|wide] [--show-managed-fields]",
	"diff -f FILE [--server-side [--field-manager=NAME] [--force-conflicts]]",
	"scale KIND/NAME --replicas=N",
	"set image KIND/NAME CONTAINER=IMAGE",
	"set env KIND/NAME KEY=VALUE|KEY-",
	"label KIND/NAME KEY=VALUE|KEY- [--overwrite]",
	"annotate KIND/NAME KEY=VALUE|KEY- [--overwrite]",
	"patch KIND/NAME [--type strategic|merge|json] -p PATCH",
	"edit KIND/NAME -f FILE (the edited text, since there is no editor)",
	"controller status KIND/NAME (simulation: a controller writes the status)",
}

// run collects the output of one command.
type run struct {
	out     *Outcome
	files   map[string]string
	stdout  strings.Builder
	stderr  strings.Builder
	errs    []*cmdError
	exitErr int // exit code on error; 1 unless the command says otherwise
}

// Run runs one kubectl command line against the cluster. files maps the
// names given to -f to their text. A Go error means the simulation does
// not understand the command line; whatever kubectl itself would refuse
// is an Outcome with kubectl's message on Stderr and exit code 1.
func (c *Cluster) Run(commandLine string, files map[string]string) (*Outcome, error) {
	words, err := splitWords(commandLine)
	if err != nil {
		return nil, &NotSimulatedError{Message: err.Error()}
	}
	if len(words) > 0 && words[0] == "kubectl" {
		words = words[1:]
	}
	if len(words) == 0 {
		return nil, &NotSimulatedError{Message: "empty command; supported: kubectl " + strings.Join(SupportedCommands, "; kubectl ")}
	}
	for i, w := range words {
		if (w == "-f" || w == "--filename") && i+1 < len(words) && words[i+1] == "-" || w == "--filename=-" || w == "-f-" {
			return nil, &NotSimulatedError{Message: "reading objects from standard input (-f -) is not simulated: give the text as a named file"}
		}
	}
	handler, ok := commands[words[0]]
	if !ok {
		return nil, &NotSimulatedError{Message: fmt.Sprintf("kubectl %s is not simulated; supported: kubectl %s", words[0], strings.Join(SupportedCommands, "; kubectl "))}
	}
	c.tick++
	c.scopeChanges = nil
	r := &run{out: &Outcome{}, files: files, exitErr: 1}
	if verifyStored {
		defer c.storedUnchanged()()
	}
	c.serverWarnings = nil
	err = handler(c, r, words[1:])
	for _, w := range c.serverWarnings {
		r.stderr.WriteString("Warning: " + w + "\n")
	}
	c.serverWarnings = nil
	c.bringToScope(r)
	if err != nil {
		var ns *NotSimulatedError
		if errors.As(err, &ns) {
			c.tick-- // nothing ran
			return nil, err
		}
		var ue *usageError
		if errors.As(err, &ue) {
			r.fail(&cmdError{msg: ue.msg})
		} else {
			r.fail(asCmdError(err))
		}
	}
	r.finish()
	return r.out, nil
}

func (r *run) printf(format string, a ...any) { fmt.Fprintf(&r.stdout, format, a...) }

func (r *run) warn(msg string) { r.out.Warnings = append(r.out.Warnings, msg) }

func (r *run) fail(e *cmdError) { r.errs = append(r.errs, e) }

// finish prints the errors as kubectl's CheckErr does: one error in full,
// several one per line.
func (r *run) finish() {
	r.out.Stdout = r.stdout.String()
	stderr := r.stderr.String()
	if len(r.errs) == 1 {
		stderr += ensureNewline(r.errs[0].single())
	} else if len(r.errs) > 1 {
		for _, e := range r.errs {
			stderr += ensureNewline(e.standard())
		}
	}
	r.out.Stderr = stderr
	if len(r.errs) > 0 {
		r.out.ExitCode = r.exitErr
	}
}

func ensureNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

func metaString(obj map[string]any, field string) string {
	md, _ := obj["metadata"].(map[string]any)
	s, _ := md[field].(string)
	return s
}

func metadataOf(obj map[string]any) map[string]any {
	md, ok := obj["metadata"].(map[string]any)
	if !ok {
		md = map[string]any{}
		obj["metadata"] = md
	}
	return md
}

func encode(obj map[string]any) json.RawMessage {
	if obj == nil {
		return nil
	}
	data, _ := jsonvalue.Encode(obj)
	return data
}
