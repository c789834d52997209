package savedwork

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Backend stores records as JSON texts under their ids. The store's wasm
// implements it over IndexedDB; its errors should be *Error of kind
// ErrQuota or ErrUnavailable where the browser said so.
type Backend interface {
	// All returns the JSON text of every record.
	All(ctx context.Context) ([]string, error)
	// Get returns a record's JSON text; ok is false when there is none.
	Get(ctx context.Context, id string) (text string, ok bool, err error)
	Put(ctx context.Context, id, text string) error
	Delete(ctx context.Context, id string) error
}

// Request is what the page asks the store, as JSON.
type Request struct {
	// Op is one of autosave, list, get, saveAs, update, rename, duplicate,
	// delete, restore, discard, export, import.
	Op      string          `json:"op"`
	ID      string          `json:"id,omitempty"`
	Session string          `json:"session,omitempty"`
	Name    string          `json:"name,omitempty"`
	Query   string          `json:"query,omitempty"`
	At      int64           `json:"at,omitempty"`
	State   json.RawMessage `json:"state,omitempty"`
	Record  *Record         `json:"record,omitempty"`
	File    string          `json:"file,omitempty"`
}

// Response is the store's answer: Error, or what the op returns.
type Response struct {
	Error     *Error        `json:"error,omitempty"`
	Item      *Item         `json:"item,omitempty"`
	Record    *Record       `json:"record,omitempty"`
	Saves     []Item        `json:"saves,omitempty"`
	Autosaves []Item        `json:"autosaves,omitempty"`
	File      string        `json:"file,omitempty"`
	Report    *ImportReport `json:"report,omitempty"`
}

// AutosavePrefix starts the id of every autosave: "autosave:" + the tab's
// session id. Named saves never have it.
const AutosavePrefix = "autosave:"

// Store answers the page's requests on a Backend.
type Store struct {
	Backend Backend
	// NewID returns a new random id for a named save.
	NewID func() string
	// pruned is set once old autosaves were dropped (at the first autosave).
	pruned bool
}

// Handle answers one request (JSON) with a response (JSON). It never
// panics: a bug becomes an ErrInternal response.
func (s *Store) Handle(ctx context.Context, request string) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = encode(Response{Error: &Error{Kind: ErrInternal, Message: fmt.Sprintf("the store hit a bug (%v)", r)}})
		}
	}()
	var req Request
	if err := json.Unmarshal([]byte(request), &req); err != nil {
		return encode(Response{Error: &Error{Kind: ErrInvalid, Message: "malformed request: " + err.Error()}})
	}
	resp, err := s.do(ctx, req)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = &Error{Kind: ErrUnavailable, Message: err.Error()}
		}
		return encode(Response{Error: e})
	}
	return encode(resp)
}

func encode(r Response) string {
	b, err := json.Marshal(r)
	if err != nil {
		b, _ = json.Marshal(Response{Error: &Error{Kind: ErrInternal, Message: err.Error()}})
	}
	return string(b)
}

func (s *Store) do(ctx context.Context, req Request) (Response, error) {
	switch req.Op {
	case "autosave":
		return s.autosave(ctx, req)
	case "list":
		return s.list(ctx, req.Query)
	case "get":
		r, err := s.get(ctx, req.ID)
		return Response{Record: r}, err
	case "saveAs":
		return s.saveAs(ctx, req)
	case "update":
		return s.update(ctx, req)
	case "rename":
		return s.rename(ctx, req)
	case "duplicate":
		return s.duplicate(ctx, req)
	case "delete", "discard":
		r, err := s.get(ctx, req.ID)
		if err != nil {
			return Response{}, err
		}
		return Response{Record: r}, s.Backend.Delete(ctx, r.ID)
	case "restore":
		return s.restore(ctx, req)
	case "export":
		return s.export(ctx, req.At)
	case "import":
		return s.importFile(ctx, req)
	}
	return Response{}, &Error{Kind: ErrInvalid, Message: "unknown op " + quote(req.Op)}
}

