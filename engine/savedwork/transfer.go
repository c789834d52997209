package savedwork

import (
	"bytes"
	"encoding/json"
	"sort"
)

// ExportFormat names an export file's format; ExportVersion is its version.
const (
	ExportFormat  = "applylens-saved-work"
	ExportVersion = 1
	// MaxImportLen bounds an imported file (ten full states and more).
	MaxImportLen = 64 << 20
)

// Export is the file "Export all" writes and Import reads.
type Export struct {
	Format   string   `json:"format"`
	Version  int      `json:"version"`
	Exported int64    `json:"exported"`
	Saves    []Record `json:"saves"`
}

// MarshalExport writes the named saves among records as an export file,
// oldest first (then by id): the same saves give the same bytes.
func MarshalExport(records []Record, at int64) ([]byte, error) {
	saves := make([]Record, 0, len(records))
	for _, r := range records {
		if r.Kind == Named {
			saves = append(saves, r)
		}
	}
	sort.SliceStable(saves, func(i, j int) bool {
		if saves[i].Created != saves[j].Created {
			return saves[i].Created < saves[j].Created
		}
		return saves[i].ID < saves[j].ID
	})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(Export{Format: ExportFormat, Version: ExportVersion, Exported: at, Saves: saves}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ParseExport reads an export file. A file that is not one (another
// format, a newer version, not JSON) is an ErrFormat error; records in
// it that do not validate are returned in rejected rather than failing
// the whole import.
func ParseExport(data []byte) (saves []Record, rejected int, err error) {
	if len(data) > MaxImportLen {
		return nil, 0, &Error{Kind: ErrTooLarge, Message: "the file is larger than 64 MiB"}
	}
	var head struct {
		Format  string            `json:"format"`
		Version int               `json:"version"`
		Saves   []json.RawMessage `json:"saves"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, 0, &Error{Kind: ErrFormat, Message: "the file is not JSON (" + err.Error() + ")"}
	}
	if head.Format != ExportFormat {
		return nil, 0, &Error{Kind: ErrFormat, Message: "the file is not an applylens export (its format is " + quote(head.Format) + ")"}
	}
	if head.Version != ExportVersion {
		return nil, 0, &Error{Kind: ErrFormat, Message: "the file was written by another version of applylens (version " + quote(itoa(head.Version)) + ")"}
	}
	for _, raw := range head.Saves {
		var r Record
		if json.Unmarshal(raw, &r) != nil || r.Kind != Named || r.Validate() != nil {
			rejected++
			continue
		}
		saves = append(saves, r)
	}
	return saves, rejected, nil
}

// ImportReport says what an import did.
type ImportReport struct {
	Added    int `json:"added"`
	Renamed  int `json:"renamed"`
	Skipped  int `json:"skipped"`
	Rejected int `json:"rejected"`
}

// Merge decides what an import adds to the existing records. Nothing is
// ever overwritten: a save already there with the same name and state
// is skipped; one whose id is taken gets a new id; one whose name is
// taken by a different save gets a free name ("web (2)"). Both are kept.
func Merge(existing, imported []Record, newID func() string) (add []Record, report ImportReport) {
	ids := map[string]bool{}
	for _, r := range existing {
		ids[r.ID] = true
	}
	names := namesOf(existing)
	byName := map[string][]Record{}
	for _, r := range existing {
		if r.Kind == Named {
			byName[nameKey(r.Name)] = append(byName[nameKey(r.Name)], r)
		}
	}
	for _, r := range imported {
		r.Name = truncateUTF8(r.Name, MaxNameLen)
		if hasSame(byName[nameKey(r.Name)], r) {
			report.Skipped++
			continue
		}
		if ids[r.ID] {
			r.ID = freshID(ids, newID)
		}
		if names.has(r.Name) {
			r.Name = UniqueName(r.Name, names.has)
			report.Renamed++
		}
		r.Summary = Summarize(r.State)
		ids[r.ID] = true
		names.add(r.Name)
		byName[nameKey(r.Name)] = append(byName[nameKey(r.Name)], r)
		add = append(add, r)
		report.Added++
	}
	return add, report
}

func hasSame(records []Record, r Record) bool {
	for _, e := range records {
		if sameContent(e, r) {
			return true
		}
	}
	return false
}

// freshID draws ids until one is free.
func freshID(ids map[string]bool, newID func() string) string {
	for {
		if id := newID(); !ids[id] {
			return id
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
