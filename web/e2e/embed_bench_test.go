//go:build browser

package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// budgetEmbedResult: an embed shows its result within 1 s of being
// scrolled into sight (docs/embedding.md).
const budgetEmbedResult = time.Second

// TestBenchEmbeds measures the example host page of docs/embed-example
// (five embeds, one in sight) from a cold cache, a few times: the bytes,
// the wasm's network fetches, and the time from scrolling an embed into
// sight to its result. Run by scripts/bench-page, which records it in
// docs/performance.md under "## Embeds".
func TestBenchEmbeds(t *testing.T) {
	var seen, started, answer, first []time.Duration
	var last manyEmbeds
	for range max(1, *benchColdRuns) {
		m := visitManyEmbeds(t)
		for _, x := range m.sinceSeen {
			seen = append(seen, msDuration(x))
		}
		for _, x := range m.resultMs[1:] {
			started = append(started, msDuration(x))
		}
		for _, x := range m.answerMs {
			answer = append(answer, msDuration(x))
		}
		first = append(first, msDuration(m.firstMs))
		last = m
	}
	var rows strings.Builder
	row := func(cells ...string) { rows.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	row("figure", "measured", "budget", "")
	row("---", "---", "---", "---")
	shared := last.bytes - last.own
	row("5 embeds: bytes transferred (bodies, compressed), besides each frame's document and example", kb1(shared), kb1(last.budget), verdict(shared <= last.budget))
	row("5 embeds: each frame's document and example / response headers", kb1(last.own)+" / "+kb1(last.headers), "", "")
	row("5 embeds: network fetches of the wasm", fmt.Sprint(last.wasmGets), "1", verdict(last.wasmGets == 1))
	row(fmt.Sprintf("embed scrolled into sight → its result shown (median of %d; max %s)", len(seen), ms(maxOf(seen))), ms(median(seen)), ms(budgetEmbedResult), verdict(maxOf(seen) <= budgetEmbedResult))
	row("of which its engine's start → result (median; max)", ms(median(started))+"; "+ms(maxOf(started)), "", "")
	row("of which the engine ready → result rendered (the first computation and render; median; max)", ms(median(answer))+"; "+ms(maxOf(answer)), "", "")
	row(fmt.Sprintf("first embed, in sight on load: host page's navigation → result (median of %d, cold cache)", len(first)), ms(median(first)), "", "")
	var files strings.Builder
	fmt.Fprintf(&files, "| file | requests | bytes sent |\n| --- | --- | --- |\n")
	counts, bytes := map[string]int{}, map[string]int64{}
	var order []string
	for _, x := range last.files {
		if counts[x.Path] == 0 {
			order = append(order, x.Path)
		}
		counts[x.Path]++
		bytes[x.Path] += x.Bytes
	}
	slices.Sort(order)
	for _, p := range order {
		fmt.Fprintf(&files, "| `%s` | %d | %d |\n", p, counts[p], bytes[p])
	}
	report := fmt.Sprintf("%s\n\n%s\nThe last visit, file by file:\n\n%s", machineLine(t), rows.String(), files.String())
	fmt.Println()
	fmt.Println(report)
	if *benchDocs {
		if err := writeDocSection(filepath.Join(repoRoot, "docs/performance.md"), embedsHeading, embedsSection(report)); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote docs/performance.md")
	}
}

func msDuration(ms float64) time.Duration { return time.Duration(ms * float64(time.Millisecond)) }

const embedsHeading = "## Embeds"

func embedsSection(report string) string {
	return embedsHeading + `

Measured by ` + "`scripts/bench-page`" + ` (the test ` + "`TestBenchEmbeds`" + ` in ` + "`web/e2e`" + `):
the example host page ` + "`docs/embed-example/`" + `, served from another origin,
with five embeds (` + "`docs/embedding.md`" + `), one of them in sight, in
Chromium with a fresh profile (cold cache), an 800 × 900 window. The
test scrolls to each other embed in turn and times, on the epoch clock
both documents share, the scroll to the embed's first rendered answer
(its performance mark ` + "`applylens:rendered`" + `). Bytes are response bodies
as sent, counted at the server. Each frame fetches its own document (its
address holds its options, so frames do not share it) and the example it
names (` + "`examples/<id>.json`" + `); the rest comes once, from the network,
and from the HTTP cache for the other frames (hashed names, cached for a
year).

` + report
}
