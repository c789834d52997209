package timeline

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"sort"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/api"
	"github.com/applylens/applylens/engine/cluster"
	"github.com/applylens/applylens/engine/document"
	objectid "github.com/applylens/applylens/engine/identity"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// Limits of a timeline request: the page never sends more, and a hostile
// share link must not make the engine work for minutes.
const (
	maxTimelineCommands = 200
	// timelineCacheSize bounds the clusters kept (one per prefix of
	// commands): a few timelines of a few dozen commands each.
	timelineCacheSize = 256
)

// timelineEntry is the cluster after a prefix of commands, and what the
// prefix's last command did. The cluster is never changed: the next
// command runs on a clone.
type timelineEntry struct {
	// id names the entry for its children; parent is its parent's id (0:
	// the empty cluster of namespace). Ids, not pointers: an evicted
	// entry's cluster must not stay alive through its children.
	id, parent uint64
	// namespace is the request's, with the cluster's settings when they
	// are not the default: what the root cluster is made from.
	namespace string
	command   api.TimelineCommand
	cluster   *cluster.Cluster
	outcome   *cluster.Outcome
	// summary is the outcome as the page lists it.
	summary api.TimelineStep
	// detail is the step's detail, made when first selected: the
	// entry and its parent never change, so neither does it.
	detail *api.TimelineDetail
}

// timelineCache holds the entries of the prefixes the page asked for
// lately: an edit of step k leaves the entries of steps before k valid.
// Entries are found by a hash of (parent, namespace, command, files) and
// then compared whole, so two prefixes never share an entry.
type timelineCache struct {
	buckets map[uint64][]*timelineEntry
	// order is the insertion order, to drop the oldest past the bound.
	order  []*timelineEntry
	lastID uint64
}

func entryKey(parent uint64, namespace string, cmd api.TimelineCommand) uint64 {
	h := fnv.New64a()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], parent)
	h.Write(n[:])
	str := func(s string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	str(namespace)
	str(cmd.Command)
	names := make([]string, 0, len(cmd.Files))
	for name := range cmd.Files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		str(name)
		str(cmd.Files[name])
	}
	return h.Sum64()
}

func (c *timelineCache) get(key, parent uint64, namespace string, cmd api.TimelineCommand) *timelineEntry {
	for _, e := range c.buckets[key] {
		if e.parent == parent && e.namespace == namespace && e.command.Command == cmd.Command && maps.Equal(e.command.Files, cmd.Files) {
			return e
		}
	}
	return nil
}

func (c *timelineCache) put(key uint64, e *timelineEntry) {
	if c.buckets == nil {
		c.buckets = map[uint64][]*timelineEntry{}
	}
	c.lastID++
	e.id = c.lastID
	c.buckets[key] = append(c.buckets[key], e)
	c.order = append(c.order, e)
	for len(c.order) > timelineCacheSize {
		old := c.order[0]
		c.order = c.order[1:]
		k := entryKey(old.parent, old.namespace, old.command)
		c.buckets[k] = slices.DeleteFunc(c.buckets[k], func(x *timelineEntry) bool { return x == old })
		if len(c.buckets[k]) == 0 {
			delete(c.buckets, k)
		}
	}
}

// Player plays the timelines of one page: its cache of the clusters after
// the prefixes of commands the page asked for lately, and the step it
// showed last (op timeline's warmUp runs it again). Not for concurrent
// use; each test makes its own.
type Player struct {
	cache timelineCache
	last  played
}

// Respond answers engine/api's op "timeline" (the request's JSON): the
// Timeline of the api.Session wasm/timeline's main wires.
func (p *Player) Respond(requestJSON string) *api.Response {
	var req api.TimelineRequest
	if err := json.Unmarshal([]byte(requestJSON), &req); err != nil {
		return &api.Response{Version: api.Version, Error: &api.Error{Kind: api.KindInternal, Message: "malformed timeline request: " + err.Error()}}
	}
	if req.WarmUp {
		p.warmUp()
		return &api.Response{Version: api.Version}
	}
	tl, err := p.play(&req)
	if err != nil {
		return &api.Response{Version: api.Version, Error: &api.Error{Kind: api.KindInternal, Message: err.Error()}}
	}
	return &api.Response{Version: api.Version, Timeline: tl}
}

