package mergepatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
)

// crGen builds custom-resource-like documents and the edits between them,
// reproducibly from a seed. Numbers are json.Number so that each keeps the
// spelling it was given (1.0, 1e3, -0, integers beyond 2^53 and 2^63).
type crGen struct{ r *rand.Rand }

func newCRGen(seed uint64) *crGen {
	return &crGen{rand.New(rand.NewPCG(seed, seed*0x9e3779b97f4a7c15+1))}
}

// Spellings of numbers, grouped by the float64 they decode to, so that an
// edit can respell a number without changing it for json-patch.
var numberGroups = [][]string{
	{"0", "-0", "0.0", "-0.0", "0e5"},
	{"1", "1.0", "1e0", "10e-1"},
	{"2", "2.0"},
	{"-1", "-1.0"},
	{"42"},
	{"443", "4.43e2"},
	{"1000", "1e3", "1E3", "1000.0"},
	{"65535"},
	{"0.5", "5e-1", "0.50"},
	{"-0.25"},
	{"3.141592653589793"},
	{"1.5e-7", "0.00000015"},
	{"9007199254740992", "9007199254740993"},
	{"9223372036854775807", "9223372036854775808", "9.223372036854775807e18"},
	{"-9223372036854775808", "-9223372036854775809"},
	{"12345678901234567891", "12345678901234567890"},
	{"9223372036854774784", "9223372036854775000"},
	{"123456789012345678", "123456789012345680"},
	{"100000000000000000000", "1e20"},
	{"1e21", "1000000000000000000000"},
	{"1.7976931348623157e308"},
}

var words = []string{
	"", "a", "nginx", "web", "default", "example.com/v1", "true", "null", "1",
	"<b>&amp;</b>", "ünïcode ✓", "line\nbreak", "tab\there", "\u2028", `quote"d`,
}

var keys = []string{
	"name", "image", "replicas", "size", "enabled", "mode", "port", "host",
	"items", "config", "limits", "selector", "weight", "ratio", "tags", "x", "y",
	"a.b/c", "<key>", "",
}

func (g *crGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *crGen) number() json.Number {
	grp := numberGroups[g.r.IntN(len(numberGroups))]
	return json.Number(grp[g.r.IntN(len(grp))])
}

// respell gives another spelling of n, the same float64.
func (g *crGen) respell(n json.Number) json.Number {
	for _, grp := range numberGroups {
		for _, s := range grp {
			if s == string(n) {
				return json.Number(grp[g.r.IntN(len(grp))])
			}
		}
	}
	return n
}

func (g *crGen) scalar() any {
	switch g.r.IntN(10) {
	case 0, 1, 2, 3:
		return words[g.r.IntN(len(words))]
	case 4, 5, 6:
		return g.number()
	case 7, 8:
		return g.chance(0.5)
	}
	return nil
}

func (g *crGen) value(depth int) any {
	if depth <= 0 {
		return g.scalar()
	}
	switch g.r.IntN(10) {
	case 0, 1:
		return g.object(depth-1, 4)
	case 2:
		l := make([]any, g.r.IntN(4))
		for i := range l {
			l[i] = g.object(depth-1, 3)
		}
		return l
	case 3:
		l := make([]any, g.r.IntN(4))
		for i := range l {
			l[i] = g.scalar()
		}
		return l
	case 4:
		if g.chance(0.3) {
			return map[string]any{}
		}
	}
	return g.scalar()
}

func (g *crGen) object(depth, width int) map[string]any {
	m := map[string]any{}
	for n := g.r.IntN(width + 1); n > 0; n-- {
		m[keys[g.r.IntN(len(keys))]] = g.value(depth)
	}
	return m
}

// resource is a custom resource as a user would write it.
func (g *crGen) resource() map[string]any {
	md := map[string]any{"name": pickOf(g, "foo", "bar"), "namespace": "default"}
	if g.chance(0.7) {
		md["labels"] = map[string]any{"app": pickOf(g, "web", "db"), "tier": "backend"}
	}
	if g.chance(0.4) {
		md["annotations"] = map[string]any{"example.com/owner": "team-a"}
	}
	return map[string]any{
		"apiVersion": pickOf(g, "example.com/v1", "stable.example.com/v1beta1"),
		"kind":       pickOf(g, "Widget", "CronTab"),
		"metadata":   md,
		"spec":       g.object(3, 6),
	}
}

func pickOf[T any](g *crGen, xs ...T) T { return xs[g.r.IntN(len(xs))] }

// anyObject picks an object inside m (m itself included), at random.
func (g *crGen) anyObject(m map[string]any) map[string]any {
	for {
		var subs []map[string]any
		for _, k := range slices.Sorted(maps.Keys(m)) {
			switch t := m[k].(type) {
			case map[string]any:
				subs = append(subs, t)
			case []any:
				for _, e := range t {
					if o, ok := e.(map[string]any); ok {
						subs = append(subs, o)
					}
				}
			}
		}
		if len(subs) == 0 || g.chance(0.35) {
			return m
		}
		m = subs[g.r.IntN(len(subs))]
	}
}

