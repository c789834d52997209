package savedwork

import (
	"sort"
	"strconv"
	"strings"
)

// UniqueName returns name if no save has it (compared after trimming and
// case-insensitively, as the list shows names), else the name with the
// first free number: "web (2)", "web (3)"; a name that already ends in
// "(n)" counts on from its base, so a copy of "web (2)" is "web (3)".
func UniqueName(name string, taken func(string) bool) string {
	name = strings.TrimSpace(name)
	if !taken(name) {
		return name
	}
	base, n := name, 2
	if b, k, ok := splitNumber(name); ok {
		base, n = b, k+1
	}
	for ; ; n++ {
		candidate := base + " (" + strconv.Itoa(n) + ")"
		if len(candidate) > MaxNameLen {
			// Keep within the limit: shorten the base, not the number.
			cut := len(base) - (len(candidate) - MaxNameLen)
			candidate = strings.TrimSpace(truncateUTF8(base, cut)) + " (" + strconv.Itoa(n) + ")"
		}
		if !taken(candidate) {
			return candidate
		}
	}
}

// splitNumber splits a name that ends in a copy number, "web (2)",
// into "web" and 2 (at most six digits, after a space).
func splitNumber(name string) (base string, n int, ok bool) {
	if !strings.HasSuffix(name, ")") {
		return "", 0, false
	}
	open := strings.LastIndex(name, " (")
	if open <= 0 {
		return "", 0, false
	}
	digits := name[open+2 : len(name)-1]
	if len(digits) == 0 || len(digits) > 6 || strings.TrimLeft(digits, "0123456789") != "" {
		return "", 0, false
	}
	base = strings.TrimRight(name[:open], " ")
	if base == "" {
		return "", 0, false
	}
	n, err := strconv.Atoi(digits)
	return base, n, err == nil
}

// nameKey is how names are compared for clashes.
func nameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// nameSet is a set of names, compared by nameKey.
type nameSet map[string]bool

func namesOf(records []Record) nameSet {
	s := nameSet{}
	for _, r := range records {
		if r.Kind == Named {
			s[nameKey(r.Name)] = true
		}
	}
	return s
}

func (s nameSet) has(name string) bool { return s[nameKey(name)] }
func (s nameSet) add(name string)      { s[nameKey(name)] = true }

func truncateUTF8(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// Search returns the items whose name or summary holds every word of the
// query (case-insensitive), newest first; an empty query keeps them all.
// Ties in time go by name, then id, so the order is the same every time.
func Search(items []Item, query string) []Item {
	words := strings.Fields(strings.ToLower(query))
	out := make([]Item, 0, len(items))
	for _, it := range items {
		text := strings.ToLower(it.Name + "\n" + it.Summary)
		all := true
		for _, w := range words {
			if !strings.Contains(text, w) {
				all = false
				break
			}
		}
		if all {
			out = append(out, it)
		}
	}
	sortNewest(out)
	return out
}

func sortNewest(items []Item) {
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if a.Updated != b.Updated {
			return a.Updated > b.Updated
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.ID < b.ID
	})
}
