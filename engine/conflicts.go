package engine

import (
	"github.com/applylens/applylens/engine/fieldpath"
)

// conflictPaths writes the conflicting fields of an --overwrite=false
// conflict (strategic.ErrConflict.Fields) as field paths.
func conflictPaths(fields [][]string) []string {
	out := make([]string, 0, len(fields))
	for _, keys := range fields {
		path := ""
		for _, k := range keys {
			path = fieldpath.Key(path, k)
		}
		out = append(out, path)
	}
	return out
}