// play runs the request's commands, from the cache where it holds a
// prefix of them.
func (p *Player) play(req *api.TimelineRequest) (*api.Timeline, error) {
	if len(req.Commands) > maxTimelineCommands {
		return nil, fmt.Errorf("a timeline has at most %d commands; this one has %d", maxTimelineCommands, len(req.Commands))
	}
	tl := &api.Timeline{Steps: make([]api.TimelineStep, 0, len(req.Commands)), Selected: -1}
	opts := cluster.Options{Namespace: req.Namespace, DenyPrivileged: req.AllowPrivileged != nil && !*req.AllowPrivileged}
	prev := cluster.New(opts)
	// The entries of another cluster setting are another tree: its
	// root is told apart as another namespace would be.
	root := req.Namespace
	if opts.DenyPrivileged {
		root += "\x00--allow-privileged=false"
	}
	var parent uint64
	for i, cmd := range req.Commands {
		key := entryKey(parent, root, cmd)
		e := p.cache.get(key, parent, root, cmd)
		if e == nil {
			c := prev.Clone()
			out, err := c.Run(cmd.Command, cmd.Files)
			e = &timelineEntry{parent: parent, namespace: root, command: cmd, cluster: c, outcome: out}
			e.summary = summarize(cmd.Command, out, err)
			p.cache.put(key, e)
		}
		tl.Steps = append(tl.Steps, e.summary)
		if req.Select == nil || req.Select.Step == i || (req.Select.Step >= len(req.Commands) && i == len(req.Commands)-1) {
			p.last = played{parent: prev, command: cmd}
		}
		if req.Select != nil && req.Select.Step == i {
			if e.detail == nil {
				d, err := detail(prev, e)
				if err != nil {
					return nil, fmt.Errorf("step %d: %w", i+1, err)
				}
				e.detail = d
			}
			tl.Selected, tl.Detail = i, e.detail
		}
		prev, parent = e.cluster, e.id
	}
	return tl, nil
}

// played is a step the page showed last: the cluster before it and its
// command, for warmUp.
type played struct {
	parent  *cluster.Cluster
	command api.TimelineCommand
}

// warmUp runs the step the page showed last again, on a clone of the
// cluster before it, and renders it as its detail; the cache is not
// touched.
func (p *Player) warmUp() {
	last := p.last
	if last.parent == nil {
		return
	}
	c := last.parent.Clone()
	out, err := c.Run(last.command.Command, last.command.Files)
	e := &timelineEntry{command: last.command, cluster: c, outcome: out}
	e.summary = summarize(last.command.Command, out, err)
	detail(last.parent, e)
}

// summarize is what the page lists for a step.
func summarize(command string, out *cluster.Outcome, err error) api.TimelineStep {
	s := api.TimelineStep{Command: command, Warnings: []string{}, Changes: []api.TimelineChange{}}
	if err != nil {
		s.Error = err.Error()
		return s
	}
	if out == nil {
		return s
	}
	s.Stdout, s.Stderr, s.ExitCode = out.Stdout, out.Stderr, out.ExitCode
	s.Warnings = append(s.Warnings, out.Warnings...)
	for _, ch := range out.Changes {
		id := identityOf(ch.After)
		if id.kind == "" {
			id = identityOf(ch.Before)
		}
		action := ch.Action
		if ch.DryRun {
			action += " (dry run)"
		}
		s.Changes = append(s.Changes, api.TimelineChange{
			Ref: id.ref(), Namespace: id.namespace, Action: action, Defaulted: nonNil(ch.Defaulted),
		})
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// identity names an object.
type identity struct {
	apiVersion, kind, namespace, name string
}

func identityOf(raw json.RawMessage) identity {
	if len(raw) == 0 {
		return identity{}
	}
	var o struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Namespace string `json:"namespace"`
			Name      string `json:"name"`
		} `json:"metadata"`
	}
	if json.Unmarshal(raw, &o) != nil {
		return identity{}
	}
	return identity{o.APIVersion, o.Kind, o.Metadata.Namespace, o.Metadata.Name}
}

// ref is the object as kubectl names it in its output: the kind in lower
// case, with the group when there is one (deployment.apps/nginx,
// service/nginx).
func (id identity) ref() string {
	return objectid.Identity{APIVersion: id.apiVersion, Kind: id.kind, Name: id.name}.Ref()
}

