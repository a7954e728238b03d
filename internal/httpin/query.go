package httpin

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"
)

// ParseQuery reads a request's raw query string (r.URL.RawQuery, verbatim,
// without the '?') into the parameters of an API v3 call.
//
// API v3 clients send one JSON object as the whole query, either raw
// (?{"limit":10}) or percent-encoded (?%7B%22limit%22%3A10%7D); simple
// clients and the token endpoint send classic key=value&key2=value2 pairs.
// All of them, and the empty query, give the same kind of map. The map is
// never nil on success. Duplicate keys: the last one wins.
func ParseQuery(rawQuery string) (map[string]json.RawMessage, error) {
	q := strings.TrimSpace(rawQuery)
	if q == "" {
		return map[string]json.RawMessage{}, nil
	}
	if cands, ok := jsonCandidates(q); ok {
		return parseJSONQuery(cands)
	}
	return parseClassicQuery(q)
}

// jsonCandidates tells whether q is meant as JSON and lists the readings of
// it to try, in order.
//
// A query that starts percent-encoded (%7B) was encoded whole, and every
// encoder that does that writes a '+' of the text as %2B: JS
// encodeURIComponent (space as %20) and the form encoders of PHP, Go's
// url.QueryEscape and the like (space as '+'). So a bare '+' there can only
// be a form encoder's space, and "договор+аренды" means two words.
//
// A raw '{' query is tried verbatim first, keeping a bare '+' a plus (JSON
// needs it: 1e+5, "+03:00"); decoding is a fallback for clients that encode
// only some characters (browsers turn '"' into %22). A raw query that is
// valid JSON is never decoded, so {"q":"50%25"} keeps the "%25".
func jsonCandidates(q string) ([]string, bool) {
	var cands []string
	switch {
	case q[0] == '{' || q[0] == '[':
		cands = append(cands, q)
		if s, err := url.PathUnescape(q); err == nil && s != q {
			cands = append(cands, s)
		}
	case hasPrefixFold(q, "%7B") || hasPrefixFold(q, "%5B"):
	default:
		return nil, false
	}
	if s, err := url.QueryUnescape(q); err == nil && !slices.Contains(cands, s) {
		cands = append(cands, s)
	}
	return cands, true
}

func parseJSONQuery(cands []string) (map[string]json.RawMessage, error) {
	if len(cands) == 0 {
		return nil, badRequest(CodeMalformedQuery, "The query string is not valid percent-encoding.")
	}
	var first *Error
	for _, c := range cands {
		data := []byte(c)
		if err := checkJSON(data, MaxDepth, CodeMalformedQuery); err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		// Valid JSON that is not an object is an answer, not a reason to try
		// another decoding: no decoding turns an array into an object.
		if t := bytes.TrimLeft(data, " \t\r\n"); len(t) == 0 || t[0] != '{' {
			return nil, badRequest(CodeMalformedQuery, "The query JSON must be an object.")
		}
		m := map[string]json.RawMessage{}
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, badRequest(CodeMalformedQuery, "The query JSON is malformed.")
		}
		return m, nil
	}
	return nil, first
}

// parseClassicQuery reads key=value pairs with form rules ('+' is a space).
// A value that is itself a JSON number, object, array, true, false or null is
// taken as that JSON (so ?limit=10 means the number 10, as in the JSON form);
// anything else, including text that happens to be a quoted JSON string, is a
// JSON string of the text as sent.
func parseClassicQuery(q string) (map[string]json.RawMessage, error) {
	values, err := url.ParseQuery(q)
	if err != nil {
		return nil, badRequest(CodeMalformedQuery, "The query string is malformed.")
	}
	m := make(map[string]json.RawMessage, len(values))
	for k, vs := range values {
		if len(vs) == 0 {
			continue
		}
		v := vs[len(vs)-1]
		if !utf8.ValidString(k) || !utf8.ValidString(v) || strings.ContainsRune(k+v, 0) {
			return nil, badRequest(CodeMalformedQuery, "The query string is not valid UTF-8.")
		}
		raw, err := queryValue(v)
		if err != nil {
			return nil, err
		}
		m[k] = raw
	}
	return m, nil
}

func queryValue(v string) (json.RawMessage, error) {
	t := strings.TrimSpace(v)
	if t != "" && t[0] != '"' {
		// The value sits inside the parameter object, one level down.
		switch err := checkJSON([]byte(t), MaxDepth-1, CodeMalformedQuery); {
		case err == nil:
			return json.RawMessage(t), nil
		case err.Code == CodeTooDeep:
			return nil, err
		}
	}
	b, err := json.Marshal(v)
	if err != nil { // unreachable for valid UTF-8, kept for safety
		return nil, badRequest(CodeMalformedQuery, "The query string is malformed.")
	}
	return b, nil
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