// all reads every record; texts that no longer parse are left out.
func (s *Store) all(ctx context.Context) ([]Record, error) {
	texts, err := s.Backend.All(ctx)
	if err != nil {
		return nil, err
	}
	records := make([]Record, 0, len(texts))
	for _, t := range texts {
		var r Record
		if json.Unmarshal([]byte(t), &r) == nil && r.ID != "" {
			records = append(records, r)
		}
	}
	return records, nil
}

func (s *Store) get(ctx context.Context, id string) (*Record, error) {
	if id == "" {
		return nil, &Error{Kind: ErrInvalid, Message: "no id"}
	}
	text, ok, err := s.Backend.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	var r Record
	if !ok || json.Unmarshal([]byte(text), &r) != nil {
		return nil, &Error{Kind: ErrNotFound, Message: "this save is gone (deleted in another tab?)"}
	}
	return &r, nil
}

func (s *Store) put(ctx context.Context, r Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return s.Backend.Put(ctx, r.ID, string(b))
}

// putItem stores r and answers with its item.
func (s *Store) putItem(ctx context.Context, r Record) (Response, error) {
	if err := s.put(ctx, r); err != nil {
		return Response{}, err
	}
	return itemResponse(r), nil
}

// itemResponse answers with r's item.
func itemResponse(r Record) Response {
	item := r.Item
	return Response{Item: &item}
}

func (s *Store) autosave(ctx context.Context, req Request) (Response, error) {
	if req.Session == "" || len(req.Session) > MaxIDLen-len(AutosavePrefix) {
		return Response{}, &Error{Kind: ErrInvalid, Message: "an autosave needs a session id"}
	}
	if err := validState(req.State); err != nil {
		return Response{}, err
	}
	id := AutosavePrefix + req.Session
	created := req.At
	if old, err := s.get(ctx, id); err == nil {
		created = old.Created
	}
	r := Record{Item: Item{ID: id, Kind: Autosave, Summary: Summarize(req.State), Created: created, Updated: req.At}, State: req.State}
	if err := s.put(ctx, r); err != nil {
		return Response{}, err
	}
	if !s.pruned {
		s.pruned = true
		if err := s.prune(ctx, id); err != nil {
			return Response{}, err
		}
	}
	return itemResponse(r), nil
}

// prune drops the autosaves past the MaxAutosaves newest (keep's never).
func (s *Store) prune(ctx context.Context, keep string) error {
	records, err := s.all(ctx)
	if err != nil {
		return err
	}
	var autos []Item
	for _, r := range records {
		if r.Kind == Autosave && r.ID != keep {
			autos = append(autos, r.Item)
		}
	}
	sortNewest(autos)
	for i := MaxAutosaves - 1; i < len(autos); i++ {
		if err := s.Backend.Delete(ctx, autos[i].ID); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) list(ctx context.Context, query string) (Response, error) {
	records, err := s.all(ctx)
	if err != nil {
		return Response{}, err
	}
	var saves, autos []Item
	for _, r := range records {
		if r.Kind == Named {
			saves = append(saves, r.Item)
		} else {
			autos = append(autos, r.Item)
		}
	}
	return Response{Saves: Search(saves, query), Autosaves: Search(autos, query)}, nil
}

// cleanName trims a name and checks it is not empty nor too long.
func cleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", &Error{Kind: ErrInvalid, Message: "a save needs a name"}
	}
	if len(name) > MaxNameLen {
		return "", &Error{Kind: ErrInvalid, Message: "a name may have at most 200 bytes"}
	}
	return name, nil
}

func (s *Store) saveAs(ctx context.Context, req Request) (Response, error) {
	name, err := cleanName(req.Name)
	if err != nil {
		return Response{}, err
	}
	if err := validState(req.State); err != nil {
		return Response{}, err
	}
	records, err := s.all(ctx)
	if err != nil {
		return Response{}, err
	}
	r := Record{Item: Item{
		ID: s.freshID(records), Kind: Named, Name: UniqueName(name, namesOf(records).has),
		Summary: Summarize(req.State), Created: req.At, Updated: req.At,
	}, State: req.State}
	return s.putItem(ctx, r)
}