// edit changes doc in n random places, the way a user edits a file or a
// controller drifts the live object.
func (g *crGen) edit(doc map[string]any, n int) {
	for ; n > 0; n-- {
		o := g.anyObject(doc)
		ks := slices.Sorted(maps.Keys(o))
		var k string
		if len(ks) > 0 && g.chance(0.7) {
			k = ks[g.r.IntN(len(ks))]
		} else {
			k = keys[g.r.IntN(len(keys))]
		}
		switch g.r.IntN(12) {
		case 0, 1:
			o[k] = g.value(2)
		case 2, 3:
			delete(o, k)
		case 4:
			o[k] = nil
		case 5:
			if num, ok := o[k].(json.Number); ok {
				o[k] = g.respell(num)
			} else {
				o[k] = g.number()
			}
		case 6:
			if l, ok := o[k].([]any); ok && len(l) > 0 {
				c := append([]any(nil), l...)
				i := g.r.IntN(len(c))
				if g.chance(0.5) {
					c = append(c[:i], c[i+1:]...)
				} else {
					c[i] = g.value(1)
				}
				o[k] = c
			} else {
				o[k] = []any{g.object(1, 3), nil}
			}
		case 7:
			o[k] = map[string]any{}
		case 8:
			o[k] = map[string]any{"x": nil, "y": nil}
		case 9:
			o[k] = map[string]any{"x": nil, "y": g.scalar(), "z": []any{map[string]any{"n": nil}}}
		case 10:
			o[k] = g.scalar()
		case 11:
			g.identity(doc)
		}
	}
}

// identity changes what kubectl requires unchanged, now and then.
func (g *crGen) identity(doc map[string]any) {
	if !g.chance(0.3) {
		return
	}
	switch g.r.IntN(4) {
	case 0:
		doc["apiVersion"] = "example.com/v2"
	case 1:
		delete(doc, "kind")
	case 2:
		if md, ok := doc["metadata"].(map[string]any); ok {
			md["name"] = "renamed"
		}
	case 3:
		if md, ok := doc["metadata"].(map[string]any); ok {
			delete(md, "name")
		}
	}
}

// serverFields adds what the API server keeps on a live object.
func (g *crGen) serverFields(doc map[string]any) {
	md, ok := doc["metadata"].(map[string]any)
	if !ok {
		md = map[string]any{}
		doc["metadata"] = md
	}
	md["uid"] = fmt.Sprintf("%08x-0000-4000-8000-000000000000", g.r.Uint32())
	md["resourceVersion"] = fmt.Sprint(g.r.IntN(100000))
	md["generation"] = json.Number(fmt.Sprint(1 + g.r.IntN(9)))
	md["creationTimestamp"] = "2024-01-01T00:00:00Z"
	if g.chance(0.5) {
		doc["status"] = map[string]any{"observedGeneration": g.number(), "conditions": []any{
			map[string]any{"type": "Ready", "status": "True", "reason": nil},
		}}
	}
}

// triple is original, modified and current as kubectl apply sees them.
func (g *crGen) triple() (original, modified, current []byte) {
	orig := g.resource()
	mod := cloneJSON(orig)
	g.edit(mod, 1+g.r.IntN(4))
	var cur map[string]any
	if g.chance(0.5) {
		cur = cloneJSON(orig)
	} else {
		cur = cloneJSON(mod)
	}
	g.serverFields(cur)
	g.edit(cur, g.r.IntN(3))
	original = mustJSON(orig)
	if g.chance(0.1) {
		original = nil // no last-applied annotation
	}
	return original, mustJSON(mod), mustJSON(cur)
}

// patch is an arbitrary merge patch for doc: sets, deletions and nested
// objects, with nulls where json-patch treats them specially.
func (g *crGen) patch(doc map[string]any) map[string]any {
	p := map[string]any{}
	for n := 1 + g.r.IntN(4); n > 0; n-- {
		k := keys[g.r.IntN(len(keys))]
		if ks := slices.Sorted(maps.Keys(doc)); len(ks) > 0 && g.chance(0.6) {
			k = ks[g.r.IntN(len(ks))]
		}
		switch g.r.IntN(5) {
		case 0:
			p[k] = nil
		case 1:
			if sub, ok := doc[k].(map[string]any); ok {
				p[k] = g.patch(sub)
				continue
			}
			p[k] = g.value(2)
		case 2:
			p[k] = map[string]any{"x": nil, "y": map[string]any{"z": nil}, "l": []any{nil, map[string]any{"n": nil}}}
		default:
			p[k] = g.value(2)
		}
	}
	return p
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// cloneJSON deep-copies m, each number keeping its spelling.
func cloneJSON(m map[string]any) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(mustJSON(m)))
	dec.UseNumber()
	var out map[string]any
	if err := dec.Decode(&out); err != nil {
		panic(err)
	}
	return out
}
