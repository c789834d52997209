package schema

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"sort"
)

// The encoded form keeps the generated table small in the WebAssembly
// download: about a fifth of the same table as Go composite literals, and
// half of it compressed. Strings are stored once and decoded as substrings
// of the encoding, so decoding copies no text.
//
// Layout, all integers unsigned varints:
//
//	version (1)
//	string count, then each string: length, bytes (sorted)
//	type count, then each type: kind<<3 | package<<2 | name<<1 |
//	unmarshaler, the name string when named, the package string when
//	qualified, then
//	    Struct: field count, then each field:
//	            name string, type<<2 | via<<1 | omitempty, strategies
//	            string, merge key string, then when via is set the via
//	            string
//	    Pointer, Slice, Array: elem type
//	    Map: elem type + 1, 0 when the table keeps none
//	kind count, then each kind: apiVersion string, kind string, type
//
// ByName is not stored; Decode sorts it.
const tableVersion = 3

// Encode returns s in the compact form Decode reads.
func (s *Schema) Encode() string {
	s.load()
	index := map[string]uint64{}
	var strs []string
	add := func(x string) {
		if _, ok := index[x]; !ok {
			index[x] = 0
			strs = append(strs, x)
		}
	}
	for _, t := range s.Types {
		add(t.Name)
		add(t.Pkg)
		if t.Kind == reflect.Struct {
			for _, f := range t.Fields {
				add(f.Name)
				add(f.Via)
				add(f.Strategies)
				add(f.MergeKey)
			}
		}
	}
	for _, k := range s.Kinds {
		add(k.APIVersion)
		add(k.Kind)
	}
	sort.Strings(strs)
	for i, x := range strs {
		index[x] = uint64(i)
	}

	b := binary.AppendUvarint(nil, tableVersion)
	b = binary.AppendUvarint(b, uint64(len(strs)))
	for _, x := range strs {
		b = binary.AppendUvarint(b, uint64(len(x)))
		b = append(b, x...)
	}
	b = binary.AppendUvarint(b, uint64(len(s.Types)))
	for _, t := range s.Types {
		kind := uint64(t.Kind) << 3
		if t.Unmarshaler {
			kind |= 1
		}
		if t.Name != "" {
			kind |= 2
		}
		if t.Pkg != "" {
			kind |= 4
		}
		b = binary.AppendUvarint(b, kind)
		if t.Name != "" {
			b = binary.AppendUvarint(b, index[t.Name])
		}
		if t.Pkg != "" {
			b = binary.AppendUvarint(b, index[t.Pkg])
		}
		switch t.Kind {
		case reflect.Struct:
			b = binary.AppendUvarint(b, uint64(len(t.Fields)))
			for _, f := range t.Fields {
				b = binary.AppendUvarint(b, index[f.Name])
				flags := uint64(0)
				if f.OmitEmpty {
					flags |= 1
				}
				if f.Via != "" {
					flags |= 2
				}
				b = binary.AppendUvarint(b, uint64(f.Type)<<2|flags)
				b = binary.AppendUvarint(b, index[f.Strategies])
				b = binary.AppendUvarint(b, index[f.MergeKey])
				if f.Via != "" {
					b = binary.AppendUvarint(b, index[f.Via])
				}
			}
		case reflect.Pointer, reflect.Slice, reflect.Array:
			b = binary.AppendUvarint(b, uint64(t.Elem))
		case reflect.Map:
			b = binary.AppendUvarint(b, uint64(t.Elem+1)) // 0: none kept
		}
	}
	b = binary.AppendUvarint(b, uint64(len(s.Kinds)))
	for _, k := range s.Kinds {
		b = binary.AppendUvarint(b, index[k.APIVersion])
		b = binary.AppendUvarint(b, index[k.Kind])
		b = binary.AppendUvarint(b, uint64(k.Type))
	}
	return string(b)
}

// ErrCorrupt reports an encoded table Decode cannot read.
type ErrCorrupt struct {
	Offset int
	Reason string
}

func (e *ErrCorrupt) Error() string {
	return fmt.Sprintf("schema table: %s at byte %d", e.Reason, e.Offset)
}

var errShort = errors.New("short")

// Decode reads a table written by Encode, checking every index in it.
func Decode(data string) (*Schema, error) {
	d := decoder{data: data}
	s, err := d.schema()
	if err != nil {
		if err == errShort {
			return nil, &ErrCorrupt{d.pos, "unexpected end"}
		}
		return nil, err
	}
	return s, nil
}

type decoder struct {
	data string
	pos  int
}

func (d *decoder) uint() (uint64, error) {
	var x uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if d.pos >= len(d.data) {
			return 0, errShort
		}
		c := d.data[d.pos]
		d.pos++
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, &ErrCorrupt{d.pos, "varint overflow"}
}

// count reads a length that must not exceed max.
func (d *decoder) count(max int, what string) (int, error) {
	at := d.pos
	x, err := d.uint()
	if err != nil {
		return 0, err
	}
	if max < 0 || x > uint64(max) {
		return 0, &ErrCorrupt{at, what + " out of range"}
	}
	return int(x), nil
}

