package jsonvalue

import (
	"reflect"
	"testing"
)

func TestDecode(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		want    any
		wantErr bool
	}{
		{"int", `1`, int64(1), false},
		{"float with point", `3.0`, float64(3), false},
		{"exponent", `1e3`, float64(1000), false},
		{"beyond int64", `9223372036854775808`, float64(9223372036854775808), false},
		{"nested", `{"a":[1,2.5,"x",true,null]}`, map[string]any{"a": []any{int64(1), 2.5, "x", true, nil}}, false},
		{"trailing junk", `{} x`, nil, true},
		{"two documents", `{} {}`, nil, true},
		{"empty", ``, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Decode([]byte(c.in))
			if (err != nil) != c.wantErr {
				t.Fatalf("error %v, want error %v", err, c.wantErr)
			}
			if err != nil {
				if err.Error() == "" {
					t.Fatal("empty error message")
				}
				return
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

func TestDecodeObject(t *testing.T) {
	if m, err := DecodeObject([]byte("null")); err != nil || m != nil {
		t.Fatalf("null: %v %v", m, err)
	}
	if _, err := DecodeObject([]byte("[1]")); err == nil {
		t.Fatal("a list decoded as an object")
	}
}
