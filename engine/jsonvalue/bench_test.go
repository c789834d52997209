//go:build !js

package jsonvalue

import (
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
	kjson "k8s.io/apimachinery/pkg/util/json"
)

// BenchmarkDecode compares Decode with apimachinery's JSON reader on the
// live object of the large benchmark Deployment.
func BenchmarkDecode(b *testing.B) {
	data := gen.LargeDeployment().Current
	b.Run("engine", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := DecodeObject(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("apimachinery", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			m := map[string]any{}
			if err := kjson.Unmarshal(data, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEncode compares Encode with encoding/json, which kubectl uses.
func BenchmarkEncode(b *testing.B) {
	v, _ := DecodeObject(gen.LargeDeployment().Current)
	b.Run("engine", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Encode(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := jsonMarshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

var jsonMarshal = func(v any) ([]byte, error) { return stdMarshal(v) }
