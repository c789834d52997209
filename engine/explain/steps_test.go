package explain

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/applylens/applylens/engine/kube"
)

func TestSteps(t *testing.T) {
	for _, tc := range stepCases {
		t.Run(tc.name, func(t *testing.T) {
			in := build(t, tc.fixture)
			steps := Steps(in)
			var got []string
			for _, s := range steps {
				got = append(got, stepText(s))
				if s.Why == "" || !strings.HasSuffix(s.Why, ".") {
					t.Errorf("step %s: Why %q is not a sentence", stepText(s), s.Why)
				}
				if s.Rule == kube.RuleListMergeKey && s.MergeKey == "" {
					t.Errorf("step %s: list-merge-key without MergeKey", stepText(s))
				}
				for _, r := range []json.RawMessage{s.Old, s.New} {
					if r != nil && !json.Valid(r) {
						t.Errorf("step %s: invalid JSON %s", stepText(s), r)
					}
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("steps:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(tc.want, "\n     "))
			}
			if again := Steps(build(t, tc.fixture)); !reflect.DeepEqual(again, steps) {
				t.Errorf("Steps is not deterministic")
			}
		})
	}
}

func findStep(t *testing.T, steps []Step, phase int, path, action string) Step {
	t.Helper()
	for _, s := range steps {
		if s.Phase == phase && s.Path == path && s.Action == action {
			return s
		}
	}
	t.Fatalf("no step %d %s %s in %v", phase, path, action, steps)
	return Step{}
}

func caseByName(t *testing.T, prefix string) fixture {
	t.Helper()
	for _, tc := range stepCases {
		if strings.HasPrefix(tc.name, prefix) {
			return tc.fixture
		}
	}
	t.Fatalf("no case %q", prefix)
	return fixture{}
}

// TestStepValues checks the values and sentences a learner reads, on the
// documentation's walkthrough and containers example.
func TestStepValues(t *testing.T) {
	walk := Steps(build(t, caseByName(t, "walkthrough")))
	containers := Steps(build(t, caseByName(t, "list merge key: the documentation's")))
	create := Steps(build(t, caseByName(t, "create")))
	noAnn := Steps(build(t, caseByName(t, "no last-applied")))
	tests := []struct {
		name             string
		step             Step
		old, new, whyHas string
	}{
		{"walkthrough: minReadySeconds cleared from live", findStep(t, walk, kube.PhaseDelete, "spec.minReadySeconds", kube.StepClear), `5`, ``, "last-applied"},
		{"walkthrough: image set from the file", findStep(t, walk, kube.PhaseSet, "spec.template.spec.containers[name=nginx].image", kube.StepSet), `"nginx:1.14.2"`, `"nginx:1.16.1"`, "different value"},
		{"walkthrough: replicas kept, not managed", findStep(t, walk, kube.PhaseServer, "spec.replicas", kube.StepKeep), `2`, `2`, "kubectl scale"},
		{"walkthrough: server fields summarised", findStep(t, walk, kube.PhaseServer, "", kube.StepKeep), ``, ``, "metadata.creationTimestamp, metadata.generation, metadata.resourceVersion, metadata.uid, status"},
		{"walkthrough: the patch", findStep(t, walk, kube.PhasePatch, "", kube.StepSet), ``, string(raw(build(t, caseByName(t, "walkthrough")).Patch)), "one strategic merge patch"},
		{"walkthrough: setElementOrder", findStep(t, walk, kube.PhasePatch, "spec.template.spec.containers", kube.StepReorder), `["nginx"]`, `["nginx"]`, "$setElementOrder/containers"},
		{"containers: helper-a deleted", findStep(t, containers, kube.PhaseDelete, "spec.template.spec.containers[name=nginx-helper-a]", kube.StepDelete), `{"image":"helper:1.3","name":"nginx-helper-a"}`, ``, "$patch: delete"},
		{"containers: helper-c added", findStep(t, containers, kube.PhaseSet, "spec.template.spec.containers[name=nginx-helper-c]", kube.StepAdd), ``, `{"image":"helper:1.3","name":"nginx-helper-c"}`, "name nginx-helper-c"},
		{"containers: helper-b args kept", findStep(t, containers, kube.PhaseServer, "spec.template.spec.containers[name=nginx-helper-b].args", kube.StepKeep), `["run"]`, `["run"]`, "never managed"},
		{"containers: server order", findStep(t, containers, kube.PhaseServer, "spec.template.spec.containers", kube.StepReorder),
			`["nginx","nginx-helper-a","nginx-helper-b","nginx-helper-d"]`, `["nginx","nginx-helper-b","nginx-helper-d","nginx-helper-c"]`, "live neighbours"},
		{"create: the object", findStep(t, create, kube.PhaseSet, "", kube.StepSet), ``, `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\"},\"spec\":{\"minReadySeconds\":null,\"replicas\":2}}\n"},"name":"web"},"spec":{"replicas":2}}`, "creates it"},
		{"create: null pruned", findStep(t, create, kube.PhaseDelete, "spec.minReadySeconds", kube.StepClear), ``, ``, "annotation keeps the null"},
		{"no annotation: added", findStep(t, noAnn, kube.PhaseAnnotation, annotationPath, kube.StepSet), ``, `"{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"web\"},\"spec\":{\"minReadySeconds\":10,\"paused\":true}}\n"`, "no last-applied annotation yet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if string(tc.step.Old) != tc.old {
				t.Errorf("Old = %s, want %s", tc.step.Old, tc.old)
			}
			if string(tc.step.New) != tc.new {
				t.Errorf("New = %s, want %s", tc.step.New, tc.new)
			}
			if !strings.Contains(tc.step.Why, tc.whyHas) {
				t.Errorf("Why = %q, want it to mention %q", tc.step.Why, tc.whyHas)
			}
		})
	}
}