func (d *decoder) schema() (*Schema, error) {
	if v, err := d.uint(); err != nil || v != tableVersion {
		if err != nil {
			return nil, err
		}
		return nil, &ErrCorrupt{0, fmt.Sprintf("version %d, want %d", v, tableVersion)}
	}
	n, err := d.count(len(d.data), "string count")
	if err != nil {
		return nil, err
	}
	strs := make([]string, n)
	for i := range strs {
		at := d.pos
		l, err := d.uint()
		if err != nil {
			return nil, err
		}
		if l > uint64(len(d.data)-d.pos) {
			return nil, &ErrCorrupt{at, "string length out of range"}
		}
		strs[i] = d.data[d.pos : d.pos+int(l)]
		d.pos += int(l)
	}
	str := func() (string, error) {
		i, err := d.count(len(strs)-1, "string index")
		if err != nil {
			return "", err
		}
		return strs[i], nil
	}

	nt, err := d.count(len(d.data)-d.pos, "type count")
	if err != nil {
		return nil, err
	}
	typ := func() (int32, error) {
		i, err := d.count(nt-1, "type index")
		return int32(i), err
	}
	fieldType := func() (int32, bool, bool, error) {
		i, err := d.count(4*nt-1, "type index")
		return int32(i >> 2), i&1 == 1, i&2 == 2, err
	}
	s := &Schema{}
	if nt > 0 {
		s.Types = make([]Type, nt)
	}
	// Fields of all types share one array, sized by a first guess and
	// grown as needed; slices are cut once it is final.
	var fields []Field
	starts := make([]int, nt+1)
	for i := range s.Types {
		t := &s.Types[i]
		starts[i] = len(fields)
		at := d.pos
		k, err := d.count(int(reflect.UnsafePointer)<<3|7, "kind")
		if err != nil {
			return nil, err
		}
		t.Kind, t.Unmarshaler, t.Elem = reflect.Kind(k>>3), k&1 == 1, -1
		if t.Kind == reflect.Invalid {
			return nil, &ErrCorrupt{at, "invalid kind"}
		}
		if k&2 == 2 {
			if t.Name, err = str(); err != nil {
				return nil, err
			}
		}
		if k&4 == 4 {
			if t.Pkg, err = str(); err != nil {
				return nil, err
			}
		}
		switch t.Kind {
		case reflect.Struct:
			nf, err := d.count(1<<16, "field count")
			if err != nil {
				return nil, err
			}
			for range nf {
				var f Field
				if f.Name, err = str(); err != nil {
					return nil, err
				}
				var via bool
				if f.Type, f.OmitEmpty, via, err = fieldType(); err != nil {
					return nil, err
				}
				if f.Strategies, err = str(); err != nil {
					return nil, err
				}
				if f.MergeKey, err = str(); err != nil {
					return nil, err
				}
				if via {
					if f.Via, err = str(); err != nil {
						return nil, err
					}
				}
				fields = append(fields, f)
			}
		case reflect.Pointer, reflect.Slice, reflect.Array:
			if t.Elem, err = typ(); err != nil {
				return nil, err
			}
		case reflect.Map:
			e, err := d.count(nt, "type index")
			if err != nil {
				return nil, err
			}
			t.Elem = int32(e) - 1
		}
	}
	starts[nt] = len(fields)
	byName := make([]uint16, len(fields))
	for i := range s.Types {
		t := &s.Types[i]
		lo, hi := starts[i], starts[i+1]
		if lo == hi {
			continue
		}
		t.Fields = fields[lo:hi:hi]
		t.ByName = byName[lo:hi:hi]
		sortByName(t)
	}

	nk, err := d.count(len(d.data)-d.pos, "kind count")
	if err != nil {
		return nil, err
	}
	if nk > 0 {
		s.Kinds = make([]Kind, nk)
	}
	for i := range s.Kinds {
		k := &s.Kinds[i]
		at := d.pos
		if k.APIVersion, err = str(); err != nil {
			return nil, err
		}
		if k.Kind, err = str(); err != nil {
			return nil, err
		}
		if k.Type, err = typ(); err != nil {
			return nil, err
		}
		if i > 0 {
			p := &s.Kinds[i-1]
			if p.APIVersion > k.APIVersion || (p.APIVersion == k.APIVersion && p.Kind >= k.Kind) {
				return nil, &ErrCorrupt{at, "kinds not sorted"}
			}
		}
	}
	if d.pos != len(d.data) {
		return nil, &ErrCorrupt{d.pos, "trailing data"}
	}
	return s, nil
}

// sortByName fills t.ByName. Structs have few fields, and insertion sort
// needs no closure.
func sortByName(t *Type) {
	for i := range t.ByName {
		t.ByName[i] = uint16(i)
	}
	for i := 1; i < len(t.ByName); i++ {
		x := t.ByName[i]
		j := i
		for ; j > 0 && t.Fields[t.ByName[j-1]].Name > t.Fields[x].Name; j-- {
			t.ByName[j] = t.ByName[j-1]
		}
		t.ByName[j] = x
	}
}
