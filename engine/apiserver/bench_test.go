package apiserver

import (
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
)

// BenchmarkCreate is the work the simulated cluster does per created
// Deployment: defaulting, the strategy, validation.
func BenchmarkCreate(b *testing.B) {
	src, err := jsonvalue.DecodeObject([]byte(nginxDeployment))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		obj := jsonvalue.CopyObject(src)
		Default(obj)
		PrepareForCreate(obj)
		if err := Validate(obj, nil); err != nil {
			b.Fatal(err.Message)
		}
	}
}
