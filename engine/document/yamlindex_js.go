//go:build js

package document

// readYAMLIndexed leaves every YAML pane to the general path in the
// page's WebAssembly, where the one-pass reader (yamlindex.go) would cost
// more first-visit bytes than the page has left.
func readYAMLIndexed(pane, text string) (*chunk, bool) { return nil, false }
