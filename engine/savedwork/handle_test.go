package savedwork

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// memory is an in-memory Backend, for tests only (the page's is IndexedDB).
type memory struct {
	records map[string]string
	// fail, when set, is returned by Put.
	fail error
	// panics makes All panic, to check Handle recovers.
	panics bool
}

func (m *memory) All(context.Context) ([]string, error) {
	if m.panics {
		panic("boom")
	}
	keys := make([]string, 0, len(m.records))
	for k := range m.records {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = m.records[k]
	}
	return out, nil
}

func (m *memory) Get(_ context.Context, id string) (string, bool, error) {
	t, ok := m.records[id]
	return t, ok, nil
}

func (m *memory) Put(_ context.Context, id, text string) error {
	if m.fail != nil {
		return m.fail
	}
	m.records[id] = text
	return nil
}

func (m *memory) Delete(_ context.Context, id string) error {
	delete(m.records, id)
	return nil
}

func newStore() (*Store, *memory) {
	m := &memory{records: map[string]string{}}
	return &Store{Backend: m, NewID: counter()}, m
}

// call sends a request built from fields and decodes the response.
func call(t *testing.T, s *Store, req Request) Response {
	t.Helper()
	b, _ := json.Marshal(req)
	var resp Response
	out := s.Handle(context.Background(), string(b))
	if err := json.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("response %s: %v", out, err)
	}
	return resp
}

func mustOK(t *testing.T, resp Response) Response {
	t.Helper()
	if resp.Error != nil {
		t.Fatalf("error %s: %s", resp.Error.Kind, resp.Error.Message)
	}
	return resp
}

func names(items []Item) string {
	var n []string
	for _, it := range items {
		n = append(n, it.Name)
	}
	return strings.Join(n, ", ")
}

const deployment = `{"file":"kind: Deployment\nmetadata:\n  name: web\n","overwrite":true}`

func TestStoreNamedSaves(t *testing.T) {
	s, _ := newStore()
	a := mustOK(t, call(t, s, Request{Op: "saveAs", Name: " web ", State: json.RawMessage(deployment), At: 10})).Item
	if a.Name != "web" || a.Summary != "Deployment web" || a.ID != "new-1" {
		t.Errorf("saved %+v", a)
	}
	b := mustOK(t, call(t, s, Request{Op: "saveAs", Name: "web", State: json.RawMessage(`{}`), At: 20})).Item
	if b.Name != "web (2)" {
		t.Errorf("second save named %q, want web (2)", b.Name)
	}
	dup := mustOK(t, call(t, s, Request{Op: "duplicate", ID: a.ID, At: 30})).Item
	if dup.Name != "web (3)" || dup.ID == a.ID {
		t.Errorf("duplicate %+v", dup)
	}
	if got := names(mustOK(t, call(t, s, Request{Op: "list"})).Saves); got != "web (3), web (2), web" {
		t.Errorf("list: %s", got)
	}
	if got := names(mustOK(t, call(t, s, Request{Op: "list", Query: "deployment"})).Saves); got != "web (3), web" {
		t.Errorf("search: %s", got)
	}

	if e := call(t, s, Request{Op: "rename", ID: b.ID, Name: "WEB"}).Error; e == nil || e.Kind != ErrConflict {
		t.Errorf("rename onto another save's name: %+v", e)
	}
	if e := call(t, s, Request{Op: "rename", ID: b.ID, Name: "  "}).Error; e == nil || e.Kind != ErrInvalid {
		t.Errorf("rename to blank: %+v", e)
	}
	if got := mustOK(t, call(t, s, Request{Op: "rename", ID: b.ID, Name: "empty"})).Item.Name; got != "empty" {
		t.Errorf("renamed to %q", got)
	}
	if got := mustOK(t, call(t, s, Request{Op: "rename", ID: a.ID, Name: "Web"})).Item.Name; got != "Web" {
		t.Errorf("renaming a save to its own name in other case: %q", got)
	}

	up := mustOK(t, call(t, s, Request{Op: "update", ID: b.ID, State: json.RawMessage(deployment), At: 40})).Item
	if up.Updated != 40 || up.Summary != "Deployment web" || up.Created != 20 {
		t.Errorf("update %+v", up)
	}
	got := mustOK(t, call(t, s, Request{Op: "get", ID: b.ID})).Record
	if !jsonEqual(got.State, json.RawMessage(deployment)) {
		t.Errorf("get state %s", got.State)
	}

	// Delete, then Undo: the record comes back as it was.
	deleted := mustOK(t, call(t, s, Request{Op: "delete", ID: a.ID})).Record
	if e := call(t, s, Request{Op: "get", ID: a.ID}).Error; e == nil || e.Kind != ErrNotFound {
		t.Errorf("get after delete: %+v", e)
	}
	back := mustOK(t, call(t, s, Request{Op: "restore", Record: deleted})).Item
	if back.ID != a.ID || back.Name != "Web" {
		t.Errorf("restored %+v", back)
	}
	// Restoring again changes nothing (already there, the same).
	mustOK(t, call(t, s, Request{Op: "restore", Record: deleted}))
	if got := names(mustOK(t, call(t, s, Request{Op: "list"})).Saves); got != "empty, web (3), Web" {
		t.Errorf("after undo: %s", got)
	}
}

