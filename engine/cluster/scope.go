package cluster

import (
	"fmt"
	"sort"

	"github.com/applylens/applylens/engine"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// scopeChange is a kind whose scope a CustomResourceDefinition written
// by the running command changed: from the namespaced scope the
// simulation assumed without a CRD, or from the scope an earlier CRD gave.
type scopeChange struct {
	group, kind string
	crd         string // the CustomResourceDefinition's name
	wasAssumed  bool
}

// noteScope records, before a CustomResourceDefinition registers next,
// whether it changes the scope of a kind already known.
func (c *Cluster) noteScope(next Kind, crdName string) {
	prev := c.kinds.byGroupKind(next.Group, next.Kind)
	if prev == nil || prev.Namespaced == next.Namespaced {
		return
	}
	c.scopeChanges = append(c.scopeChanges, scopeChange{group: next.Group, kind: next.Kind, crd: crdName, wasAssumed: prev.assumed})
}

// bringToScope moves the stored objects of the kinds whose scope changed
// during the command to the scope their CustomResourceDefinition now
// gives: a cluster-scoped kind's objects lose their namespace, a
// namespaced kind's objects go to the context's namespace. It runs after
// the command, so that it also catches objects the same command stored
// under the old scope (a CRD and its custom resource in one file). When
// two objects end up with the same name, the one created first is kept
// and the other removed. Each move and removal is a Change and a warning.
func (c *Cluster) bringToScope(r *run) {
	changes := c.scopeChanges
	if len(changes) == 0 {
		return
	}
	c.scopeChanges = nil
	done := map[[2]string]bool{}
	for _, sc := range changes {
		if done[[2]string{sc.group, sc.kind}] {
			continue
		}
		done[[2]string{sc.group, sc.kind}] = true
		k := c.kinds.byGroupKind(sc.group, sc.kind)
		if k == nil {
			continue // the CRD was deleted again in the same command
		}
		c.rescope(r, k, sc)
	}
}

// rescope brings the objects of one kind to k's scope.
func (c *Cluster) rescope(r *run, k *Kind, sc scopeChange) {
	var objs []map[string]any
	for _, o := range c.objects.ofKind(k.Group, k.Kind) {
		objs = append(objs, o)
	}
	// Creation order: uids are counters of a fixed width.
	sort.Slice(objs, func(i, j int) bool { return metaString(objs[i], "uid") < metaString(objs[j], "uid") })
	type move struct {
		obj, moved map[string]any
		keptBy     map[string]any // the object that kept the name, when obj loses it
	}
	var moves []move
	claimed := map[objectKey]map[string]any{}
	for _, o := range objs {
		ns := metaString(o, "namespace")
		target := ns
		switch {
		case !k.Namespaced:
			target = ""
		case ns == "":
			target = c.namespace
		}
		key := c.keyOf(o)
		key.Namespace = target
		if first := claimed[key]; first != nil {
			moves = append(moves, move{obj: o, keptBy: first})
			continue
		}
		claimed[key] = o
		if target == ns {
			continue
		}
		moved := jsonvalue.CopyObject(o)
		md := metadataOf(moved)
		if target == "" {
			delete(md, "namespace")
		} else {
			md["namespace"] = target
		}
		moves = append(moves, move{obj: o, moved: moved})
	}
	// Every old key first: a kept object may take the key of one that
	// lost its name.
	for _, m := range moves {
		c.remove(c.keyOf(m.obj))
	}
	for _, m := range moves {
		name := metaString(m.obj, "name")
		from := metaString(m.obj, "namespace")
		if m.moved == nil {
			r.out.Changes = append(r.out.Changes, Change{Ref: refOf(k, from, name), Action: "deleted", Before: encode(m.obj)})
			r.warn(fmt.Sprintf("%s/%s %s was removed: brought to the scope customresourcedefinition.apiextensions.k8s.io/%s gives %s (%s), it has the name of %s/%s %s, created before it, which is kept.",
				k.kindGroup(), name, where(from), sc.crd, k.Kind, scopeWord(k), k.kindGroup(), name, where(metaString(m.keptBy, "namespace"))))
			continue
		}
		metadataOf(m.moved)["resourceVersion"] = c.nextResourceVersion()
		c.store(m.moved)
		to := metaString(m.moved, "namespace")
		r.out.Changes = append(r.out.Changes, Change{Ref: refOf(k, to, name), Action: "moved", Before: encode(m.obj), After: encode(m.moved)})
		now := "cluster-scoped, without a namespace"
		if to != "" {
			now = "in namespace " + to
		}
		msg := fmt.Sprintf("%s/%s %s is now %s: %s", k.kindGroup(), name, where(from), now, scopeReason(k, sc))
		if recorded := lastAppliedNamespace(m.moved); recorded != to {
			said := "has no namespace"
			if recorded != "" {
				said = "names namespace " + recorded
			}
			msg += fmt.Sprintf(" Its last-applied configuration still %s, so the next apply of it reports configured and corrects that.", said)
		}
		r.warn(msg)
	}
}

// lastAppliedNamespace is the namespace the object's last-applied
// configuration records; the object's own when it has none.
func lastAppliedNamespace(obj map[string]any) string {
	text, ok := annotationsOf(obj)[engine.LastAppliedAnnotation].(string)
	if !ok {
		return metaString(obj, "namespace")
	}
	v, err := jsonvalue.Decode([]byte(text))
	if err != nil {
		return metaString(obj, "namespace")
	}
	recorded, _ := v.(map[string]any)
	return metaString(recorded, "namespace")
}

// where says where an object of a namespace ("" for cluster scope) is.
func where(namespace string) string {
	if namespace == "" {
		return "without a namespace"
	}
	return "in namespace " + namespace
}

// scopeReason says why objects were moved.
func scopeReason(k *Kind, sc scopeChange) string {
	scope := scopeWord(k)
	if sc.wasAssumed {
		return fmt.Sprintf("it was created before customresourcedefinition.apiextensions.k8s.io/%s told the cluster that %s is %s (without a CRD, the simulation took the kind as namespaced; a real cluster would have refused the object).",
			sc.crd, k.Kind, scope)
	}
	return fmt.Sprintf("customresourcedefinition.apiextensions.k8s.io/%s changed the scope of %s to %s. A real API server refuses that once the CRD is established (spec.scope: field is immutable); the simulation moves the objects instead.",
		sc.crd, k.Kind, scope)
}

func scopeWord(k *Kind) string {
	if k.Namespaced {
		return "namespaced"
	}
	return "cluster-scoped"
}
