package yamlemit_test

import (
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/applylens/applylens/engine/document"
	"github.com/applylens/applylens/engine/fieldpath"
	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/jsonvalue"
)

// BenchmarkRenderLarge renders the live object of the large apply (500
// containers, 2000 env vars): the way kubectl does (JSONToYAML) and with
// the emitter; indexed, then with the spans of every container's image.
func BenchmarkRenderLarge(b *testing.B) {
	j := gen.LargeDeployment().Current
	v, err := jsonvalue.Decode(j)
	if err != nil {
		b.Fatal(err)
	}
	var paths []string
	for i := range 500 {
		paths = append(paths, fieldpath.Key(fieldpath.Selector("spec.template.spec.containers", "name", "c"+pad3(i)), "image"))
	}
	b.Run("JSONToYAML", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := yaml.JSONToYAML(j); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RenderYAML", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := document.RenderYAML(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("JSONToYAML+LocateValue+spans", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			y, err := yaml.JSONToYAML(j)
			if err != nil {
				b.Fatal(err)
			}
			spanAll(b, document.LocateValue(string(y), v), paths)
		}
	})
	b.Run("RenderJSONIndexed+spans", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, ix, err := document.RenderJSONIndexed(j, v)
			if err != nil {
				b.Fatal(err)
			}
			spanAll(b, ix, paths)
		}
	})
}

func spanAll(b *testing.B, ix *document.Index, paths []string) {
	for _, p := range paths {
		if _, _, ok := ix.Span(p); !ok {
			b.Fatalf("no span for %s", p)
		}
	}
}

func pad3(i int) string {
	return string([]byte{byte('0' + i/100), byte('0' + i/10%10), byte('0' + i%10)})
}
