package ssaview

import "testing"

func TestPrepare(t *testing.T) {
	if err := Prepare(); err != nil {
		t.Fatal(err)
	}
}
