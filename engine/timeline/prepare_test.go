package timeline

import "testing"

// Prepare must run its timeline without an error. (It can leave nothing
// behind for the page's next request: it plays outside any Player.)
func TestPrepare(t *testing.T) {
	if err := Prepare(); err != nil {
		t.Fatal(err)
	}
}
