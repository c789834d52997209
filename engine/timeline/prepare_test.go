package timeline

import "testing"

// Prepare must run its timeline without an error and leave nothing
// behind: the page's next request sees the engine as a fresh one would.
func TestPrepare(t *testing.T) {
	cached, last := len(timelines.order), lastPlayed
	if err := Prepare(); err != nil {
		t.Fatal(err)
	}
	if len(timelines.order) != cached {
		t.Errorf("Prepare left %d entries in the cache, want %d", len(timelines.order), cached)
	}
	if lastPlayed.parent != last.parent || lastPlayed.command.Command != last.command.Command {
		t.Error("Prepare changed the step the warm-up replays")
	}
}
