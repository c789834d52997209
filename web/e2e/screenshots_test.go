//go:build browser

package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "TestScreenshots: also write docs/screenshot.png (the README's picture)")

// maxDocScreenshot keeps the only binary in the repository small.
const maxDocScreenshot = 250 << 10

// TestScreenshots saves the walkthrough, with its image step selected, at
// desktop and phone widths in both themes under tmp/screenshots/. They are
// for people to look at; the test checks only that the page fits the
// width (no sideways scrolling) and that the theme took.
func TestScreenshots(t *testing.T) {
	for _, size := range []screen{{"desktop", desktopWidth, desktopHeight, false}, phoneScreen} {
		for _, theme := range []string{"light", "dark"} {
			name := size.name + "-" + theme
			t.Run(name, func(t *testing.T) {
				b := newBrowser(t, size.width, size.height)
				b.run(size.emulate(), prefersColorScheme("light"))
				b.open()
				if theme == "dark" {
					b.run(chromedp.Click(chromedp.ID("btn-theme")))
					b.waitFor("the dark theme", `document.documentElement.dataset.theme === 'dark'`, stepTimeout)
				}
				if i := stepIndex(b, 2, ".image", "set"); i >= 0 {
					b.clickSettled(fmt.Sprintf("step-%d", i))
					b.waitFor("the step highlight", `document.querySelector('#editor-file .cm-step-line')`, stepTimeout)
				}
				// Back to the top, and two frames for the editors to draw
				// the lines now in sight.
				eval[chromedp.Void](b, `new Promise((r) => { window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(r)); })`)
				if w := b.overflowX(); w > 0 {
					t.Errorf("the page is %d px wider than the %d px viewport", w, size.width)
				}
				if got := saveShotAs(t, b, name+".png"); got != size.width {
					t.Errorf("screenshot is %d px wide, want %d", got, size.width)
				}
				if name == "desktop-light" && *updateScreenshot {
					// The README's picture, compressed as far as PNG goes.
					var buf bytes.Buffer
					enc := png.Encoder{CompressionLevel: png.BestCompression}
					if err := enc.Encode(&buf, viewportImage(t, b)); err != nil {
						t.Fatal(err)
					}
					if buf.Len() > maxDocScreenshot {
						t.Fatalf("desktop screenshot is %d bytes, over the %d allowed in docs/", buf.Len(), maxDocScreenshot)
					}
					if err := os.WriteFile(filepath.Join(repoRoot, "docs", "screenshot.png"), buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				b.checkConsole()
			})
		}
	}
}
