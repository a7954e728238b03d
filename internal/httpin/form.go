package httpin

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FormToJSON turns form values (urlencoded or multipart fields, or a token
// request) into one JSON object, PHP-style, because API v3 clients that
// cannot send JSON send structured input this way:
//
//	a[b][c]=v           -> {"a":{"b":{"c":"v"}}}
//	a[]=1&a[]=2         -> {"a":["1","2"]}
//	a[0][id]=5&a[1][id]=6 -> {"a":[{"id":"5"},{"id":"6"}]}
//
// Scalars stay JSON strings; the value kinds accept numbers and booleans
// written as strings. An object whose keys are exactly 0..n-1 becomes an
// array (the root always stays an object). Every "[]" starts a new element,
// so arrays of objects need explicit indexes. A repeated plain key keeps its
// last value. A key that does not follow the name[seg]... grammar is used
// verbatim as a flat name. Errors: a key used both as a scalar and as a
// container (a=1&a[b]=2) or invalid UTF-8 is malformed_form; more than
// MaxDepth levels is too_deep.
func FormToJSON(values url.Values) (json.RawMessage, error) {
	root := &formNode{}
	// url.Values is a map; sorting makes the result (and which of two
	// conflicting keys is blamed) independent of map order.
	for _, k := range slices.Sorted(maps.Keys(values)) {
		if !utf8.ValidString(k) || strings.ContainsRune(k, 0) {
			return nil, badRequest(CodeMalformedForm, "The form is not valid UTF-8 text.")
		}
		path, err := splitKey(k)
		if err != nil {
			return nil, err
		}
		for _, v := range values[k] {
			if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
				return nil, badRequest(CodeMalformedForm, "The form is not valid UTF-8 text.")
			}
			if err := root.set(path, v); err != nil {
				return nil, err
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // the output is data, never embedded in HTML
	if err := enc.Encode(root.value(true)); err != nil {
		return nil, badRequest(CodeMalformedForm, "The form is malformed.")
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// formNode is a scalar (val set) or a container (kids set), never both.
type formNode struct {
	val  *string
	kids map[string]*formNode
	next int // index the next "[]" gets: one past the largest index key
}

func (n *formNode) set(path []string, v string) error {
	for i, seg := range path {
		if n.val != nil {
			return conflict()
		}
		if n.kids == nil {
			n.kids = map[string]*formNode{}
		}
		if seg == "" && i > 0 { // "[]": append
			seg = strconv.Itoa(n.next)
			n.next++ // even past index's range, so appends never collide
		}
		child := n.kids[seg]
		if child == nil {
			child = &formNode{}
			n.kids[seg] = child
			if idx, ok := index(seg); ok && idx >= n.next {
				n.next = idx + 1
			}
		}
		n = child
	}
	if n.kids != nil {
		return conflict()
	}
	n.val = &v
	return nil
}

func conflict() *Error {
	return badRequest(CodeMalformedForm, "A form key is used both as a value and as a group.")
}

// value builds what encoding/json marshals. Recursion is bounded by MaxDepth.
func (n *formNode) value(root bool) any {
	if n.val != nil {
		return *n.val
	}
	if !root && isArray(n.kids) {
		arr := make([]any, len(n.kids))
		for k, c := range n.kids {
			i, _ := index(k)
			arr[i] = c.value(false)
		}
		return arr
	}
	obj := make(map[string]any, len(n.kids))
	for k, c := range n.kids {
		obj[k] = c.value(false)
	}
	return obj
}

// isArray: n distinct canonical indexes all below n are exactly 0..n-1.
func isArray(kids map[string]*formNode) bool {
	if len(kids) == 0 {
		return false
	}
	for k := range kids {
		if i, ok := index(k); !ok || i >= len(kids) {
			return false
		}
	}
	return true
}

// index accepts only canonical non-negative decimals ("0", "17", not "01",
// "+1" or " 1"), so that distinct keys are distinct indexes. Nine digits keep
// formNode.next far from overflow; no bounded body holds a longer array.
func index(s string) (int, bool) {
	if s == "" || len(s) > 9 || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// splitKey splits "a[b][]" into ["a", "b", ""]. Keys outside the grammar
// (no name before '[', unclosed or nested brackets, text after a ']') are
// one literal name, like PHP keeps going rather than rejecting the form.
func splitKey(k string) ([]string, error) {
	i := strings.IndexByte(k, '[')
	if i <= 0 {
		return []string{k}, nil
	}
	path := []string{k[:i]}
	for rest := k[i:]; rest != ""; {
		j := strings.IndexByte(rest, ']')
		if rest[0] != '[' || j < 0 || strings.IndexByte(rest[1:j], '[') >= 0 {
			return []string{k}, nil
		}
		if len(path) == MaxDepth {
			return nil, tooDeep()
		}
		path = append(path, rest[1:j])
		rest = rest[j+1:]
	}
	return path, nil
}
