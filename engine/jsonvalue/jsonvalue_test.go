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

func TestCopyMatchesDecodedCapacities(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 5, 8, 9, 17, 100, 1000, 1024, 1025, 5000} {
		list := "["
		for i := range n {
			if i > 0 {
				list += ","
			}
			list += "1"
		}
		list += "]"
		decoded, err := Decode([]byte(list))
		if err != nil {
			t.Fatal(err)
		}
		copied := Copy(decoded).([]any)
		if cap(copied) != cap(decoded.([]any)) || len(copied) != n {
			t.Errorf("n=%d: copy cap %d, decoded cap %d", n, cap(copied), cap(decoded.([]any)))
		}
	}
	orig := map[string]any{"a": []any{map[string]any{"b": int64(1)}}}
	c := CopyObject(orig)
	c["a"].([]any)[0].(map[string]any)["b"] = int64(2)
	if orig["a"].([]any)[0].(map[string]any)["b"] != int64(1) {
		t.Fatal("Copy shares nested maps")
	}
}

func TestKeys(t *testing.T) {
	for _, tc := range []struct {
		name    string
		objects []map[string]any
		want    []string
	}{
		{"none", nil, []string{}},
		{"one object, sorted", []map[string]any{{"b": 1, "a": nil, "c": "x"}}, []string{"a", "b", "c"}},
		{"a key of both objects once", []map[string]any{{"b": 1, "z": 2}, {"a": 1, "b": 2}}, []string{"a", "b", "z"}},
		{"a nil object has none", []map[string]any{nil, {"a": 1}}, []string{"a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Keys(tc.objects...); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Keys = %q, want %q", got, tc.want)
			}
		})
	}
}
