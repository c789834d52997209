package gen

import (
	"encoding/json"
	"math/rand/v2"
)

// Obj is a JSON object under construction.
type Obj = map[string]any

// List is a JSON array under construction.
type List = []any

// rng wraps the seeded source with the few draws the builders need.
type rng struct{ *rand.Rand }

func newRNG(seed uint64) rng {
	// The second PCG word is fixed so a seed alone names a case.
	return rng{rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// chance reports true with probability p.
func (r rng) chance(p float64) bool { return r.Float64() < p }

func pick[T any](r rng, xs ...T) T { return xs[r.IntN(len(xs))] }

// Clone deep-copies a JSON tree, so edits never alias the document they
// started from.
func Clone(v any) any {
	switch t := v.(type) {
	case Obj:
		c := make(Obj, len(t))
		for k, e := range t {
			c[k] = Clone(e)
		}
		return c
	case List:
		c := make(List, len(t))
		for i, e := range t {
			c[i] = Clone(e)
		}
		return c
	default:
		return v
	}
}

// Encode renders a tree as kubectl does (sorted keys); nil encodes to nil
// bytes, meaning "no document".
func Encode(v any) []byte {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		// Builders only produce JSON-representable values.
		panic("gen: " + err.Error())
	}
	return b
}

// EncodeObject is Encode for an object, where a nil map is no document
// (nil) too, as upstream's test tables write a missing one.
func EncodeObject(m map[string]any) []byte {
	if m == nil {
		return nil
	}
	return Encode(m)
}

// path walks nested objects, creating missing ones, and returns the last.
func path(o Obj, keys ...string) Obj {
	for _, k := range keys {
		n, ok := o[k].(Obj)
		if !ok {
			n = Obj{}
			o[k] = n
		}
		o = n
	}
	return o
}

// lookup walks nested objects without creating anything.
func lookup(o Obj, keys ...string) (Obj, bool) {
	for _, k := range keys {
		n, ok := o[k].(Obj)
		if !ok {
			return nil, false
		}
		o = n
	}
	return o, true
}

// objs returns the elements of o[key] that are objects, with their indexes.
func objs(o Obj, key string) ([]Obj, []int) {
	l, _ := o[key].(List)
	var out []Obj
	var idx []int
	for i, e := range l {
		if m, ok := e.(Obj); ok {
			out = append(out, m)
			idx = append(idx, i)
		}
	}
	return out, idx
}

// removeAt deletes element i of o[key], dropping the key when the list
// empties (as a user deleting the last line of a list would).
func removeAt(o Obj, key string, i int) {
	l := o[key].(List)
	l = append(l[:i:i], l[i+1:]...)
	if len(l) == 0 {
		delete(o, key)
		return
	}
	o[key] = l
}

// appendTo adds v to the list o[key], creating it.
func appendTo(o Obj, key string, v any) {
	l, _ := o[key].(List)
	o[key] = append(l, v)
}

// shuffle permutes o[key] if it is a list.
func shuffle(r rng, o Obj, key string) {
	if l, ok := o[key].(List); ok {
		r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	}
}
