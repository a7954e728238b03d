package httpin

import (
	"bytes"
	"encoding/json"
)

// NoParams reads an empty JSON array body as an empty object. PHP clients
// encode an empty parameter array as [], which no handler of a call
// without parameters expects (POST /employee/5/fire []).
func NoParams(body json.RawMessage) json.RawMessage {
	t := bytes.Trim(body, jsonSpace)
	if len(t) > 0 && t[0] == '[' && bytes.Equal(bytes.Trim(t[1:], jsonSpace), []byte("]")) {
		return json.RawMessage("{}")
	}
	return body
}

// BulkCallBody reads the body of one call inside a bulk request: a JSON
// value, or a JSON string holding one (clients that encode each call's
// body on its own send that), checked like a request body. Empty, null
// and "" give nil; [] gives {} as in NoParams.
func BulkCallBody(raw json.RawMessage) (json.RawMessage, error) {
	t := bytes.Trim(raw, jsonSpace)
	if len(t) > 0 && t[0] == '"' {
		var inner string
		if json.Unmarshal(t, &inner) != nil {
			return nil, badRequest(CodeMalformedJSON, "The request JSON is malformed.")
		}
		if t = bytes.Trim([]byte(inner), jsonSpace); len(t) > 0 {
			if err := checkJSON(t, MaxDepth, CodeMalformedJSON); err != nil {
				return nil, err
			}
		}
	}
	if len(t) == 0 || string(t) == "null" {
		return nil, nil
	}
	return NoParams(t), nil
}
