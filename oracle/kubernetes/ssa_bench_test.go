package kubernetes

import (
	"os"
	"testing"

	"github.com/applylens/applylens/engine/jsonvalue"
	"github.com/applylens/applylens/engine/serverside"
	"github.com/applylens/applylens/oracle/kubernetes/ssaschema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"sigs.k8s.io/yaml"
)

// BenchmarkServerSideApply runs the server's part of one server-side
// apply (the field manager: merge, conflicts, managedFields) on samples'
// file and live object, side by side: /kubernetes is apimachinery's
// managedfields.FieldManager with the Kubernetes type converter,
// /engine is engine/serverside.ServerApply. Both are forced (no
// conflict error) and both copy their inputs.
//
//	cd oracle/kubernetes && go test -run '^$' -bench ServerSideApply -benchmem
func BenchmarkServerSideApply(b *testing.B) {
	tc := typeConverter(b)
	for _, name := range []string{"ssa-hpa-replicas-forced", "ssa-sidecar-other-manager", "ssa-migration", "walkthrough"} {
		file, live := sampleFile(b, name, "file.yaml"), sampleFile(b, name, "live.yaml")
		gvk := gvkOf(file)
		fm, err := managedfields.NewDefaultFieldManager(tc, unconverted{}, undefaulted{}, emptyCreater{}, gvk, gvk.GroupVersion(), "",
			ssaschema.ResetFilter(gvk.Kind))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/kubernetes", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := fm.Apply(unstr(live), unstr(file), "kubectl", true); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/engine", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := serverside.ServerApply(jsonvalue.CopyObject(live), jsonvalue.CopyObject(file), "kubectl", true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func sampleFile(b *testing.B, sample, file string) map[string]any {
	b.Helper()
	y, err := os.ReadFile("../../samples/" + sample + "/" + file)
	if err != nil {
		b.Fatal(err)
	}
	j, err := yaml.YAMLToJSON(y)
	if err != nil {
		b.Fatal(err)
	}
	obj, err := jsonvalue.DecodeObject(j)
	if err != nil {
		b.Fatal(err)
	}
	return obj
}
