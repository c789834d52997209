package kubernetes

import (
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"testing"

	"github.com/applylens/applylens/engine/serverside"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// schemaGen makes random CRD schemas with every marker, and objects that
// follow them.
type schemaGen struct{ r *rand.Rand }

// node is one schema and a maker of values for it.
type node struct {
	schema map[string]any
	value  func() any
}

var keyPool = []string{"a", "b", "c", "d"}

func (g *schemaGen) pick(n int) int { return g.r.Intn(n) }

func (g *schemaGen) scalar() node {
	switch g.pick(8) {
	case 0:
		return node{map[string]any{"type": "integer"}, func() any { return int64(g.pick(3)) }}
	case 1:
		return node{map[string]any{"type": "boolean"}, func() any { return g.pick(2) == 0 }}
	case 2:
		return node{map[string]any{"type": "number"}, func() any { return []any{0.5, 1.5, int64(2)}[g.pick(3)] }}
	case 3:
		return node{map[string]any{"type": "string", "format": "date-time"}, func() any {
			return []any{"2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"}[g.pick(2)]
		}}
	case 4:
		return node{map[string]any{"x-kubernetes-int-or-string": true}, func() any { return []any{int64(80), "http", int64(81)}[g.pick(3)] }}
	case 5:
		return node{map[string]any{"type": "string", "nullable": true}, func() any { return []any{nil, "x", "y"}[g.pick(3)] }}
	}
	return node{map[string]any{"type": "string"}, func() any { return keyPool[g.pick(3)] }}
}

// anyValue is a free-form value, for fields that preserve unknown ones.
func (g *schemaGen) anyValue(depth int) any {
	switch g.pick(4) {
	case 0:
		if depth > 0 {
			m := map[string]any{}
			for i := g.pick(3); i >= 0; i-- {
				m[keyPool[g.pick(len(keyPool))]] = g.anyValue(depth - 1)
			}
			return m
		}
	case 1:
		if depth > 0 {
			return []any{g.anyValue(0), g.anyValue(0)}[:g.pick(3)]
		}
	case 2:
		return int64(g.pick(3))
	}
	return keyPool[g.pick(3)]
}

func (g *schemaGen) node(depth int) node {
	if depth <= 0 {
		return g.scalar()
	}
	switch g.pick(12) {
	case 0, 1:
		return g.object(depth)
	case 2:
		n := g.object(depth)
		n.schema["x-kubernetes-map-type"] = []string{"atomic", "granular"}[g.pick(2)]
		return n
	case 3:
		elem := g.node(depth - 1)
		if g.pick(2) == 0 {
			elem = g.scalar()
		}
		s := map[string]any{"type": "object", "additionalProperties": elem.schema}
		if g.pick(3) == 0 {
			s["x-kubernetes-map-type"] = "atomic"
		}
		return node{s, func() any {
			m := map[string]any{}
			for i := g.pick(3); i > 0; i-- {
				m[keyPool[g.pick(len(keyPool))]] = elem.value()
			}
			return m
		}}
	case 4:
		elem := g.node(depth - 1)
		s := map[string]any{"type": "array", "items": elem.schema}
		if g.pick(2) == 0 {
			s["x-kubernetes-list-type"] = "atomic"
		}
		return node{s, func() any {
			l := []any{}
			for i := g.pick(3); i > 0; i-- {
				l = append(l, elem.value())
			}
			return l
		}}
	case 5:
		typ := []string{"string", "integer"}[g.pick(2)]
		return node{map[string]any{"type": "array", "x-kubernetes-list-type": "set", "items": map[string]any{"type": typ}}, func() any {
			l := []any{}
			for _, k := range keyPool {
				if g.pick(2) == 0 {
					if typ == "integer" {
						l = append(l, int64(len(k)+len(l)))
					} else {
						l = append(l, k)
					}
				}
			}
			if len(l) > 0 && g.pick(20) == 0 {
				l = append(l, l[0]) // a duplicate: both must refuse it alike
			}
			return l
		}}
	case 6, 7:
		return g.listMap(depth)
	case 8:
		n := g.object(depth)
		n.schema["x-kubernetes-preserve-unknown-fields"] = true
		known := n.value
		n.value = func() any {
			m := known().(map[string]any)
			if g.pick(2) == 0 {
				m["extra"+keyPool[g.pick(2)]] = g.anyValue(2)
			}
			return m
		}
		return n
	case 9:
		return node{map[string]any{"x-kubernetes-preserve-unknown-fields": true}, func() any { return g.anyValue(2) }}
	case 10:
		s := map[string]any{"type": "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true}
		return node{s, func() any {
			labels := map[string]any{}
			for i := g.pick(3); i > 0; i-- {
				labels[keyPool[g.pick(len(keyPool))]] = keyPool[g.pick(2)]
			}
			return map[string]any{"apiVersion": "v1", "kind": "ConfigMap",
				"metadata": map[string]any{"name": "m", "labels": labels}, "data": g.anyValue(1)}
		}}
	}
	return g.scalar()
}

// object is an object with a few properties, each set or not.
func (g *schemaGen) object(depth int) node {
	props := map[string]any{}
	values := map[string]func() any{}
	for i := 1 + g.pick(3); i > 0; i-- {
		name := fmt.Sprintf("f%d", g.pick(6))
		n := g.node(depth - 1)
		props[name], values[name] = n.schema, n.value
	}
	return node{map[string]any{"type": "object", "properties": props}, func() any {
		m := map[string]any{}
		for _, name := range slices.Sorted(maps.Keys(props)) {
			if g.pick(2) == 0 {
				m[name] = values[name]()
			}
		}
		return m
	}}
}

// listMap is a list-type map keyed by name (and a port defaulted by the
// schema, sometimes).
func (g *schemaGen) listMap(depth int) node {
	props := map[string]any{"name": map[string]any{"type": "string"}}
	keys := []any{"name"}
	withPort := g.pick(2) == 0
	if withPort {
		props["port"] = map[string]any{"type": "integer", "default": int64(80)}
		keys = append(keys, "port")
	}
	other := g.node(depth - 1)
	props["value"] = other.schema
	s := map[string]any{"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": keys,
		"items": map[string]any{"type": "object", "required": []any{"name"}, "properties": props}}
	return node{s, func() any {
		l := []any{}
		for _, k := range keyPool {
			if g.pick(2) != 0 {
				continue
			}
			e := map[string]any{"name": k}
			if withPort && g.pick(2) == 0 {
				e["port"] = []any{int64(80), int64(81)}[g.pick(2)]
			}
			if g.pick(2) == 0 {
				e["value"] = other.value()
			}
			l = append(l, e)
		}
		return l
	}}
}

// TestSSACRDRandom compares engine/serverside with the API server on
// random CRDs (the schema type, as TestSSACRDSchema) and, for each, random
// objects, managers and forcing (the CRD field manager, as
// TestSSACRDNamedCases); more under APPLYLENS_RANDOM=N.
func TestSSACRDRandom(t *testing.T) {
	n := randomCount(t)
	managers := []string{"kubectl", "ci", "mesh"}
	actions := map[string]int{}
	for seed := 0; seed < n; seed++ {
		g := &schemaGen{r: rand.New(rand.NewSource(int64(seed)))}
		spec, status := g.object(3), g.object(2)
		root := map[string]any{"type": "object", "properties": map[string]any{"spec": spec.schema, "status": status.schema}}
		if g.pick(4) == 0 {
			root["x-kubernetes-preserve-unknown-fields"] = true
		}
		// v2 is served or not; both have the status subresource.
		doc := crdDoc(t, "Widget", "widgets", mustJSON(root), "v1", []string{"v2", "v2:unserved"}[g.pick(2)])
		if errs := crdErrors(t, crdOf(t, doc)); errs != "" {
			t.Fatalf("seed %d: the generated CRD is invalid: %s\n%s", seed, errs, mustJSON(root))
		}
		crds := []map[string]any{doc}
		got, name, err := serverside.CustomResourceSchema(crds, "example.com/v1", "Widget")
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		kind, _ := got.FindNamedType(name)
		want := realSchemaType(t, crdOf(t, doc), schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Widget"})
		if g, w := atomYAML(t, kind.Atom), atomYAML(t, want.Atom); g != w {
			t.Fatalf("seed %d: type differs (%s):\n%s\nwant\n%s", seed, firstDiff(g, w), g, w)
		}
		// One version a scenario: applylens does not convert between them.
		apiVersion := []string{"example.com/v1", "example.com/v1", "example.com/v2"}[g.pick(3)]
		var steps []crdStep
		for i := 0; i < 5; i++ {
			o := customObject(apiVersion, "Widget", `"spec":{}`)
			o["spec"] = spec.value()
			if g.pick(3) == 0 {
				o["status"] = status.value() // never owned: the status subresource resets it
			}
			if root["x-kubernetes-preserve-unknown-fields"] == true && g.pick(2) == 0 {
				o["extra"] = g.anyValue(2)
			}
			step := crdStep{manager: managers[g.pick(len(managers))], force: g.pick(5) == 0, object: o}
			if i > 0 && g.pick(6) == 0 {
				step = crdStep{manager: "controller", update: true, object: o}
			}
			steps = append(steps, step)
		}
		if out := runCRDSteps(t, fmt.Sprintf("seed %d", seed), crds, steps); out != nil {
			actions[out.Action]++
		} else {
			actions["refused"]++
		}
		if t.Failed() {
			t.Logf("seed %d schema: %s", seed, mustJSON(root))
			return
		}
	}
	t.Logf("%d random CRDs, last actions %v", n, actions)
}