func (s *Store) freshID(records []Record) string {
	ids := map[string]bool{}
	for _, r := range records {
		ids[r.ID] = true
	}
	for {
		id := s.NewID()
		if !ids[id] && !strings.HasPrefix(id, AutosavePrefix) {
			return id
		}
	}
}

func (s *Store) named(ctx context.Context, id string) (*Record, error) {
	r, err := s.get(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.Kind != Named {
		return nil, &Error{Kind: ErrInvalid, Message: "only a named save can be renamed, duplicated or updated"}
	}
	return r, nil
}

// namedAmong is the named save id names, and every record beside it (for
// the names and ids already taken).
func (s *Store) namedAmong(ctx context.Context, id string) (*Record, []Record, error) {
	r, err := s.named(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	records, err := s.all(ctx)
	if err != nil {
		return nil, nil, err
	}
	return r, records, nil
}

func (s *Store) update(ctx context.Context, req Request) (Response, error) {
	if err := validState(req.State); err != nil {
		return Response{}, err
	}
	r, err := s.named(ctx, req.ID)
	if err != nil {
		return Response{}, err
	}
	r.State, r.Summary, r.Updated = req.State, Summarize(req.State), req.At
	return s.putItem(ctx, *r)
}

func (s *Store) rename(ctx context.Context, req Request) (Response, error) {
	name, err := cleanName(req.Name)
	if err != nil {
		return Response{}, err
	}
	r, records, err := s.namedAmong(ctx, req.ID)
	if err != nil {
		return Response{}, err
	}
	for _, o := range records {
		if o.Kind == Named && o.ID != r.ID && nameKey(o.Name) == nameKey(name) {
			return Response{}, &Error{Kind: ErrConflict, Message: "another save is named “" + o.Name + "”"}
		}
	}
	r.Name = name
	return s.putItem(ctx, *r)
}

func (s *Store) duplicate(ctx context.Context, req Request) (Response, error) {
	r, records, err := s.namedAmong(ctx, req.ID)
	if err != nil {
		return Response{}, err
	}
	copied := *r
	copied.ID = s.freshID(records)
	copied.Name = UniqueName(r.Name, namesOf(records).has)
	copied.Created, copied.Updated = req.At, req.At
	return s.putItem(ctx, copied)
}

// restore puts back a deleted record (Undo). Should its id or name have
// been taken meanwhile, it gets new ones: nothing is overwritten.
func (s *Store) restore(ctx context.Context, req Request) (Response, error) {
	if req.Record == nil {
		return Response{}, &Error{Kind: ErrInvalid, Message: "no record to restore"}
	}
	r := *req.Record
	if err := r.Validate(); err != nil {
		return Response{}, err
	}
	records, err := s.all(ctx)
	if err != nil {
		return Response{}, err
	}
	if r.Kind == Named {
		add, _ := Merge(records, []Record{r}, s.NewID)
		if len(add) == 0 {
			return itemResponse(r), nil // already there, the same
		}
		r = add[0]
	}
	return s.putItem(ctx, r)
}

func (s *Store) export(ctx context.Context, at int64) (Response, error) {
	records, err := s.all(ctx)
	if err != nil {
		return Response{}, err
	}
	b, err := MarshalExport(records, at)
	if err != nil {
		return Response{}, err
	}
	return Response{File: string(b)}, nil
}

func (s *Store) importFile(ctx context.Context, req Request) (Response, error) {
	saves, rejected, err := ParseExport([]byte(req.File))
	if err != nil {
		return Response{}, err
	}
	records, err := s.all(ctx)
	if err != nil {
		return Response{}, err
	}
	for i := range saves {
		if strings.HasPrefix(saves[i].ID, AutosavePrefix) {
			saves[i].ID = s.freshID(records)
		}
	}
	add, report := Merge(records, saves, s.NewID)
	report.Rejected = rejected
	for _, r := range add {
		if err := s.put(ctx, r); err != nil {
			return Response{}, err
		}
	}
	return Response{Report: &report}, nil
}