func TestStoreAutosave(t *testing.T) {
	s, m := newStore()
	// Other tabs' autosaves from earlier: more than are kept.
	for i := 0; i < MaxAutosaves+3; i++ {
		r := Record{Item: Item{ID: fmt.Sprintf("%sold%02d", AutosavePrefix, i), Kind: Autosave, Created: int64(i), Updated: int64(i)}, State: json.RawMessage(`{}`)}
		b, _ := json.Marshal(r)
		m.records[r.ID] = string(b)
	}
	first := mustOK(t, call(t, s, Request{Op: "autosave", Session: "tab1", State: json.RawMessage(deployment), At: 100})).Item
	if first.ID != AutosavePrefix+"tab1" || first.Kind != Autosave {
		t.Errorf("autosave %+v", first)
	}
	mustOK(t, call(t, s, Request{Op: "autosave", Session: "tab2", State: json.RawMessage(`{"file":"b"}`), At: 150}))
	second := mustOK(t, call(t, s, Request{Op: "autosave", Session: "tab1", State: json.RawMessage(`{"file":"a"}`), At: 200})).Item
	if second.Created != 100 || second.Updated != 200 {
		t.Errorf("a tab's second autosave: %+v, want created 100, updated 200", second)
	}
	list := mustOK(t, call(t, s, Request{Op: "list"}))
	if len(list.Saves) != 0 {
		t.Errorf("autosaves listed as saves: %v", list.Saves)
	}
	// Pruned at the first autosave: this tab's and the MaxAutosaves-1
	// newest others, then tab2 came.
	if len(list.Autosaves) != MaxAutosaves+1 {
		t.Errorf("%d autosaves kept, want %d", len(list.Autosaves), MaxAutosaves+1)
	}
	if list.Autosaves[0].ID != AutosavePrefix+"tab1" || list.Autosaves[1].ID != AutosavePrefix+"tab2" {
		t.Errorf("newest first: %v", list.Autosaves[:2])
	}
	if _, ok := m.records[AutosavePrefix+"old00"]; ok {
		t.Error("the oldest autosave was kept")
	}
	if e := call(t, s, Request{Op: "rename", ID: first.ID, Name: "x"}).Error; e == nil || e.Kind != ErrInvalid {
		t.Errorf("renaming an autosave: %+v", e)
	}
	mustOK(t, call(t, s, Request{Op: "discard", ID: AutosavePrefix + "tab2"}))
	if _, ok := m.records[AutosavePrefix+"tab2"]; ok {
		t.Error("discarded autosave kept")
	}
}