// patchLeaves lists the fields a strategic patch changes, as paths.
func patchLeaves(in Inputs, path Path, p map[string]any, out *[]string) {
	for _, k := range slices.Sorted(maps.Keys(p)) {
		v := p[k]
		switch {
		case k == directivePatch || k == directiveRetain || strings.HasPrefix(k, prefixSetOrder):
			continue
		case strings.HasPrefix(k, prefixDeleteFromP):
			*out = append(*out, path.Key(strings.TrimPrefix(k, prefixDeleteFromP)).String())
			continue
		}
		fp := path.Key(k)
		if in.Schema == nil {
			if m, ok := v.(map[string]any); ok {
				patchLeaves(in, fp, m, out)
			} else {
				*out = append(*out, fp.String())
			}
			continue
		}
		switch t := v.(type) {
		case map[string]any:
			patchLeaves(in, fp, t, out)
		case []any:
			if mk := mergeKeyAt(in, fp); mk != "" {
				for _, e := range t {
					val, _, _ := mergeKeyValue(e, mk)
					em := e.(map[string]any)
					ep := fp.Keyed(mk, val)
					if em[directivePatch] != nil || len(em) == 1 {
						*out = append(*out, ep.String())
						continue
					}
					rest := map[string]any{}
					for ek, ev := range em {
						if ek != mk {
							rest[ek] = ev
						}
					}
					before := len(*out)
					patchLeaves(in, ep, rest, out)
					if len(*out) == before {
						*out = append(*out, ep.String())
					}
				}
				continue
			}
			*out = append(*out, fp.String())
		default:
			*out = append(*out, fp.String())
		}
	}
}

// mergeKeyAt walks the schema along a path to the merge key of a list.
func mergeKeyAt(in Inputs, p Path) string {
	node := in.Schema
	for i, s := range p {
		if s.IsIndex || s.MergeKey != "" || node == nil {
			continue
		}
		last := i == len(p)-1
		n, meta, err := node.Field(s.Key)
		if i+1 < len(p) && p[i+1].MergeKey != "" || last {
			n, meta, err = node.Items(s.Key)
		}
		if err != nil {
			return ""
		}
		if last {
			if hasStrategy(meta, "merge") {
				return meta.MergeKey
			}
			return ""
		}
		node = n
	}
	return ""
}

// TestStepsCoverPatch checks both directions of "steps are the patch":
// every field the patch changes has a phase 1-3 step at it or above it,
// and every change step points into the patch.
func TestStepsCoverPatch(t *testing.T) {
	for _, tc := range stepCases {
		in := build(t, tc.fixture)
		if in.Patch == nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			steps := Steps(in)
			var leaves []string
			patchLeaves(in, nil, in.Patch, &leaves)
			for _, leaf := range leaves {
				covered := false
				for _, s := range steps {
					if s.Phase <= kube.PhaseAnnotation && (leaf == s.Path || strings.HasPrefix(leaf, s.Path+".") || strings.HasPrefix(leaf, s.Path+"[") ||
						strings.HasPrefix(s.Path, leaf+"[")) {
						covered = true
					}
				}
				if !covered {
					t.Errorf("patch changes %s but no step explains it", leaf)
				}
			}
			for _, s := range steps {
				if s.Phase > kube.PhaseAnnotation || s.Rule == kube.RuleCreate {
					continue
				}
				found := false
				for _, leaf := range leaves {
					if leaf == s.Path || strings.HasPrefix(leaf, s.Path+".") || strings.HasPrefix(leaf, s.Path+"[") ||
						strings.HasPrefix(s.Path, leaf+"[") {
						found = true
					}
				}
				if !found {
					t.Errorf("step %s claims a change the patch does not make", stepText(s))
				}
			}
		})
	}
}

func TestStepsOverwriteFalseClaimsNothing(t *testing.T) {
	in := build(t, caseByName(t, "walkthrough"))
	in.Overwrite = &no
	in.Patch, in.Result = nil, nil
	if got := Steps(in); len(got) != 0 {
		t.Errorf("Steps without a patch = %v, want none", got)
	}
}

func TestStepsOverwriteFalseWithPatch(t *testing.T) {
	in := build(t, caseByName(t, "walkthrough"))
	in.Overwrite = &no
	s := findStep(t, Steps(in), kube.PhasePatch, "", kube.StepSet)
	if !strings.Contains(s.Why, "--overwrite=false") {
		t.Errorf("patch step with --overwrite=false: Why = %q", s.Why)
	}
}
