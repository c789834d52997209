package schema

// TEMPORARY: replaced by the schema helper with lookups that mirror
// forkedjson.LookupPatchMetadataForStruct exactly.

func (r Ref) Field(key string) (Node, Meta, error) { return nil, Meta{}, &ErrNotFound{r.S.Types[r.T].Name, key} }
func (r Ref) Items(key string) (Node, Meta, error) { return nil, Meta{}, &ErrNotFound{r.S.Types[r.T].Name, key} }
func (r Ref) Name() string                         { return r.S.Types[r.T].Kind.String() }
