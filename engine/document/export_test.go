package document

// Test helpers for the external tests (package document_test), which can
// import the packages that import this one.
var (
	CheckRender     = checkRender
	CheckRenderJSON = checkRenderJSON
)
