package samples

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// releasedIDs are the ids of every sample ever released. A sample's id is
// its address, index.html#example=<id>, used by share links, embeds and
// other sites' documentation: it never changes and never goes away. Add
// new samples here when they are added; never remove or rename a line.
var releasedIDs = []string{
	// The first 24, released with the examples menu.
	"walkthrough", "create", "unchanged", "explicit-null", "sidecar-injected",
	"env-merge", "containers-ordering", "finalizers", "args-replaced",
	"tolerations-replaced", "strategy-recreate", "volumes-retainkeys",
	"no-annotation", "replicas-removed", "annotation-bool",
	"service-ports-tcp-udp", "container-ports", "topology-spread",
	"duplicate-merge-keys", "quantity", "secret-stringdata", "overwrite-false",
	"custom-resource", "big-integer",
	// Workloads, released with the gallery.
	"pod-init-containers", "replicaset-frontend", "statefulset-partition",
	"daemonset-tolerations", "job-ttl", "cronjob-jobtemplate",
	"hpa-replicas-reset", "hpa-replicas-fixed", "hpa-metrics",
	// Timelines (the page's ids are "timeline-" and these), released with
	// the Timeline mode.
	"timeline-walkthrough", "timeline-defaulting-pitfall", "timeline-clear-with-null",
	"timeline-replicas-ownership", "timeline-migrate-from-create",
	"timeline-leave-declarative", "timeline-selector-change",
	"timeline-prune-directory", "timeline-crd-cluster-scoped",
	// Released with server-side apply in the Timeline mode.
	"timeline-server-side-conflict",
	"timeline-server-side-list-map",
	// Server-side apply, released with the page's apply switch.
	"ssa-hpa-replicas-conflict", "ssa-hpa-replicas-forced", "ssa-sidecar-other-manager",
	"ssa-ports-tcp-udp", "ssa-duplicate-env", "ssa-migration",
	"ssa-field-kept-other-owner", "ssa-force-conflicts",
	// Released with kubectl's migration requests as writes of their own.
	"timeline-server-side-migration",
	// Released with a file naming another namespace as its own outcome.
	"namespace-elsewhere",
	// Released with a file naming another name as that outcome too.
	"name-elsewhere",
	// Released with kubectl apply -k in the Timeline mode.
	"timeline-kustomize-overlay-prune",
	// Kustomize samples, released with the Kustomize mode (issue 21).
	"kustomize-base-two-overlays", "kustomize-generator-rollout", "kustomize-crd-list-replaced",
	"kustomize-crd-list-openapi", "kustomize-patch-replace-list", "kustomize-patch-replace-element",
	"kustomize-annotation-drops-containers", "kustomize-target-no-match",
	"kustomize-json6902-vs-strategic", "kustomize-namespace-prefix-references",
	"kustomize-labels-selectors", "kustomize-images", "kustomize-keyed-list-order",
	"kustomize-generator-merge-overlay", "kustomize-components", "kustomize-openapi-replaces-builtin",
	"kustomize-replacements-image-tag",
	// Released with keyed lists walked as kyaml walks them.
	"kustomize-port-without-protocol",
}

// validID is what an id may look like: it is put in URLs as it is.
var validID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func TestReleasedIDsStay(t *testing.T) {
	var ids []string
	for _, s := range All() {
		ids = append(ids, s.ID)
	}
	for _, tl := range Timelines() {
		ids = append(ids, "timeline-"+tl.ID)
	}
	for _, k := range KustomizeSamples() {
		ids = append(ids, k.ID)
	}
	if dup := duplicateIDs(ids); len(dup) > 0 {
		t.Errorf("ids used twice (a timeline and a sample share an address): %v", dup)
	}
	for _, id := range releasedIDs {
		if !slices.Contains(ids, id) {
			t.Errorf("sample %q was released and is gone (renamed or removed): its links, #example=%s, would break. Bring it back.", id, id)
		}
	}
	for _, id := range ids {
		if !slices.Contains(releasedIDs, id) {
			t.Errorf("sample %q is not in releasedIDs: add it (ids_test.go), and never rename it afterwards", id)
		}
		if !validID.MatchString(id) {
			t.Errorf("sample id %q is not lower-case words joined by hyphens", id)
		}
	}
	if len(All()) < 32 {
		t.Errorf("%d samples, want at least 32", len(ids))
	}
}

func TestCategories(t *testing.T) {
	used := map[string]int{}
	for _, s := range All() {
		used[s.Category]++
	}
	for _, c := range Categories {
		if used[c.ID] == 0 {
			t.Errorf("category %q has no sample", c.ID)
		}
	}
	// The page's gallery lists the same categories (and may have more,
	// such as timelines, whose items come from elsewhere).
	js, err := os.ReadFile(filepath.Join("..", "web", "gallery", "categories.js"))
	if err != nil {
		t.Fatal(err)
	}
	var page []string
	for _, m := range regexp.MustCompile(`\{\s*id:\s*'([a-z-]+)'`).FindAllStringSubmatch(string(js), -1) {
		page = append(page, m[1])
	}
	var want []string
	for _, c := range Categories {
		want = append(want, c.ID)
	}
	// The modes' samples come after the single-apply ones: the
	// Timeline's, then the Kustomize mode's.
	if !slices.Contains(page, TimelinesCategory) || !slices.Contains(page, KustomizeCategory) ||
		slices.Index(page, KustomizeCategory) < slices.Index(page, TimelinesCategory) {
		t.Errorf("web/gallery/categories.js lists %v; it must list %q, then %q", page, TimelinesCategory, KustomizeCategory)
	}
	var common []string
	for _, id := range page {
		if slices.Contains(want, id) {
			common = append(common, id)
		}
	}
	if !slices.Equal(common, want) {
		t.Errorf("web/gallery/categories.js lists %v; it must list every category of samples.Categories, in that order: %v", page, want)
	}
}

func duplicateIDs(ids []string) []string {
	seen := map[string]bool{}
	var dup []string
	for _, id := range ids {
		if seen[id] {
			dup = append(dup, id)
		}
		seen[id] = true
	}
	return dup
}
