//go:build !js

package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/kubectl/pkg/scheme"
	"k8s.io/kubectl/pkg/util"
)

// BenchmarkApply runs a whole apply on the scenarios of testdata/perf
// through kubectl's own code (/kubectl) and through the engine (/engine),
// on the same bytes. The engine's figure also includes the step trace and
// warnings, which kubectl does not compute. /ratio runs the two in turn,
// one after the other in every iteration, so that the load of a shared
// machine weighs on both alike, and reports kubectl's time over the
// engine's as "x-kubectl" (higher is better; its ns/op is the two
// together). Figures: docs/performance.md.
func BenchmarkApply(b *testing.B) {
	for _, sc := range perfScenarios(b) {
		in := sc.in
		if err := kubectlPipeline(in); err != nil {
			b.Fatalf("%s: kubectl: %v", sc.name, err)
		}
		b.Run(sc.name+"/kubectl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := kubectlPipeline(in); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(sc.name+"/engine", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Apply(in); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(sc.name+"/ratio", func(b *testing.B) {
			var kubectl, engine time.Duration
			for b.Loop() {
				t0 := time.Now()
				if err := kubectlPipeline(in); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if _, err := Apply(in); err != nil {
					b.Fatal(err)
				}
				kubectl += t1.Sub(t0)
				engine += time.Since(t1)
			}
			b.ReportMetric(float64(kubectl)/float64(engine), "x-kubectl")
		})
	}
}

// kubectlPipeline is what `kubectl apply --dry-run=client` computes for the
// three texts, with the text of the last-applied pane standing for the
// annotation and that of the live pane for the server's answer: each text
// decoded as kubectl's resource builder decodes a file (apimachinery's
// YAMLOrJSONDecoder: JSON with a JSON decoder, YAML through
// sigs.k8s.io/yaml), the new annotation, the three-way strategic patch
// and its application.
func kubectlPipeline(in Input) error {
	file, _, err := kubectlDecode(in.File)
	if err != nil {
		return err
	}
	live, current, err := kubectlDecode(in.Live)
	if err != nil {
		return err
	}
	_, original, err := kubectlDecode(in.LastApplied)
	if err != nil {
		return err
	}
	_ = live
	modified, err := util.GetModifiedConfiguration(file, true, unstructured.UnstructuredJSONScheme)
	if err != nil {
		return err
	}
	versioned, err := scheme.Scheme.New(file.GroupVersionKind())
	if err != nil {
		return err
	}
	lookup, err := strategicpatch.NewPatchMetaFromStruct(versioned)
	if err != nil {
		return err
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookup, true)
	if err != nil {
		return err
	}
	_, err = strategicpatch.StrategicMergePatch(current, patch, versioned)
	return err
}

// kubectlDecode reads the one object of a text as resource.StreamVisitor
// does, returning it and its JSON.
func kubectlDecode(text string) (*unstructured.Unstructured, []byte, error) {
	d := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader([]byte(text)), 4096)
	for {
		var ext runtime.RawExtension
		if err := d.Decode(&ext); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, nil, fmt.Errorf("no object")
			}
			return nil, nil, err
		}
		ext.Raw = bytes.TrimSpace(ext.Raw)
		if len(ext.Raw) == 0 || bytes.Equal(ext.Raw, []byte("null")) {
			continue
		}
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(ext.Raw, nil, nil)
		if err != nil {
			return nil, nil, err
		}
		return obj.(*unstructured.Unstructured), ext.Raw, nil
	}
}
