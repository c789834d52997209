package yamlemit

import "testing"

// TestAnalyzeShortcut checks analyze's shortcut for words of ASCII
// against go-yaml's analysis, which analyzeSlow ports.
func TestAnalyzeShortcut(t *testing.T) {
	words := []string{"a", "-", "?", ":", "--", "-a", "?a", ":a", "a:", "a:b", "---", "---a", "...", "..a", "#", "a#", "[a", "a]", "'a", "a'", "%", "@a", "`", "x=y", "~", "<<", "a,b", "{}", "!", "|a", ">a", "&a", "*a", "\"a"}
	for c := 0x21; c < 0x7F; c++ {
		words = append(words, string(rune(c)), string(rune(c))+"a", "a"+string(rune(c)), "a"+string(rune(c))+"b")
	}
	for _, w := range words {
		if got, want := analyze(w), analyzeSlow(w); got != want {
			t.Errorf("analyze(%q) = %+v, go-yaml's analysis gives %+v", w, got, want)
		}
	}
}
