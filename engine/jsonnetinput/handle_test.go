package jsonnetinput

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestHandle(t *testing.T) {
	cases := []struct {
		name    string
		request string
		json    string         // the object, compared as JSON; "" when an error is wanted
		err     *ResponseError // Message compared as a part
	}{
		{name: "an object", request: `{"source": "{ kind: 'Pod', metadata: { name: 'p' } }"}`, json: `{"kind": "Pod", "metadata": {"name": "p"}}`},
		{name: "a located input error", request: `{"source": "{\n  a: error 'no'\n}"}`, err: &ResponseError{Kind: "input", Pane: "file", Reason: ReasonRuntime, Line: 2, Column: 6, Message: "no"}},
		{name: "an unlocated input error", request: `{"source": "[]"}`, err: &ResponseError{Kind: "input", Pane: "file", Reason: ReasonNotObject, Message: "an array"}},
		{name: "malformed request", request: `{"source": `, err: &ResponseError{Kind: "internal", Message: "malformed request"}},
		{name: "source of the wrong type", request: `{"source": 5}`, err: &ResponseError{Kind: "internal", Message: "malformed request"}},
		{name: "empty request", request: ``, err: &ResponseError{Kind: "internal", Message: "malformed request"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var resp Response
			if err := json.Unmarshal([]byte(Handle(tc.request)), &resp); err != nil {
				t.Fatal(err)
			}
			if resp.Version != Version || !strings.HasPrefix(Version, "go-jsonnet v0.") {
				t.Errorf("version = %q (Version %q)", resp.Version, Version)
			}
			if tc.err == nil {
				if resp.Error != nil {
					t.Fatalf("error %+v", resp.Error)
				}
				assertSameJSON(t, resp.JSON, tc.json)
				return
			}
			if resp.JSON != "" || resp.Error == nil {
				t.Fatalf("json %q, error %+v: want only an error", resp.JSON, resp.Error)
			}
			got, want := *resp.Error, *tc.err
			if !strings.Contains(got.Message, want.Message) {
				t.Errorf("message %q does not contain %q", got.Message, want.Message)
			}
			got.Message, want.Message = "", ""
			if !reflect.DeepEqual(got, want) {
				t.Errorf("error %+v, want %+v", got, want)
			}
		})
	}
}

func TestHandleRecoversPanics(t *testing.T) {
	var log bytes.Buffer
	oldLog, oldEvaluate := panicLog, evaluate
	panicLog, evaluate = &log, func(string) (string, error) { panic("kaboom") }
	defer func() { panicLog, evaluate = oldLog, oldEvaluate }()

	var resp Response
	if err := json.Unmarshal([]byte(Handle(`{"source": "{}"}`)), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error == nil || resp.Error.Kind != "internal" || !strings.Contains(resp.Error.Message, "kaboom") {
		t.Errorf("response %+v: want an internal error naming the panic", resp)
	}
	if !strings.Contains(log.String(), "kaboom") || !strings.Contains(log.String(), "goroutine") {
		t.Errorf("the panic and its stack were not logged: %q", log.String())
	}
}
