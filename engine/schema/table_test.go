package schema_test

import (
	"errors"
	"reflect"
	"testing"

	. "github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/schema/schemagen"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	tests := []struct {
		name   string
		schema *Schema
	}{
		{"kubectl scheme", schemagen.Build(kubectlRoots())},
		{"corners", schemagen.ForType(reflect.TypeOf(corners{})).(*Ref).S},
		{"scalar", schemagen.ForType(reflect.TypeOf(0)).(*Ref).S},
		{"empty", &Schema{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.schema.Encode()
			got, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Types, tt.schema.Types) {
				t.Error("decoded Types differ from encoded ones")
			}
			if !reflect.DeepEqual(got.Kinds, tt.schema.Kinds) {
				t.Error("decoded Kinds differ from encoded ones")
			}
			if again := got.Encode(); again != data {
				t.Error("re-encoding differs")
			}
		})
	}
}

func TestBuiltinIsKubectlSchemeTable(t *testing.T) {
	want := schemagen.Build(kubectlRoots())
	Builtin.Root("v1", "Pod") // decodes the table
	if !reflect.DeepEqual(Builtin.Types, want.Types) || !reflect.DeepEqual(Builtin.Kinds, want.Kinds) {
		t.Fatal("Builtin differs from the table built from kubectl's scheme: run ./scripts/generate")
	}
}

func TestDecodeRejectsCorruptTables(t *testing.T) {
	good := schemagen.ForType(reflect.TypeOf(corners{})).(*Ref).S.Encode()
	tests := []struct {
		name   string
		data   string
		reason string
	}{
		{"empty", "", "unexpected end"},
		{"wrong version", "\x02" + good[1:], "version 2, want 3"},
		{"trailing byte", good + "\x00", "trailing data"},
		{"varint overflow", "\x03\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", "varint overflow"},
		{"string count too large", "\x03\xff\x7f", "string count out of range"},
		{"string too long", "\x03\x01\x05ab", "string length out of range"},
		{"no types", "\x03\x00", "unexpected end"},
		{"type index out of range", "\x03\x00\x01\xb8\x01\x05\x00", "type index out of range"}, // a slice of type 5
		{"invalid kind", "\x03\x00\x01\x00\x00", "invalid kind"},
		{"kind too large", "\x03\x00\x01\xe0\x01\x00", "kind out of range"},
		{"string index out of range", "\x03\x00\x01\xca\x01\x00\x00", "string index out of range"}, // a struct named string 0 of none
		{"unsorted kinds", "\x03\x02\x01a\x01b\x01\xc0\x01\x02\x01\x01\x00\x00\x00\x00", "kinds not sorted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Decode(tt.data)
			var corrupt *ErrCorrupt
			if !errors.As(err, &corrupt) {
				t.Fatalf("Decode = %v, %v; want *ErrCorrupt", s, err)
			}
			if corrupt.Reason != tt.reason {
				t.Errorf("reason %q, want %q", corrupt.Reason, tt.reason)
			}
		})
	}
	// Every truncation fails cleanly, and no single-byte change panics.
	for i := range len(good) {
		if _, err := Decode(good[:i]); err == nil {
			t.Errorf("truncation to %d bytes decoded", i)
		}
		b := []byte(good)
		b[i] ^= 0x5a
		Decode(string(b)) // must not panic
	}
}