func TestStoreExportImport(t *testing.T) {
	s, _ := newStore()
	mustOK(t, call(t, s, Request{Op: "saveAs", Name: "web", State: json.RawMessage(deployment), At: 1}))
	mustOK(t, call(t, s, Request{Op: "saveAs", Name: "other", State: json.RawMessage(`{"file":""}`), At: 2}))
	mustOK(t, call(t, s, Request{Op: "autosave", Session: "t", State: json.RawMessage(`{}`), At: 3}))
	file := mustOK(t, call(t, s, Request{Op: "export", At: 4})).File
	if !strings.Contains(file, `"format": "applylens-saved-work"`) || strings.Contains(file, AutosavePrefix) {
		t.Errorf("export:\n%s", file)
	}

	// Into an empty store: everything added.
	fresh, _ := newStore()
	if r := mustOK(t, call(t, fresh, Request{Op: "import", File: file})).Report; *r != (ImportReport{Added: 2}) {
		t.Errorf("import into empty: %+v", r)
	}
	// Back into the same store: nothing changes.
	if r := mustOK(t, call(t, s, Request{Op: "import", File: file})).Report; *r != (ImportReport{Skipped: 2}) {
		t.Errorf("import into itself: %+v", r)
	}
	// After a change to one save: both versions kept, the import renamed.
	list := mustOK(t, call(t, s, Request{Op: "list", Query: "other"})).Saves
	mustOK(t, call(t, s, Request{Op: "update", ID: list[0].ID, State: json.RawMessage(`{"file":"changed"}`), At: 5}))
	if r := mustOK(t, call(t, s, Request{Op: "import", File: file})).Report; *r != (ImportReport{Added: 1, Renamed: 1, Skipped: 1}) {
		t.Errorf("import over a changed save: %+v", r)
	}
	if got := names(mustOK(t, call(t, s, Request{Op: "list"})).Saves); got != "other, other (2), web" {
		t.Errorf("after import: %s", got)
	}
	if e := call(t, s, Request{Op: "import", File: `{"format":"zip"}`}).Error; e == nil || e.Kind != ErrFormat {
		t.Errorf("import of another file: %+v", e)
	}
}

func TestStoreErrors(t *testing.T) {
	tests := []struct {
		name    string
		request string
		setup   func(*memory)
		want    ErrorKind
	}{
		{"not json", `{`, nil, ErrInvalid},
		{"unknown op", `{"op":"drop"}`, nil, ErrInvalid},
		{"save without name", `{"op":"saveAs","state":{}}`, nil, ErrInvalid},
		{"state not an object", `{"op":"saveAs","name":"x","state":[1]}`, nil, ErrInvalid},
		{"autosave without session", `{"op":"autosave","state":{}}`, nil, ErrInvalid},
		{"get of nothing", `{"op":"get","id":"nope"}`, nil, ErrNotFound},
		{"restore without record", `{"op":"restore"}`, nil, ErrInvalid},
		{"quota from the backend", `{"op":"saveAs","name":"x","state":{}}`, func(m *memory) { m.fail = &Error{Kind: ErrQuota, Message: "full"} }, ErrQuota},
		{"other backend failure", `{"op":"saveAs","name":"x","state":{}}`, func(m *memory) { m.fail = fmt.Errorf("gone") }, ErrUnavailable},
		{"panic recovered", `{"op":"list"}`, func(m *memory) { m.panics = true }, ErrInternal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, m := newStore()
			if tt.setup != nil {
				tt.setup(m)
			}
			var resp Response
			if err := json.Unmarshal([]byte(s.Handle(context.Background(), tt.request)), &resp); err != nil {
				t.Fatal(err)
			}
			if resp.Error == nil || resp.Error.Kind != tt.want {
				t.Errorf("error %+v, want kind %s", resp.Error, tt.want)
			}
		})
	}
}
