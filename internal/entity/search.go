package entity

import "strings"

// Searcher widens a type's `q` search beyond its name fields, for rules
// that know better than plain words (a client is found by a phone number
// however it was typed). Either part may be nil.
type Searcher struct {
	// Words adds words to a row's search text, from its values as the
	// write leaves them.
	Words func(valueOf func(field string) any) []string
	// Query turns a user's query into the words every match must contain;
	// nil keeps the default (the query's lower-cased words).
	Query func(q string) []string
}

// Search registers a type's Searcher.
func (e *Engine) Search(typeName string, s Searcher) {
	if e.searchers == nil {
		e.searchers = map[string]Searcher{}
	}
	e.searchers[typeName] = s
}

// queryWords are the words a `q` must all match for the type.
func (e *Engine) queryWords(typeName, q string) []string {
	if s := e.searchers[typeName]; s.Query != nil {
		return s.Query(q)
	}
	return strings.Fields(strings.ToLower(q))
}
