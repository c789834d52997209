package samples

// Category is a group of samples in the page's gallery.
type Category struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// Categories are the gallery's groups, in display order. A sample's
// meta.yaml names one of them; the page lists the same ids, with its own
// titles, in web/gallery/categories.js (a test keeps the two in step).
var Categories = []Category{
	{ID: "walkthrough", Title: "The documentation's walkthrough"},
	{ID: "merge", Title: "Merge tables: set, cleared or kept"},
	{ID: "lists", Title: "Lists"},
	{ID: "traps", Title: "Traps"},
	{ID: "workloads", Title: "Workloads"},
	{ID: "custom-resources", Title: "Custom resources"},
	{ID: "server-side", Title: "Server-side apply: field owners and conflicts"},
}

func knownCategory(id string) bool {
	for _, c := range Categories {
		if c.ID == id {
			return true
		}
	}
	return false
}
