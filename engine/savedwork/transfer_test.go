package savedwork

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func named(id, name, state string) Record {
	return Record{Item: Item{ID: id, Kind: Named, Name: name, Created: 1, Updated: 1}, State: json.RawMessage(state)}
}

// counter returns ids new-1, new-2, ...
func counter() func() string {
	n := 0
	return func() string {
		n++
		return fmt.Sprintf("new-%d", n)
	}
}

func TestMerge(t *testing.T) {
	existing := []Record{
		named("a", "web", `{"file":"a"}`),
		named("b", "cron", `{"file":"b"}`),
		{Item: Item{ID: AutosavePrefix + "s1", Kind: Autosave}, State: json.RawMessage(`{"file":"w"}`)},
	}
	type out struct{ ID, Name string }
	tests := []struct {
		name     string
		imported []Record
		want     []out
		report   ImportReport
	}{
		{"new save added as is", []Record{named("c", "job", `{}`)}, []out{{"c", "job"}}, ImportReport{Added: 1}},
		{"same save skipped", []Record{named("a", "web", `{"file":"a"}`)}, nil, ImportReport{Skipped: 1}},
		{"same content, other id, skipped", []Record{named("z", "web", `{ "file" : "a" }`)}, nil, ImportReport{Skipped: 1}},
		{"id clash, other content: new id, name clash renamed", []Record{named("a", "web", `{"file":"changed"}`)}, []out{{"new-1", "web (2)"}}, ImportReport{Added: 1, Renamed: 1}},
		{"id clash only: new id, name kept", []Record{named("a", "other", `{}`)}, []out{{"new-1", "other"}}, ImportReport{Added: 1}},
		{"name clash, case-insensitive", []Record{named("c", "WEB", `{}`)}, []out{{"c", "WEB (2)"}}, ImportReport{Added: 1, Renamed: 1}},
		{"clashes inside the file", []Record{named("c", "x", `{"file":"1"}`), named("c", "x", `{"file":"2"}`)}, []out{{"c", "x"}, {"new-1", "x (2)"}}, ImportReport{Added: 2, Renamed: 1}},
		{"id of an autosave", []Record{named(AutosavePrefix+"s1", "n", `{}`)}, []out{{"new-1", "n"}}, ImportReport{Added: 1}},
		{"the same file twice in one", []Record{named("c", "x", `{}`), named("c", "x", `{}`)}, []out{{"c", "x"}}, ImportReport{Added: 1, Skipped: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			add, report := Merge(existing, tt.imported, counter())
			var got []out
			for _, r := range add {
				got = append(got, out{r.ID, r.Name})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("added %v, want %v", got, tt.want)
			}
			if report != tt.report {
				t.Errorf("report %+v, want %+v", report, tt.report)
			}
		})
	}
}

func TestExportRoundTrip(t *testing.T) {
	records := []Record{
		named("b", "second", `{"file":"kind: Pod\nmetadata:\n  name: p\n"}`),
		{Item: Item{ID: AutosavePrefix + "s", Kind: Autosave}, State: json.RawMessage(`{}`)},
		named("a", "first", `{"file":""}`),
	}
	records[0].Created = 5
	data, err := MarshalExport(records, 99)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := MarshalExport([]Record{records[2], records[1], records[0]}, 99)
	if string(data) != string(again) {
		t.Error("the same saves in another order gave other bytes")
	}
	saves, rejected, err := ParseExport(data)
	if err != nil || rejected != 0 {
		t.Fatalf("ParseExport: %v, %d rejected", err, rejected)
	}
	var names []string
	for _, r := range saves {
		names = append(names, r.Name)
	}
	if !reflect.DeepEqual(names, []string{"first", "second"}) {
		t.Errorf("exported %v, want the two named saves, oldest first", names)
	}
	if !jsonEqual(saves[1].State, records[0].State) {
		t.Errorf("state changed: %s", saves[1].State)
	}
}

func TestParseExport(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		err      ErrorKind
		saves    int
		rejected int
	}{
		{"not json", `{`, ErrFormat, 0, 0},
		{"other format", `{"format":"x","version":1,"saves":[]}`, ErrFormat, 0, 0},
		{"other version", `{"format":"applylens-saved-work","version":2,"saves":[]}`, ErrFormat, 0, 0},
		{"empty", `{"format":"applylens-saved-work","version":1,"saves":[]}`, "", 0, 0},
		{"bad records rejected, good kept", `{"format":"applylens-saved-work","version":1,"saves":[
			{"id":"a","kind":"named","name":"ok","state":{}},
			{"id":"b","kind":"named","name":"","state":{}},
			{"id":"","kind":"named","name":"x","state":{}},
			{"id":"c","kind":"named","name":"x","state":[1]},
			{"id":"d","kind":"autosave","state":{}},
			{"id":"e","kind":"named","name":"x","state":"{}"},
			7]}`, "", 1, 6},
		{"too large", `{"format":"applylens-saved-work","version":1,"saves":[],"pad":"` + strings.Repeat("x", MaxImportLen) + `"}`, ErrTooLarge, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			saves, rejected, err := ParseExport([]byte(tt.file))
			var e *Error
			if tt.err != "" {
				if !errors.As(err, &e) || e.Kind != tt.err {
					t.Fatalf("err = %v, want kind %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(saves) != tt.saves || rejected != tt.rejected {
				t.Errorf("%d saves, %d rejected; want %d, %d", len(saves), rejected, tt.saves, tt.rejected)
			}
		})
	}
}
