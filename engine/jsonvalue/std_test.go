package jsonvalue

import "encoding/json"

func stdMarshal(v any) ([]byte, error) { return json.Marshal(v) }