// detail renders the selected step: the objects of the cluster before
// and after it, and its applies.
func detail(before *cluster.Cluster, e *timelineEntry) (*api.TimelineDetail, error) {
	d := &api.TimelineDetail{Objects: []api.TimelineObject{}, Applies: []api.TimelineApply{}}
	changes := map[identity]cluster.Change{}
	// movedFrom maps an object moved to another namespace (a custom
	// resource brought to its CRD's scope) to where it was.
	movedFrom := map[identity]identity{}
	if e.outcome != nil {
		for _, ch := range e.outcome.Changes {
			if ch.DryRun {
				// Nothing changed in the cluster.
				continue
			}
			id := identityOf(ch.After)
			if id.kind == "" {
				id = identityOf(ch.Before)
			}
			changes[id] = ch
			if from := identityOf(ch.Before); from.kind != "" && from != id {
				movedFrom[id] = from
			}
		}
	}
	type pair struct{ before, after json.RawMessage }
	objects := map[identity]*pair{}
	var order []identity
	add := func(raw json.RawMessage, after bool) {
		id := identityOf(raw)
		p := objects[id]
		if p == nil {
			p = &pair{}
			objects[id] = p
			order = append(order, id)
		}
		if after {
			p.after = raw
		} else {
			p.before = raw
		}
	}
	for _, raw := range before.Objects() {
		add(raw, false)
	}
	for _, raw := range e.cluster.Objects() {
		add(raw, true)
	}
	// A moved object is one object: its place before the step is its
	// before, so that its diff shows the namespace it lost or gained.
	for to, from := range movedFrom {
		if objects[to] == nil || objects[from] == nil || objects[from].after != nil {
			continue
		}
		objects[to].before = objects[from].before
		delete(objects, from)
	}
	kept := order[:0]
	for _, id := range order {
		if objects[id] != nil {
			kept = append(kept, id)
		}
	}
	order = kept
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.apiVersion != b.apiVersion {
			return a.apiVersion < b.apiVersion
		}
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.namespace != b.namespace {
			return a.namespace < b.namespace
		}
		return a.name < b.name
	})
	bootstrap := bootstrapObjects()
	for _, id := range order {
		p := objects[id]
		o := api.TimelineObject{Ref: id.ref(), Namespace: id.namespace, Defaulted: []string{}}
		ch, changed := changes[id]
		if !changed && bootstrap[id] != "" && string(p.before) == bootstrap[id] && string(p.after) == bootstrap[id] {
			// The cluster's own namespaces, as it made them and left
			// alone by the step: listed in every step they would only
			// hide the objects the user's commands made.
			continue
		}
		if changed {
			o.Action, o.Defaulted = ch.Action, nonNil(ch.Defaulted)
		}
		var err error
		if o.BeforeYAML, err = yamlText(p.before); err != nil {
			return nil, err
		}
		if o.AfterYAML, err = yamlText(p.after); err != nil {
			return nil, err
		}
		d.Objects = append(d.Objects, o)
	}
	if e.outcome == nil {
		return d, nil
	}
	if k := e.outcome.Kustomize; k != nil {
		d.Kustomize = &api.TimelineKustomize{Dir: k.Dir, Warnings: nonNil(k.Warnings), Steps: make([]api.TimelineKustomizeStep, 0, len(k.Steps))}
		for _, s := range k.Steps {
			d.Kustomize.Steps = append(d.Kustomize.Steps, api.TimelineKustomizeStep{
				Kustomization: s.Kustomization, Transformer: s.Transformer, Object: s.Object,
				Field: s.Field, Old: s.Old, New: s.New, Rule: s.Rule,
			})
		}
	}
	for _, res := range e.outcome.Applies {
		id := identityOf(res.Object)
		var live json.RawMessage
		if ch, ok := changes[id]; ok {
			live = ch.Before
		} else if p := objects[id]; p != nil {
			live = p.before
		}
		a, err := renderApply(id, res, live)
		if err != nil {
			return nil, err
		}
		d.Applies = append(d.Applies, a)
	}
	return d, nil
}

// bootstrapObjects are the objects a fresh cluster has (its namespaces)
// as it made them, by identity: one the user's commands never changed is
// equal to its entry here.
func bootstrapObjects() map[identity]string {
	out := map[identity]string{}
	for _, raw := range cluster.New(cluster.Options{}).Objects() {
		out[identityOf(raw)] = string(raw)
	}
	return out
}

// yamlText renders an object as `kubectl get -o yaml` prints it; "" for
// none.
func yamlText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 {
		return "", nil
	}
	return document.RenderJSONAsYAML(raw)
}

// renderApply renders one apply of a step as op "apply" renders a
// result: the file is the configuration the apply recorded (its new
// last-applied annotation; for a server-side apply, the file it sent), the
// live object the one before the step, and the last-applied configuration
// is read from it, as kubectl does.
func renderApply(id identity, res *engine.Result, live json.RawMessage) (api.TimelineApply, error) {
	a := api.TimelineApply{Ref: id.ref(), Namespace: id.namespace}
	var in engine.Input
	var docs engine.Panes
	var err error
	if res.PatchType == engine.PatchApply {
		// A server-side apply sends the file itself as the patch.
		in.ServerSide = true
		if a.File, err = document.RenderJSONAsYAML(res.Patch); err != nil {
			return a, err
		}
		in.File = a.File
		if docs.File, err = engine.ParsePane(engine.PaneFile, a.File); err != nil {
			return a, fmt.Errorf("reading the configuration of %s: %w", a.Ref, err)
		}
	} else if res.LastApplied != "" {
		v, err := jsonvalue.Decode([]byte(res.LastApplied))
		if err != nil {
			return a, fmt.Errorf("reading the last-applied configuration of %s: %w", a.Ref, err)
		}
		if a.File, err = document.RenderYAML(v); err != nil {
			return a, err
		}
		in.File = a.File
		if docs.File, err = engine.ParsePane(engine.PaneFile, a.File); err != nil {
			return a, fmt.Errorf("reading the configuration of %s: %w", a.Ref, err)
		}
	}
	if len(live) > 0 {
		if a.Live, err = yamlText(live); err != nil {
			return a, err
		}
		in.Live = a.Live
		if docs.Live, err = engine.ParsePane(engine.PaneLive, a.Live); err != nil {
			return a, fmt.Errorf("reading the live object %s: %w", a.Ref, err)
		}
	}
	r, err := api.RenderApply(in, docs, res)
	if err != nil {
		return a, fmt.Errorf("rendering the apply of %s: %w", a.Ref, err)
	}
	a.Result = *r
	return a, nil
}
