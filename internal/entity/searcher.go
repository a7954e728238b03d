package entity

import (
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/fulltext"
)

// Searcher widens a type's `q` search for rules that know better than
// plain words (a client is found by a phone number however it was
// typed). Either part may be nil.
type Searcher struct {
	// Words adds words to a row's search text, from its values as the
	// write leaves them.
	Words func(valueOf func(field string) any) []string
	// Query turns a user's query into the terms every match must start a
	// word with; nil, or no terms, keeps the full-text ones.
	Query func(q string) []string
}

// SearchWith registers a type's Searcher.
func (e *Engine) SearchWith(typeName string, s Searcher) {
	if e.searchers == nil {
		e.searchers = map[string]Searcher{}
	}
	e.searchers[typeName] = s
}

// queryTerms are the terms a `q` looks for in the type.
func (e *Engine) queryTerms(typeName, q string) []string {
	if s := e.searchers[typeName]; s.Query != nil {
		if terms := s.Query(q); len(terms) > 0 {
			return terms
		}
	}
	return fulltext.Query(q)
}

// RowSearchText is a row's x_search as a write through the engine leaves
// it: the searched fields' words and what the type's Searcher adds. Bulk
// loaders that write rows themselves use it.
func (e *Engine) RowSearchText(t *catalog.Type, valueOf func(field string) any) any {
	return e.withWords(t.Name, SearchText(t, valueOf), valueOf)
}

// withWords adds the Searcher's words to a row's search text.
func (e *Engine) withWords(typeName string, doc any, valueOf func(field string) any) any {
	s := e.searchers[typeName]
	if s.Words == nil {
		return doc
	}
	words := s.Words(valueOf)
	if len(words) == 0 {
		return doc
	}
	extra := fulltext.Index(words)
	if base, ok := doc.(string); ok && base != "" {
		return base + " " + extra
	}
	return extra
}
