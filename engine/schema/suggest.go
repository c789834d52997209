package schema

import (
	"sort"
	"strings"
)

// maxSuggestions bounds Suggest's answer: a hint, not a catalogue.
const maxSuggestions = 5

// KindNames returns the distinct kind names of s, sorted.
func (s *Schema) KindNames() []string {
	s.load()
	var names []string
	seen := map[string]bool{}
	for _, k := range s.Kinds {
		if !seen[k.Kind] {
			seen[k.Kind] = true
			names = append(names, k.Kind)
		}
	}
	sort.Strings(names)
	return names
}

// Suggest returns the kinds of s a user may have meant by an apiVersion and
// kind that s does not have, best first: the kind under other apiVersions
// (an old "extensions/v1beta1" Deployment), or kinds spelled nearly alike
// ("Deploymnet"). Among equally near kinds, those of the same API group
// come first, then stable versions before beta and alpha ones. It returns
// nil when s has the kind, or nothing is near.
func (s *Schema) Suggest(apiVersion, kind string) []Kind {
	if _, ok := s.Root(apiVersion, kind); ok {
		return nil
	}
	want := strings.ToLower(kind)
	limit := 1
	switch n := len([]rune(want)); {
	case n > 8:
		limit = 3
	case n > 4:
		limit = 2
	}
	group := groupOf(apiVersion)
	type candidate struct {
		Kind
		dist, otherGroup, rank int
	}
	var cands []candidate
	dist := map[string]int{}
	for _, k := range s.Kinds {
		d, ok := dist[k.Kind]
		if !ok {
			d = editDistance(want, strings.ToLower(k.Kind))
			dist[k.Kind] = d
		}
		if d > limit {
			continue
		}
		c := candidate{Kind: k, dist: d, rank: versionRank(k.APIVersion)}
		if groupOf(k.APIVersion) != group {
			c.otherGroup = 1
		}
		cands = append(cands, c)
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		switch {
		case a.dist != b.dist:
			return a.dist < b.dist
		case a.otherGroup != b.otherGroup:
			return a.otherGroup < b.otherGroup
		case a.rank != b.rank:
			return a.rank < b.rank
		case a.APIVersion != b.APIVersion:
			return a.APIVersion < b.APIVersion
		}
		return a.Kind.Kind < b.Kind.Kind
	})
	var out []Kind
	for i := 0; i < len(cands) && i < maxSuggestions; i++ {
		out = append(out, cands[i].Kind)
	}
	return out
}

// groupOf returns the API group of an apiVersion, "" for the core group.
func groupOf(apiVersion string) string {
	if i := strings.LastIndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i]
	}
	return ""
}

// versionRank orders versions as Kubernetes prefers them: GA, beta, alpha.
func versionRank(apiVersion string) int {
	v := apiVersion[strings.LastIndexByte(apiVersion, '/')+1:]
	switch {
	case strings.Contains(v, "alpha"):
		return 2
	case strings.Contains(v, "beta"):
		return 1
	}
	return 0
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
