// Package savedwork is the logic of the page's saved work: the records
// (named saves and one autosave per browser tab), their names, search,
// export and the merge of an imported file, and the requests the page
// sends to its store (Handle). It holds no storage itself: Handle works on
// a Backend, which the store's wasm (wasm/store) implements over
// IndexedDB with github.com/hack-pad/go-indexeddb and tests implement in
// memory.
//
// The page's state is opaque here: a JSON object the page made with
// pageState() and reads back with applyState(), stored as it came, so
// fields the page adds later ride along. Only its "file" text is read,
// to name the object a save holds (Summarize) for search.
package savedwork
