// Package httpin owns reading what comes in over HTTP — the JSON object API v3
// sends as the query string, and request bodies (JSON, urlencoded and
// multipart forms) — into JSON, so that the layers above only ever see JSON
// and the value kinds decode one input format.
package httpin

import (
	"encoding/json"
	"net/http"
	"unicode/utf8"
)

// MaxDepth is the deepest JSON nesting accepted anywhere (the outermost object
// or array counts as 1). It bounds the work and recursion of everything that
// later walks the decoded input.
const MaxDepth = 64

// Stable error codes. Messages are English and may change; the API layer keys
// translations and client-visible codes on these.
const (
	CodeMalformedQuery       = "malformed_query"
	CodeMalformedJSON        = "malformed_json"
	CodeMalformedForm        = "malformed_form"
	CodeTooLarge             = "too_large"
	CodeUnsupportedMediaType = "unsupported_media_type"
	CodeTooDeep              = "too_deep"
)

// Error is every error this package returns: an HTTP status to answer with,
// a stable Code and a short English Message.
type Error struct {
	Status  int
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

func badRequest(code, msg string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: code, Message: msg}
}

func tooDeep() *Error {
	return badRequest(CodeTooDeep, "The request is nested too deeply.")
}

// checkJSON reports whether data is exactly one JSON value in valid UTF-8
// nested at most maxDepth deep. code is the malformed-code of the caller.
//
// UTF-8 is checked separately because encoding/json accepts invalid bytes in
// strings (and would silently turn them into U+FFFD later). Depth is checked
// before validity so that absurdly deep input is reported as too_deep rather
// than tripping encoding/json's own, much larger, limit.
func checkJSON(data []byte, maxDepth int, code string) *Error {
	if !utf8.Valid(data) {
		return badRequest(code, "The request JSON is not valid UTF-8.")
	}
	if depthExceeds(data, maxDepth) {
		return tooDeep()
	}
	if !json.Valid(data) {
		return badRequest(code, "The request JSON is malformed.")
	}
	if hasNULEscape(data) {
		return badRequest(code, "The request JSON holds a NUL character.")
	}
	return nil
}

// hasNULEscape finds \u0000 inside JSON strings. No text Artel stores may
// hold U+0000: PostgreSQL cannot, and SQLite would then hold what the other
// database refuses, so it is refused at the door for both.
func hasNULEscape(data []byte) bool {
	for i := 0; i+6 <= len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		if string(data[i:i+6]) == `\u0000` {
			return true
		}
		i++ // skip the escaped character, so \\u0000 is not read as \u0000
	}
	return false
}

// depthExceeds scans brackets outside strings. It does not validate; on
// invalid input the answer is only a heuristic, which is fine because such
// input is rejected either way.
func depthExceeds(data []byte, maxDepth int) bool {
	depth := 0
	inStr, esc := false, false
	for _, c := range data {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
			if depth > maxDepth {
				return true
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return false
}
