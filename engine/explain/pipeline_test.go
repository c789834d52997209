package explain

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/applylens/applylens/engine/internal/gen"
	"github.com/applylens/applylens/engine/kube"
	"github.com/applylens/applylens/engine/mergepatch"
	"github.com/applylens/applylens/engine/schema"
	"github.com/applylens/applylens/engine/strategic"
)

// TestPipeline runs every fixture through the project's own engine (the
// strategic and JSON merge packages on the generated Builtin schema), as
// the playground does: the engine must produce the fixture's patch and
// result, and Builtin must give the same steps as the fake schema.
func TestPipeline(t *testing.T) {
	for _, tc := range stepCases {
		in := build(t, tc.fixture)
		if in.Current == nil || in.Patch == nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			apiVersion, _ := in.Modified["apiVersion"].(string)
			kind, _ := in.Modified["kind"].(string)
			root, builtin := schema.Builtin.Root(apiVersion, kind)
			if builtin != (in.Schema != nil) {
				t.Fatalf("Builtin knows %s %s: %v; fixture schema: %v", apiVersion, kind, builtin, in.Schema != nil)
			}
			o, m, c := gen.EncodeObject(in.Original), gen.EncodeObject(in.Modified), gen.EncodeObject(in.Current)
			var patch, result []byte
			var err error
			if builtin {
				patch, err = strategic.CreateThreeWayMergePatch(o, m, c, root, true)
				if err == nil {
					result, err = strategic.StrategicMergePatch(c, patch, root)
				}
			} else {
				patch, err = mergepatch.CreateThreeWay(o, m, c)
				if err == nil {
					result, err = mergepatch.Apply(c, patch)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := decode(t, string(patch)); !reflect.DeepEqual(got, in.Patch) {
				t.Errorf("engine patch %s, fixture %s", patch, raw(in.Patch))
			}
			if got := decode(t, string(result)); !reflect.DeepEqual(got, in.Result) {
				t.Errorf("engine result %s, fixture %s", result, raw(in.Result))
			}
			if !builtin {
				return
			}
			real := in
			real.Schema = root
			if got, want := Steps(real), Steps(in); !reflect.DeepEqual(got, want) {
				t.Errorf("Builtin schema gives other steps than the fake:\n got %v\nwant %v", got, want)
			}
		})
	}
}

// TestPipelineCrossed mixes the Deployment fixtures' documents (one
// fixture's last-applied, another's file, a third's live object) to reach
// combinations no table lists; on each, every field the engine's patch
// changes must be explained by a step.
func TestPipelineCrossed(t *testing.T) {
	root, _ := schema.Builtin.Root("apps/v1", "Deployment")
	var docs []fixture
	for _, tc := range stepCases {
		if tc.live != "" && tc.original != "" && fakeSchema(decode(t, tc.file)["kind"].(string)) == fakeDeployment {
			docs = append(docs, tc.fixture)
		}
	}
	// Under WebAssembly and -short, a quarter of the combinations.
	stride := 1
	if testing.Short() || runtime.GOOS == "js" {
		stride = 4
	}
	runs, n := 0, 0
	for i, a := range docs {
		for j, b := range docs {
			for k, c := range docs {
				if n++; n%stride != 0 {
					continue
				}
				f := fixture{name: "crossed", original: a.original, file: b.file, live: c.live}
				in := build(t, f)
				in.Schema = root
				o, m, cur := gen.EncodeObject(in.Original), gen.EncodeObject(in.Modified), gen.EncodeObject(in.Current)
				patch, err := strategic.CreateThreeWayMergePatch(o, m, cur, root, true)
				if err != nil {
					continue
				}
				result, err := strategic.StrategicMergePatch(cur, patch, root)
				if err != nil {
					continue
				}
				in.Patch, in.Result = decode(t, string(patch)), decode(t, string(result))
				runs++
				steps := Steps(in)
				Warnings(in)
				var leaves []string
				patchLeaves(in, nil, in.Patch, &leaves)
				for _, leaf := range leaves {
					covered := false
					for _, s := range steps {
						if s.Phase <= kube.PhaseAnnotation && (leaf == s.Path || hasPrefixPath(leaf, s.Path) || hasPrefixPath(s.Path, leaf)) {
							covered = true
						}
					}
					if !covered {
						t.Errorf("original %d, file %d, live %d: patch %s changes %s, no step explains it", i, j, k, patch, leaf)
					}
				}
			}
		}
	}
	t.Logf("%d crossed runs", runs)
	if runs < 1000 {
		t.Errorf("only %d crossed runs", runs)
	}
}

func hasPrefixPath(long, short string) bool {
	return len(long) > len(short) && long[:len(short)] == short && (long[len(short)] == '.' || long[len(short)] == '[')
}
